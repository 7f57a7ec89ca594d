import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Opens the embedded engine (in the database worker thread; tests of the engine open it directly).
 * `from` names a dump of a data folder (PGlite's `dumpDataDir`) to start from instead of an empty
 * cluster: creating a cluster runs initdb inside WebAssembly, seconds of CPU each time.
 */
export async function openPgliteEngine(
  dataDir: string | undefined,
  from?: string | undefined,
): Promise<PGlite> {
  // pg_trgm backs the substring searches (migration 0007); PGlite loads it as an extension.
  const engine = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(from ? { loadDataDir: new Blob([fs.readFileSync(from)]) } : {}),
    extensions: { pg_trgm },
  });
  await engine.waitReady;
  // A new 16 MB WAL segment is otherwise written full of zeros by whichever statement crosses
  // into it: 0.3-0.5 s inside the engine, every 16 MB of writes, during which every other
  // statement waits. The engine tells a segment's end by its page headers, not by zeros.
  await engine.exec('set wal_init_zero = off');
  return engine;
}
