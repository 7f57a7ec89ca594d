import type { Worker, ResourceLimits } from 'node:worker_threads';
import { spawnWorker } from '../../worker-thread.js';
import type { SvgAnswer, SvgJob } from './svg-worker.js';

/**
 * Bounds on an uploaded SVG. The DOM sanitiser costs about 0.2-0.3 ms and tens of KB per element
 * and recurses with the nesting, so what it is given is bounded before parsing; what still
 * overruns the time or memory limit is refused when the worker is stopped.
 */
export interface SvgLimits {
  maxElements: number;
  maxDepth: number;
  /** Time one sanitisation may take in the worker. */
  timeoutMs: number;
  /** Jobs waiting for the worker; past this an upload is answered "busy". */
  maxQueue: number;
  /** The worker is stopped after this long without work, which gives its memory back. */
  idleMs: number;
  resourceLimits: ResourceLimits;
}

export const SVG_LIMITS: SvgLimits = {
  maxElements: 5_000,
  maxDepth: 64,
  timeoutMs: 10_000,
  maxQueue: 4,
  idleMs: 5_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

function isNameStart(c: number): boolean {
  // ASCII letters, '_', ':' and any byte of a multi-byte UTF-8 character.
  return (
    (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a || c >= 0x80
  );
}

/**
 * A single pass over the bytes counting elements and nesting, without building anything; stops at
 * the first bound exceeded. Markup characters are ASCII, so the UTF-8 bytes can be read as they
 * are. Not a validator: well-formedness is left to the parser in the worker.
 */
export function prescanSvg(
  bytes: Uint8Array,
  limits: Pick<SvgLimits, 'maxElements' | 'maxDepth'> = SVG_LIMITS,
): { elements: number; maxDepth: number; tooComplex: string | null } {
  let elements = 0;
  let depth = 0;
  let maxDepth = 0;
  const n = bytes.length;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, n);
  const skipPast = (from: number, end: string): number => {
    const at = buf.indexOf(end, from, 'latin1');
    return at < 0 ? n : at + end.length;
  };
  let i = 0;
  while (i < n) {
    const lt = buf.indexOf(LT, i);
    if (lt < 0) break;
    const c = bytes[lt + 1];
    if (c === undefined) break;
    if (c === BANG) {
      if (bytes[lt + 2] === 0x2d && bytes[lt + 3] === 0x2d) i = skipPast(lt + 4, '-->');
      else if (bytes[lt + 2] === 0x5b) i = skipPast(lt + 2, ']]>');
      else i = skipPast(lt + 2, '>');
      continue;
    }
    if (c === QUESTION) {
      i = skipPast(lt + 2, '?>');
      continue;
    }
    if (c === SLASH) {
      depth = Math.max(0, depth - 1);
      i = skipPast(lt + 2, '>');
      continue;
    }
    if (!isNameStart(c)) {
      i = lt + 1;
      continue;
    }
    // A start tag: find its end, stepping over quoted attribute values (they may hold '>').
    let j = lt + 2;
    let quote = 0;
    while (j < n) {
      const b = bytes[j]!;
      if (quote) {
        if (b === quote) quote = 0;
      } else if (b === DQUOTE || b === SQUOTE) {
        quote = b;
      } else if (b === GT) {
        break;
      }
      j++;
    }
    elements++;
    if (elements > limits.maxElements) {
      return { elements, maxDepth, tooComplex: `more than ${limits.maxElements} elements` };
    }
    if (bytes[j - 1] !== SLASH) {
      depth++;
      if (depth > maxDepth) maxDepth = depth;
      if (depth > limits.maxDepth) {
        return { elements, maxDepth, tooComplex: `nested deeper than ${limits.maxDepth}` };
      }
    }
    i = j + 1;
  }
  return { elements, maxDepth, tooComplex: null };
}

export type SvgResult =
  | { svg: Buffer }
  | { refused: 'malformed' | 'tooComplex' | 'busy' | 'unavailable'; reason: string };

interface Pending {
  job: SvgJob;
  resolve(result: SvgResult): void;
}

/**
 * Sanitises SVGs on one worker thread, one at a time, so the main thread keeps answering. A job
 * over the time limit, or a worker over its memory limit, ends the worker (its memory goes with
 * it) and the file is refused; the next job starts a fresh worker.
 */
export class SvgSanitizer {
  private worker: Worker | undefined;
  private workerReady = false;
  private readonly queue: Pending[] = [];
  private current: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly limits: SvgLimits = SVG_LIMITS,
    /** Starts the worker thread (tests start one that cannot load). */
    private readonly spawn: (limits: ResourceLimits) => Worker = spawnSvgWorker,
  ) {}

  sanitize(bytes: Buffer): Promise<SvgResult> {
    const scan = prescanSvg(bytes, this.limits);
    if (scan.tooComplex) {
      return Promise.resolve({ refused: 'tooComplex', reason: scan.tooComplex });
    }
    if (this.closed) return Promise.resolve({ refused: 'busy', reason: 'shutting down' });
    if (this.queue.length >= this.limits.maxQueue) {
      return Promise.resolve({ refused: 'busy', reason: 'too many SVGs waiting' });
    }
    return new Promise((resolve) => {
      this.queue.push({ job: { id: this.nextId++, bytes }, resolve });
      this.pump();
    });
  }

  /** Stops the worker; waiting jobs are answered "busy". */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.resolve({ refused: 'busy', reason: 'shutting down' });
    this.finish({ refused: 'busy', reason: 'shutting down' });
    await this.stopWorker();
  }

  /** Whether a worker thread is running (for tests of the idle stop). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    clearTimeout(this.idleTimer);
    const next = this.queue.shift()!;
    this.current = next;
    if (this.worker && this.workerReady) this.post(next);
    else this.worker ??= this.startWorker();
  }

  private post(next: Pending): void {
    const worker = this.worker!;
    this.timer = setTimeout(() => {
      this.finish({
        refused: 'tooComplex',
        reason: `sanitising took over ${this.limits.timeoutMs} ms`,
      });
      void this.stopWorker().then(() => this.pump());
    }, this.limits.timeoutMs);
    worker.postMessage(next.job);
  }

  private finish(result: SvgResult): void {
    clearTimeout(this.timer);
    const done = this.current;
    this.current = undefined;
    done?.resolve(result);
  }

  private startWorker(): Worker {
    const worker = this.spawn(this.limits.resourceLimits);
    this.worker = worker;
    this.workerReady = false;
    worker.on('message', (answer: SvgAnswer) => {
      if (this.worker !== worker) return;
      if ('ready' in answer) {
        this.workerReady = true;
        if (this.current) this.post(this.current);
        return;
      }
      if (answer.id !== this.current?.job.id) return;
      if ('error' in answer) this.finish({ refused: 'malformed', reason: answer.error });
      else if (answer.svg === null) this.finish({ refused: 'malformed', reason: 'not an SVG' });
      else this.finish({ svg: Buffer.from(answer.svg) });
      if (this.queue.length > 0) this.pump();
      else this.scheduleIdleStop();
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (!this.workerReady) {
        // It never started (its file missing from a deployment, say): the server's fault, not
        // the file's. Waiting jobs get the same answer instead of each starting a doomed worker.
        const unavailable = {
          refused: 'unavailable',
          reason: `SVG worker did not start: ${why}`,
        } as const;
        this.finish(unavailable);
        for (const p of this.queue.splice(0)) p.resolve(unavailable);
        return;
      }
      // ERR_WORKER_OUT_OF_MEMORY and the like: the file that was being sanitised is refused.
      this.finish({ refused: 'tooComplex', reason: why });
      this.pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`the SVG worker stopped (${code})`));
    return worker;
  }

  private scheduleIdleStop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (!this.current && this.queue.length === 0) void this.stopWorker();
    }, this.limits.idleMs);
    this.idleTimer.unref();
  }

  private async stopWorker(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}

/** The SVG worker beside this module (see spawnWorker). */
function spawnSvgWorker(resourceLimits: ResourceLimits): Worker {
  return spawnWorker(import.meta.url, 'svg-worker', { resourceLimits });
}
