import type { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { spawnWorker } from '../worker-thread.js';
import { errorFrom, type WorkerReply, type WorkerRequest } from './pglite-protocol.js';

/** What drizzle's PGlite driver and copy-rows pass to `query`. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Per type id; only parsers that keep the text are supported (drizzle's for dates). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  /** COPY ... FROM '/dev/blob' input. */
  blob?: Blob;
}

/** A statement runner: the database itself or one of its open transactions. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export interface PgliteTransaction extends PgliteQueries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Body<R extends WorkerRequest = WorkerRequest> = R extends unknown ? Omit<R, 'id'> : never;

/**
 * The embedded database, run in its own worker thread (pglite-worker.ts) behind the part of
 * PGlite's interface the server uses: queries, transactions, LISTEN and close. PGlite executes
 * statements synchronously in its caller's thread; here the server's event loop only posts and
 * receives messages, however long a statement runs.
 */
export class PgliteClient implements PgliteQueries {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {}

  /** Starts the worker and waits until the engine is open (or failed to open); see openPgliteEngine. */
  static async start(dataDir: string | undefined, from?: string): Promise<PgliteClient> {
    const worker = spawnWorker(import.meta.url, 'pglite-worker', {
      workerData: { dataDir, from },
    });
    const client = new PgliteClient(worker);
    await new Promise<void>((ready, failed) => {
      worker.on('message', (reply: WorkerReply) => {
        if ('ready' in reply) ready();
        else if ('failed' in reply) failed(errorFrom(reply.failed));
        else client.receive(reply);
      });
      const lost = (err: Error) => {
        failed(err);
        client.stop(err);
      };
      worker.on('error', lost);
      worker.on('exit', (code) => lost(new Error(`the embedded database stopped (${code})`)));
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    // An idle database must not keep a finished script alive; a pending request does (refIdle).
    worker.unref();
    return client;
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.runQuery<T>(undefined, text, params, options);
  }

  exec(text: string) {
    return this.call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call({ op: 'begin' }, id);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteTransaction = {
      query: async <R>(text: string, params: unknown[] = [], options: QueryOptions = {}) => {
        open();
        return this.runQuery<R>(id, text, params, options);
      },
      exec: async (text) => {
        open();
        return (await this.call({ op: 'exec', text, tx: id })) as Results[];
      },
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'finish', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'finish', tx: id, commit: false }).catch(() => undefined);
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'finish', tx: id, commit: true });
    }
    return result;
  }

  /** LISTEN on a channel; the answer stops listening. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.nextId++;
    this.listeners.set(subscription, onNotify);
    try {
      await this.call({ op: 'listen', channel }, subscription);
    } catch (err) {
      this.listeners.delete(subscription);
      throw err;
    }
    return async () => {
      this.listeners.delete(subscription);
      await this.call({ op: 'unlisten', subscription });
    };
  }

  /** The data folder as an uncompressed tar, which `start(…, from)` opens again. */
  async dump(): Promise<Uint8Array> {
    return (await this.call({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ op: 'close' }).catch(() => undefined);
    this.stop(new Error('the embedded database is closed'));
    await this.worker.terminate();
  }

  private async runQuery<T>(
    tx: number | undefined,
    text: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<T>> {
    const blob = options.blob ? await options.blob.arrayBuffer() : undefined;
    return (await this.call({
      op: 'query',
      text,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: textTypes(options.parsers),
      ...(blob ? { blob } : {}),
      ...(tx === undefined ? {} : { tx }),
    })) as Results<T>;
  }

  private call(body: Body, id = this.nextId++): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  private receive(reply: WorkerReply) {
    if ('notify' in reply) {
      this.listeners.get(reply.notify)?.(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(errorFrom(reply.error));
  }

  private stop(err: Error) {
    this.stopped ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
    this.listeners.clear();
  }
}

/** The type ids whose parsers keep the text; any other parser cannot cross to the worker. */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([key, parse]) => {
    const oid = Number(key);
    const probe = '1970-01-01';
    if (parse(probe, oid) !== probe)
      throw new Error(`a parser for type ${oid} cannot run in the database worker`);
    return oid;
  });
}
