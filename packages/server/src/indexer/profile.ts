// Where the indexer's time goes, phase by phase (the bench prints it; cheap enough to stay on).
import { performance } from 'node:perf_hooks';

export class Profile {
  /** Milliseconds spent per phase since the start (or the last reset). */
  readonly ms = new Map<string, number>();

  add(phase: string, ms: number) {
    this.ms.set(phase, (this.ms.get(phase) ?? 0) + ms);
  }

  async time<T>(phase: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  reset() {
    this.ms.clear();
  }

  /** Phase -> seconds, largest first. */
  table(): { phase: string; seconds: number }[] {
    return [...this.ms.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([phase, ms]) => ({ phase, seconds: Math.round(ms) / 1000 }));
  }
}

/** Times `run` into `profile` when there is one. */
export const timed = <T>(profile: Profile | undefined, phase: string, run: () => Promise<T>) =>
  profile ? profile.time(phase, run) : run();
