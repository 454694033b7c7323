import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AdmissionLimiter, type AdmissionRefusal } from '@core/server/http/admission-limiter';

/*
 * admission_refusals_total counts by reason: the limiter tells each refused ticket why.
 */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('tells a refused request why: the queue was full, its wait ran out, or it withdrew', () => {
  const limiter = new AdmissionLimiter({ maxConcurrent: 1, maxQueued: 2, maxQueueWaitMs: 1000 });
  const told: Record<string, AdmissionRefusal | 'admitted'> = {};
  const enter = (name: string) =>
    limiter.enter({ admit: () => (told[name] = 'admitted'), refuse: (reason) => (told[name] = reason) });
  enter('working');
  vi.advanceTimersByTime(0);
  const withdraw = enter('leaving');
  enter('waiting');
  enter('one too many');
  withdraw();
  vi.advanceTimersByTime(1000);
  expect(told).toEqual({
    working: 'admitted',
    leaving: 'withdrawn',
    waiting: 'wait_timeout',
    'one too many': 'queue_full',
  });
});
