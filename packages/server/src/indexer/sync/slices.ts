// The long loops of a range's read (decoding its logs, deriving its facts, preparing its write)
// run in slices. A range is read while the one before is written: between two slices the event
// loop carries that write on (each statement's answer, the next statement), so PostgreSQL does
// not sit idle while tens of thousands of logs are decoded in one block (about 0.5 s of a
// 60,000-event back-fill).

/** Items per slice: a few milliseconds of decoding. */
const SLICE = 500;

/** Calls `each` on consecutive slices of `items`, in order, letting the event loop run between. */
export async function forEachSlice<T>(
  items: readonly T[],
  each: (slice: readonly T[]) => void,
): Promise<void> {
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    each(items.slice(i, i + SLICE));
  }
}
