import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdmissionLimiter,
  admissionLimits,
  DEFAULT_ADMISSION_LIMITS,
  type AdmissionLimits,
} from '@core/server/http/admission-limiter';

/** A ticket that records what it was told; `release` gives its place back once admitted. */
function ticket(log: string[], name: string) {
  let release: (() => void) | null = null;
  return {
    ticket: {
      admit: (give: () => void) => {
        release = give;
        log.push(`${name} admitted`);
      },
      refuse: () => log.push(`${name} refused`),
    },
    release: () => {
      if (!release) throw new Error(`${name} was not admitted`);
      release();
    },
  };
}

const LIMITS: AdmissionLimits = { maxConcurrent: 2, maxQueued: 2, maxQueueWaitMs: 1000 };

/** Runs what the event loop's next turn would (a freed place is handed on there). */
const nextTurn = () => vi.advanceTimersByTime(0);

describe('AdmissionLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits up to maxConcurrent at once, queues up to maxQueued and refuses the next at once', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter(LIMITS);
    for (const name of ['a', 'b', 'c', 'd', 'e']) limiter.enter(ticket(log, name).ticket);
    expect(log).toEqual(['e refused']);
    nextTurn();
    expect(log).toEqual(['e refused', 'a admitted', 'b admitted']);
    expect(limiter.activeCount).toBe(2);
    expect(limiter.queuedCount).toBe(2);
  });

  it('gives a freed place to the longest waiter, and a second release of one place frees nothing more', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter(LIMITS);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => ticket(log, name));
    for (const entry of [a, b, c, d]) if (entry) limiter.enter(entry.ticket);
    nextTurn();
    log.length = 0;
    a?.release();
    a?.release();
    nextTurn();
    expect(log).toEqual(['c admitted']);
    expect(limiter.activeCount).toBe(2);
    expect(limiter.queuedCount).toBe(1);
    c?.release();
    nextTurn();
    expect(log).toEqual(['c admitted', 'd admitted']);
  });

  it('refuses a waiter whose wait reaches maxQueueWaitMs, and never admits it afterwards', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    const a = ticket(log, 'a');
    limiter.enter(a.ticket);
    limiter.enter(ticket(log, 'b').ticket);
    vi.advanceTimersByTime(999);
    expect(log).toEqual(['a admitted']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['a admitted', 'b refused']);
    expect(limiter.queuedCount).toBe(0);
    a.release();
    nextTurn();
    expect(log).toEqual(['a admitted', 'b refused']);
    expect(limiter.activeCount).toBe(0);
  });

  it('starts a request in the next turn of the event loop, never inside the call that entered', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    limiter.enter(ticket(log, 'a').ticket);
    expect(log).toEqual([]);
    nextTurn();
    expect(log).toEqual(['a admitted']);
  });

  it('hands a freed place on at once while the turn has time left, and in the next turn after that', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    const [a, b, c] = ['a', 'b', 'c'].map((name) => ticket(log, name));
    for (const entry of [a, b, c]) if (entry) limiter.enter(entry.ticket);
    nextTurn();
    a?.release();
    expect(log).toEqual(['a admitted', 'b admitted']);
    // The turn's work has run long: the next one waits for the event loop's next turn.
    vi.setSystemTime(Date.now() + 20);
    b?.release();
    expect(log).toEqual(['a admitted', 'b admitted']);
    nextTurn();
    expect(log).toEqual(['a admitted', 'b admitted', 'c admitted']);
  });

  it('refuses a waiter whose wait is over when its turn comes, though its timer has not run yet', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    const a = ticket(log, 'a');
    limiter.enter(a.ticket);
    nextTurn();
    limiter.enter(ticket(log, 'b').ticket);
    limiter.enter(ticket(log, 'c').ticket);
    // The clock moves on while the event loop is held, so no timer has had its turn.
    vi.setSystemTime(Date.now() + LIMITS.maxQueueWaitMs);
    a.release();
    vi.advanceTimersToNextTimer();
    expect(log).toEqual(['a admitted', 'b refused', 'c refused']);
  });

  it('lets a waiter withdraw (refused then, once); withdrawing after admission does nothing', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    const a = ticket(log, 'a');
    const withdrawA = limiter.enter(a.ticket);
    nextTurn();
    const withdrawB = limiter.enter(ticket(log, 'b').ticket);
    limiter.enter(ticket(log, 'c').ticket);
    withdrawB();
    withdrawB();
    withdrawA();
    expect(log).toEqual(['a admitted', 'b refused']);
    a.release();
    nextTurn();
    expect(log).toEqual(['a admitted', 'b refused', 'c admitted']);
    vi.advanceTimersByTime(5000);
    expect(log).toEqual(['a admitted', 'b refused', 'c admitted']);
  });

  it('does not let a newcomer overtake the queue when a place frees', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxConcurrent: 1 });
    const a = ticket(log, 'a');
    limiter.enter(a.ticket);
    limiter.enter(ticket(log, 'b').ticket);
    nextTurn();
    a.release();
    limiter.enter(ticket(log, 'c').ticket);
    nextTurn();
    expect(log).toEqual(['a admitted', 'b admitted']);
    expect(limiter.queuedCount).toBe(1);
  });

  it('with no queue refuses everything past maxConcurrent at once', () => {
    const log: string[] = [];
    const limiter = new AdmissionLimiter({ ...LIMITS, maxQueued: 0 });
    for (const name of ['a', 'b', 'c']) limiter.enter(ticket(log, name).ticket);
    nextTurn();
    expect(log).toEqual(['c refused', 'a admitted', 'b admitted']);
  });

  it('refuses limits that could never admit or wait', () => {
    expect(() => new AdmissionLimiter({ ...LIMITS, maxConcurrent: 0 })).toThrow(/maxConcurrent/);
    expect(() => new AdmissionLimiter({ ...LIMITS, maxQueued: -1 })).toThrow(/maxQueued/);
    expect(() => new AdmissionLimiter({ ...LIMITS, maxQueueWaitMs: 0 })).toThrow(/maxQueueWaitMs/);
  });
});

describe('admissionLimits', () => {
  it("takes each bound the configuration sets and the database kind's default for the rest", () => {
    expect(admissionLimits('pglite')).toEqual(DEFAULT_ADMISSION_LIMITS.pglite);
    expect(admissionLimits('postgres', { maxQueued: 7 })).toEqual({
      ...DEFAULT_ADMISSION_LIMITS.postgres,
      maxQueued: 7,
    });
  });
});
