import { randomUUID } from 'node:crypto';
import type { GraphEventsAnswer } from '../graph-api';
import { hashedUserData, type HashedUserData } from './user-data';

/**
 * The test event (`POST conversion-apis/:id/test-event`): one server event of a fixed sample person,
 * sent with the record's test event code so it shows only in the Events Manager's Test events tab.
 * The sample: e-mail `test@example.com`, phone `+1 (415) 555-0123` (a fictional 555 number), both
 * hashed as the platform requires, never a real customer.
 */

export const SAMPLE_PERSON = { email: 'test@example.com', phone: '+1 (415) 555-0123' } as const;
/** Website events carry the browser's user agent; the test names itself instead. */
export const SAMPLE_USER_AGENT = 'ERP back office (Conversions API test event)';
export const TEST_EVENT_NAME = 'Lead';

export interface ServerEvent {
  readonly event_name: string;
  /** Unix seconds. */
  readonly event_time: number;
  /** Deduplicates it against the browser pixel's event of the same id. */
  readonly event_id: string;
  readonly action_source: 'website';
  readonly event_source_url: string;
  readonly user_data: HashedUserData & { readonly client_user_agent: string };
}

export function testServerEvent(verifiedDomain: string, now: Date, eventId: string = randomUUID()): ServerEvent {
  return {
    event_name: TEST_EVENT_NAME,
    event_time: Math.floor(now.getTime() / 1000),
    event_id: eventId,
    action_source: 'website',
    event_source_url: `https://${verifiedDomain}/`,
    user_data: { ...hashedUserData(SAMPLE_PERSON), client_user_agent: SAMPLE_USER_AGENT },
  };
}

/** Sends server events of a pixel (the Graph adapter's `sendEvents`). */
export interface EventSender {
  sendEvents(
    pixelId: string,
    token: string,
    events: readonly unknown[],
    testEventCode?: string,
  ): Promise<GraphEventsAnswer>;
}

const RESULT_LENGTH = 2000;

/** What the record's `test_result` keeps of an answer: events received, the trace id, the messages; never a token. */
export function testResultSummary(answer: GraphEventsAnswer): string {
  const messages = answer.messages.length > 0 ? answer.messages.join(' | ') : 'none';
  return `Events received: ${answer.events_received}; fbtrace_id: ${answer.fbtrace_id ?? '—'}; messages: ${messages}`.slice(
    0,
    RESULT_LENGTH,
  );
}

/** `test_result` of a refusal: the platform's words as the adapter cleaned them. */
export function refusalSummary(message: string): string {
  return `Refused: ${message}`.slice(0, RESULT_LENGTH);
}
