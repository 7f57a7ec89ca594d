// A read much denser than the range aim is written in pieces, cut between blocks.

/**
 * The last block of each piece of `events` (sorted by block) of about `target` logs each, cut
 * between blocks (a block's logs, so a transaction's, stay together), `to` last. A read up to
 * half again the target stays whole.
 */
export function pieceEnds(
  events: readonly { blockNumber: number }[],
  to: number,
  target: number,
): number[] {
  const ends: number[] = [];
  if (events.length <= target * 1.5) return [to];
  let count = 0;
  for (let i = 0; i < events.length; i++) {
    count++;
    const block = events[i]!.blockNumber;
    const next = events[i + 1]?.blockNumber;
    const left = events.length - i - 1;
    // Cut after this block when the piece is full and enough is left for another one.
    if (next !== undefined && next !== block && count >= target && left >= target / 2) {
      ends.push(block);
      count = 0;
    }
  }
  ends.push(to);
  return ends;
}
