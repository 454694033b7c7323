import type { Database } from './database';

/** Told each statement's duration and whose it was: `kernel`, or a plugin by its schema. Never the SQL or its parameters. */
export type StatementObserver = (runner: string, seconds: number) => void;

/** The runner label of the kernel's statements. */
export const KERNEL_RUNNER = 'kernel';

/**
 * Who times one database's statements (the metrics of each server on it). With nobody watching a
 * statement costs nothing more; the metrics are on only where a metrics token is configured.
 */
export class StatementTiming {
  private readonly observers = new Set<StatementObserver>();

  /** Starts telling `observer`; the returned function stops it. */
  add(observer: StatementObserver): () => void {
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
    };
  }

  time<T>(runner: string, statement: () => Promise<T>): Promise<T> {
    if (this.observers.size === 0) return statement();
    const start = performance.now();
    const tell = (): void => {
      const seconds = (performance.now() - start) / 1000;
      for (const observer of this.observers) observer(runner, seconds);
    };
    return statement().finally(tell);
  }
}

// Kept beside the Database interface rather than in it: the interface is the plugins' (the SDK's),
// and statement timing is the kernel's business.
const timings = new WeakMap<Database, StatementTiming>();

/** Declares `timing` as the one that times `db`'s statements (its constructor calls this). */
export function timeStatementsOf(db: Database, timing: StatementTiming): void {
  timings.set(db, timing);
}

/** Times `wrapper`, a Database that hands every statement to `db` (the test kit's copy that drops itself on close), as `db`. */
export function timeStatementsAs(wrapper: Database, db: Database): void {
  const timing = timings.get(db);
  if (timing) timings.set(wrapper, timing);
}

/**
 * Tells `observer` of every statement `db` runs; returns what stops it. A database that is not
 * timed (a test's stand-in) tells nothing.
 */
export function observeStatements(db: Database, observer: StatementObserver): () => void {
  return timings.get(db)?.add(observer) ?? (() => undefined);
}
