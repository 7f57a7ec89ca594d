import type { LiveStream } from './stream';

/**
 * True as soon as the stream has delivered an event of `block` or later (the indexer committed
 * that far), false after `ms` without one.
 */
export function waitForBlock(stream: LiveStream, block: bigint, ms: number): Promise<boolean> {
  const reached = () => stream.maxBlock !== null && BigInt(stream.maxBlock) >= block;
  if (reached()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      off();
      resolve(value);
    };
    const timer = setTimeout(() => done(false), ms);
    const off = stream.onAnyEvent(() => {
      if (reached()) done(true);
    });
  });
}
