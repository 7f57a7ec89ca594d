import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is `<name>.ts` beside the calling module, or `<name>.js`
 * beside the bundle (dist/, where tsup builds each worker as its own entry). tsx and vitest do
 * not carry their TypeScript loader into worker threads, so a source entry is loaded through
 * tsx's API. `callerUrl` is the caller's import.meta.url.
 */
export function spawnWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (/\.[cm]?js$/.test(new URL(callerUrl).pathname)) {
    return new Worker(new URL(`./${name}.js`, callerUrl), options);
  }
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(callerUrl)}));`;
  return new Worker(boot, { ...options, eval: true });
}
