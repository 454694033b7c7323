/**
 * How much work the server takes on at once. Past `maxConcurrent` a request waits in a queue of
 * at most `maxQueued`, for at most `maxQueueWaitMs`; past either bound it is refused at once
 * rather than left to wait behind work the database cannot finish in time.
 */
export interface AdmissionLimits {
  /** Requests at work at once. */
  readonly maxConcurrent: number;
  /** Requests waiting for one of those places; one more is refused at once. */
  readonly maxQueued: number;
  /** How long a request may wait for a place before it is refused. */
  readonly maxQueueWaitMs: number;
}

/**
 * Defaults per database. PGlite runs every statement on the server's own thread, one at a time:
 * a few requests at work keep it busy, more only queue inside it where no deadline applies.
 * PostgreSQL's pool holds 10 connections (postgres-database.ts), and a list request uses two of
 * them at once (its count beside its page), so 10 requests at work keep every connection busy.
 * The queues hold about what each database answers within the wait: a request that would wait
 * longer is better told at once to come back.
 */
export const DEFAULT_ADMISSION_LIMITS: Readonly<Record<'pglite' | 'postgres', AdmissionLimits>> = {
  pglite: { maxConcurrent: 4, maxQueued: 256, maxQueueWaitMs: 2_000 },
  postgres: { maxConcurrent: 10, maxQueued: 512, maxQueueWaitMs: 2_000 },
};

/** The limits for a database kind, with whatever the configuration sets taking the default's place. */
export function admissionLimits(kind: keyof typeof DEFAULT_ADMISSION_LIMITS, configured: Partial<AdmissionLimits> = {}): AdmissionLimits {
  const defaults = DEFAULT_ADMISSION_LIMITS[kind];
  return {
    maxConcurrent: configured.maxConcurrent ?? defaults.maxConcurrent,
    maxQueued: configured.maxQueued ?? defaults.maxQueued,
    maxQueueWaitMs: configured.maxQueueWaitMs ?? defaults.maxQueueWaitMs,
  };
}

/** One request's part in admission: told once, either that it may start or that it is refused. */
export interface AdmissionTicket {
  /** It may start; `release` gives its place back when its work is done (more calls do nothing). */
  admit(release: () => void): void;
  /** The queue was full, the wait passed its deadline, or the request withdrew while queued. */
  refuse(): void;
}

interface Waiter {
  readonly ticket: AdmissionTicket;
  readonly deadline: NodeJS.Timeout;
}

const nothingToWithdraw = (): void => undefined;

/** A concurrency limit with a bounded first-come, first-served queue and a deadline on each wait. */
export class AdmissionLimiter {
  private active = 0;
  // A Set keeps arrival order and lets a waiter leave from the middle (deadline, hang-up) at once.
  private readonly waiting = new Set<Waiter>();

  constructor(readonly limits: AdmissionLimits) {
    if (!Number.isInteger(limits.maxConcurrent) || limits.maxConcurrent < 1) throw new Error('maxConcurrent must be a whole number of at least 1');
    if (!Number.isInteger(limits.maxQueued) || limits.maxQueued < 0) throw new Error('maxQueued must be a whole number of at least 0');
    if (!(limits.maxQueueWaitMs > 0)) throw new Error('maxQueueWaitMs must be positive');
  }

  /** Requests at work now. */
  get activeCount(): number {
    return this.active;
  }

  /** Requests waiting for a place now. */
  get queuedCount(): number {
    return this.waiting.size;
  }

  /**
   * Admits the ticket now, queues it, or refuses it now when the queue is full. Returns a
   * withdrawal: called while the ticket still waits, it leaves the queue and is refused; later it
   * does nothing.
   */
  enter(ticket: AdmissionTicket): () => void {
    // Nobody overtakes the queue: a free place goes to the longest waiter first.
    if (this.active < this.limits.maxConcurrent && this.waiting.size === 0) {
      this.start(ticket);
      return nothingToWithdraw;
    }
    if (this.waiting.size >= this.limits.maxQueued) {
      ticket.refuse();
      return nothingToWithdraw;
    }
    const waiter: Waiter = { ticket, deadline: setTimeout(() => this.refuse(waiter), this.limits.maxQueueWaitMs) };
    // A queued request must not keep a stopping process alive.
    waiter.deadline.unref();
    this.waiting.add(waiter);
    return () => this.refuse(waiter);
  }

  private refuse(waiter: Waiter): void {
    if (!this.waiting.delete(waiter)) return;
    clearTimeout(waiter.deadline);
    waiter.ticket.refuse();
  }

  private start(ticket: AdmissionTicket): void {
    this.active += 1;
    let released = false;
    ticket.admit(() => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.admitWaiting();
    });
  }

  private admitWaiting(): void {
    while (this.active < this.limits.maxConcurrent) {
      const next = this.waiting.values().next();
      if (next.done) return;
      this.waiting.delete(next.value);
      clearTimeout(next.value.deadline);
      this.start(next.value.ticket);
    }
  }
}
