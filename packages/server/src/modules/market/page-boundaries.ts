/** Where a page of a sorted market walk ends: its last order's sort key and id, as text. */
export interface PageBoundary {
  sortKey: string;
  orderId: string;
}

/** A boundary known `before` matches into the walk, from which a deeper page starts. */
export interface PageStart extends PageBoundary {
  before: number;
}

interface Entry {
  expires: number;
  /** Matches before the boundary -> the boundary. */
  at: Map<number, PageBoundary>;
}

/**
 * The boundaries of the pages recently served, per filter and sort, so that the next page (an
 * infinite scroll asks for them in turn) starts from the previous one's last key instead of
 * walking and skipping every match before it. Bounded: a few seconds per filter (the market
 * moves; a boundary only saves work while its pages are being read), at most `filters` filters
 * and `perFilter` boundaries each, the oldest dropped first.
 */
export class PageBoundaries {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly filters = 1_000,
    private readonly perFilter = 64,
    private readonly now: () => number = Date.now,
  ) {}

  /** The deepest boundary at or before `offset` matches (null: walk from the start). */
  startOf(filter: string, offset: number): PageStart | null {
    const entry = this.live(filter);
    if (!entry) return null;
    let best: PageStart | null = null;
    for (const [before, boundary] of entry.at) {
      if (before <= offset && (!best || before > best.before)) best = { before, ...boundary };
    }
    return best;
  }

  /** Remembers that `before` matches precede `boundary`'s successor. */
  remember(filter: string, before: number, boundary: PageBoundary) {
    let entry = this.live(filter);
    if (!entry) {
      if (this.entries.size >= this.filters) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      entry = { expires: this.now() + this.ttlMs, at: new Map() };
      this.entries.set(filter, entry);
    }
    if (entry.at.size >= this.perFilter && !entry.at.has(before)) {
      entry.at.delete(entry.at.keys().next().value!);
    }
    entry.at.set(before, boundary);
  }

  private live(filter: string): Entry | undefined {
    const entry = this.entries.get(filter);
    if (entry && entry.expires <= this.now()) {
      this.entries.delete(filter);
      return undefined;
    }
    return entry;
  }
}
