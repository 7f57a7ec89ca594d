// How often the indexer looks for a new block while it is at the head. INDEXER_POLL_MS is the
// longest wait. Right after a new block it looks again soon and then less and less often, and on
// a chain whose blocks come faster than INDEXER_POLL_MS it looks at least twice per block
// interval: a look should never find two new blocks (at 10 blocks a second and a
// 100 ms poll, looking every 100 ms plus the step's own time found two now and then, a lag of 2).
import { performance } from 'node:perf_hooks';

/** The first look after a new block, and the shortest wait ever. */
export const MIN_LOOK_MS = 20;
/** Intervals kept: the fastest of them sets the pace (a faster chain is followed at once). */
const KEPT = 4;

export class BlockPace {
  /** The last head seen advance, and when. */
  private last: { head: number; at: number } | null = null;
  /** Looks since then that found the same head. */
  private quiet = 0;
  /** Milliseconds per block between the last advances seen. */
  private readonly intervals: number[] = [];

  /** Records a head read at `at` (performance.now()). */
  observe(head: number, at = performance.now()): void {
    const last = this.last;
    if (last && head === last.head) {
      this.quiet++;
      return;
    }
    if (last && head > last.head) {
      this.intervals.push((at - last.at) / (head - last.head));
      if (this.intervals.length > KEPT) this.intervals.shift();
    }
    this.last = { head, at };
    this.quiet = 0;
  }

  /**
   * Milliseconds until the next look: MIN_LOOK_MS after a new block (or the first head seen),
   * doubling with every look that finds none, up to half the fastest recent block interval and
   * at most `pollMs`.
   */
  lookMs(pollMs: number): number {
    if (!this.last) return pollMs;
    const pace = this.intervals.length === 0 ? pollMs : Math.min(...this.intervals) / 2;
    const backoff = MIN_LOOK_MS * 2 ** Math.min(this.quiet, 20);
    return Math.min(pollMs, Math.max(MIN_LOOK_MS, Math.min(pace, backoff)));
  }
}
