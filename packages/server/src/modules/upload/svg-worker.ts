import { parentPort } from 'node:worker_threads';
import { sanitizeSvg } from './svg-sanitize.js';

/** Worker thread entry: sanitises one SVG per message (see SvgSanitizer in svg.ts). */
export interface SvgJob {
  id: number;
  bytes: Uint8Array;
}
export type SvgAnswer =
  { id: number; svg: Uint8Array | null } | { id: number; error: string } | { ready: true };

const port = parentPort;
if (!port) throw new Error('svg-worker runs as a worker thread');
port.on('message', (job: SvgJob) => {
  let answer: SvgAnswer;
  try {
    answer = { id: job.id, svg: sanitizeSvg(Buffer.from(job.bytes)) };
  } catch (err) {
    // A stack overflow in the serializer and the like: the file is refused, the worker goes on.
    answer = { id: job.id, error: (err as Error).message };
  }
  port.postMessage(answer);
});
// Loaded (jsdom included): the time limit of a job starts from here, not from the thread's start.
port.postMessage({ ready: true } satisfies SvgAnswer);
