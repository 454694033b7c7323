/**
 * One Keitaro push at a time per record: a change saved while the previous push is in flight
 * waits for it, then sends the row as it stands then, so Keitaro and the row end on the latest
 * values whatever order the answers would have come in.
 */
export class SyncQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `job` after every job queued before it under `key`; answers the job's own result. */
  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(job);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves once no job is queued or running (the server waits for it before closing the database). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
