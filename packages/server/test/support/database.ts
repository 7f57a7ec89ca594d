import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createScratchDatabase } from '../../src/db/scratch-database.js';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * DATABASE_URL when it is set (dropped afterwards), otherwise an in-memory PGlite (a migrated one
 * starts as the run's template, see pglite-template.ts; migrate() then finds nothing to do).
 */
export async function freshDatabase(
  opts = { migrate: true },
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase(opts.migrate ? { from: inject('pgliteTemplate') } : {});
    if (opts.migrate) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(adminUrl, 'aiamarket_test');
  const database = await openDatabase({ url: scratch.url });
  if (opts.migrate) await database.migrate();
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
