// Worker thread entry: the embedded database. PGlite runs its engine synchronously in the
// thread that calls it; here, a long statement (a trait set's rows, a replay's batch, a WAL
// segment) holds this thread instead of the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPgliteEngine } from './pglite-engine.js';
import { errorFields, type WorkerReply, type WorkerRequest } from './pglite-protocol.js';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const post = (reply: WorkerReply) => port.postMessage(reply);
const keepText = (value: string) => value;

interface OpenTransaction {
  tx: Transaction;
  decide(commit: boolean): void;
  settled: Promise<unknown>;
}

async function serve(engine: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  const subscriptions = new Map<number, () => Promise<void>>();
  const on = (tx: number | undefined) => {
    if (tx === undefined) return engine;
    const open = transactions.get(tx);
    if (!open) throw new Error('the transaction has ended');
    return open.tx;
  };

  const handle = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        const parsers = Object.fromEntries(req.textTypes.map((oid) => [oid, keepText]));
        const result = await on(req.tx).query(req.text, req.params, {
          rowMode: req.rowMode,
          parsers,
          ...(req.blob ? { blob: new Blob([req.blob]) } : {}),
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec':
        return (await on(req.tx).exec(req.text)).map((r) => ({
          rows: r.rows,
          fields: r.fields,
          affectedRows: r.affectedRows,
        }));
      case 'begin':
        return new Promise<void>((begun, failed) => {
          let decide!: (commit: boolean) => void;
          const decided = new Promise<boolean>((resolve) => (decide = resolve));
          const settled = engine
            .transaction(async (tx) => {
              transactions.set(req.id, { tx, decide, settled });
              begun();
              if (!(await decided)) await tx.rollback();
            })
            .finally(() => transactions.delete(req.id));
          settled.catch(failed);
        });
      case 'finish': {
        const open = transactions.get(req.tx);
        if (!open) throw new Error('the transaction has ended');
        open.decide(req.commit);
        await open.settled;
        return undefined;
      }
      case 'listen': {
        const unlisten = await engine.listen(req.channel, (payload) =>
          post({ notify: req.id, payload }),
        );
        subscriptions.set(req.id, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = subscriptions.get(req.subscription);
        subscriptions.delete(req.subscription);
        await unlisten?.();
        return undefined;
      }
      case 'dump':
        return new Uint8Array(await (await engine.dumpDataDir('none')).arrayBuffer());
      case 'close':
        await engine.close();
        return undefined;
    }
  };

  port.on('message', (req: WorkerRequest) => {
    handle(req).then(
      (value) => post({ id: req.id, ok: true, value }),
      (err: unknown) => post({ id: req.id, ok: false, error: errorFields(err) }),
    );
  });
  post({ ready: true });
}

const options = (workerData ?? {}) as { dataDir?: string; from?: string };
openPgliteEngine(options.dataDir, options.from).then(serve, (err) =>
  post({ failed: errorFields(err) }),
);
