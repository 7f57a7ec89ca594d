import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * DATABASE_URL when it is set (dropped afterwards), otherwise an in-memory PGlite.
 */
export async function freshDatabase(
  opts = { migrate: true },
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    if (opts.migrate) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `aiamarket_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (opts.migrate) await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
