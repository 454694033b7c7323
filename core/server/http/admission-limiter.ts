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
 * Defaults per database. PGlite runs every statement on the server's own thread, one at a time,
 * so a second request at work adds no throughput; it only makes each turn of the event loop longer,
 * and a saturated Node server accepts one new connection per turn (measured on the list route at
 * 200 connections: with 2 at work some connections waited 7 s to be accepted, with 1 all were in
 * within 0.4 s at the same throughput). PostgreSQL's pool holds 10 connections
 * (postgres-database.ts) and works in its own processes; 10 requests at work keep them busy.
 * The queues hold about what each database answers within the wait (PGlite about 200 list pages
 * a second, PostgreSQL about 500): a request that would wait longer is better told at once.
 */
export const DEFAULT_ADMISSION_LIMITS: Readonly<Record<'pglite' | 'postgres', AdmissionLimits>> = {
  pglite: { maxConcurrent: 1, maxQueued: 256, maxQueueWaitMs: 2_000 },
  postgres: { maxConcurrent: 10, maxQueued: 512, maxQueueWaitMs: 2_000 },
};

/** The limits for a database kind, with whatever the configuration sets taking the default's place. */
export function admissionLimits(
  kind: keyof typeof DEFAULT_ADMISSION_LIMITS,
  configured: Partial<AdmissionLimits> = {},
): AdmissionLimits {
  const defaults = DEFAULT_ADMISSION_LIMITS[kind];
  return {
    maxConcurrent: configured.maxConcurrent ?? defaults.maxConcurrent,
    maxQueued: configured.maxQueued ?? defaults.maxQueued,
    maxQueueWaitMs: configured.maxQueueWaitMs ?? defaults.maxQueueWaitMs,
  };
}

/** Why a request was refused: the queue was full, its wait passed the deadline, or it withdrew while queued (its client hung up). */
export type AdmissionRefusal = 'queue_full' | 'wait_timeout' | 'withdrawn';

/** One request's part in admission: told once, either that it may start or that it is refused. */
export interface AdmissionTicket {
  /** It may start; `release` gives its place back when its work is done (more calls do nothing). */
  admit(release: () => void): void;
  refuse(reason: AdmissionRefusal): void;
}

interface Waiter {
  readonly ticket: AdmissionTicket;
  /** When it began to wait (Date.now()). */
  readonly since: number;
  readonly deadline: NodeJS.Timeout;
}

const nothingToWithdraw = (): void => undefined;

/**
 * How long one turn of the event loop may go on handing freed places to waiters. Under a flood of
 * clients that retry a 503 at once, each turn also answers every one of them; one request a turn
 * would leave the database idle most of the time (measured at 1000 connections on PGlite: 17 lists a
 * second, 64 with this budget). A turn still ends within about this long plus one request.
 */
const TURN_BUDGET_MS = 20;

/**
 * A concurrency limit with a bounded first-come, first-served queue and a deadline on each wait.
 *
 * Requests start in the event loop's check phase (setImmediate), never inside the call that asked
 * for a place or gave one back. A request's work on PGlite runs on this thread without a break, so
 * starting it at once would run one whole request inside each ready socket's callback, or the
 * whole queue inside one release: one turn of the loop then lasts as long as all of them, with no
 * turn for timers (the deadlines) or for new connections (a busy Node server accepts one per turn).
 * Measured on the list route at 200 connections: one turn a second, and connections waiting
 * seconds to be accepted. Started in the check phase, a turn holds at most maxConcurrent requests.
 */
export class AdmissionLimiter {
  private active = 0;
  // A Set keeps arrival order and lets a waiter leave from the middle (deadline, hang-up) at once.
  private readonly waiting = new Set<Waiter>();
  private handOver: NodeJS.Immediate | null = null;
  /** Until when (Date.now()) the current turn may start more requests. */
  private budgetUntil = 0;

  constructor(readonly limits: AdmissionLimits) {
    if (!Number.isInteger(limits.maxConcurrent) || limits.maxConcurrent < 1)
      throw new Error('maxConcurrent must be a whole number of at least 1');
    if (!Number.isInteger(limits.maxQueued) || limits.maxQueued < 0)
      throw new Error('maxQueued must be a whole number of at least 0');
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
   * Gives the ticket a free place (it is admitted in this turn's check phase), queues it, or
   * refuses it at once when the queue is full. Returns a withdrawal: called while the ticket still
   * waits, it leaves the queue and is refused; later it does nothing.
   */
  enter(ticket: AdmissionTicket): () => void {
    // Nobody overtakes the queue: a free place goes to the longest waiter first.
    if (this.active < this.limits.maxConcurrent && this.waiting.size === 0) {
      // Taken now, so whoever comes next waits behind this one.
      this.active += 1;
      setImmediate(() => {
        this.budgetUntil = Date.now() + TURN_BUDGET_MS;
        this.run(ticket);
      });
      return nothingToWithdraw;
    }
    if (this.waiting.size >= this.limits.maxQueued) {
      ticket.refuse('queue_full');
      return nothingToWithdraw;
    }
    const waiter: Waiter = {
      ticket,
      since: Date.now(),
      deadline: setTimeout(() => this.refuse(waiter, 'wait_timeout'), this.limits.maxQueueWaitMs),
    };
    // A queued request must not keep a stopping process alive.
    waiter.deadline.unref();
    this.waiting.add(waiter);
    return () => this.refuse(waiter, 'withdrawn');
  }

  private refuse(waiter: Waiter, reason: AdmissionRefusal): void {
    if (!this.waiting.delete(waiter)) return;
    clearTimeout(waiter.deadline);
    waiter.ticket.refuse(reason);
  }

  private run(ticket: AdmissionTicket): void {
    let released = false;
    ticket.admit(() => {
      if (released) return;
      released = true;
      this.active -= 1;
      if (this.waiting.size === 0) return;
      if (Date.now() < this.budgetUntil) this.admitWaiting();
      else
        this.handOver ??= setImmediate(() => {
          this.handOver = null;
          this.budgetUntil = Date.now() + TURN_BUDGET_MS;
          this.admitWaiting();
        });
    });
  }

  private admitWaiting(): void {
    while (this.active < this.limits.maxConcurrent) {
      const next = this.waiting.values().next();
      if (next.done) return;
      const waiter = next.value;
      // A deadline whose timer is late (a busy turn of the event loop) still holds.
      if (Date.now() - waiter.since >= this.limits.maxQueueWaitMs) this.refuse(waiter, 'wait_timeout');
      else {
        this.waiting.delete(waiter);
        clearTimeout(waiter.deadline);
        this.active += 1;
        this.run(waiter.ticket);
      }
    }
  }
}
