import type { TestEventAnswer } from '../../shared/conversions';

const isCountOrNull = (value: unknown): boolean =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value));

/** The answer of `POST conversion-apis/:id/test-event` (conversions.ts), or null for anything else. */
export function testEventAnswer(data: unknown): TestEventAnswer | null {
  if (typeof data !== 'object' || data === null) return null;
  const answer = data as Readonly<Record<string, unknown>>;
  const shaped =
    typeof answer.event_id === 'string' &&
    isCountOrNull(answer.events_received) &&
    (answer.fbtrace_id === null || typeof answer.fbtrace_id === 'string') &&
    Array.isArray(answer.messages) &&
    answer.messages.every((message) => typeof message === 'string');
  return shaped ? (data as TestEventAnswer) : null;
}
