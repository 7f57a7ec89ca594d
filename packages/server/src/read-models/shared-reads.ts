/**
 * Identical reads that arrive while one is already running share its answer instead of queuing
 * their own queries: under a burst (a popular market page, fifty visitors at once) the database
 * runs each distinct query once. Nothing is kept after the read settles, so an answer is never
 * older than the request that waits for it by more than one query's duration.
 */
export class SharedReads {
  private readonly running = new Map<string, Promise<unknown>>();

  /** Runs `load`, or joins the running read with the same key. Failures are shared too. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running as Promise<T>;
    const started = load().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** How many distinct reads are running (for tests). */
  get size(): number {
    return this.running.size;
  }
}
