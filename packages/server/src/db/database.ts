import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { redact, StartupError } from '../config.js';
import * as schema from './schema.js';
import type { AppDb } from './handle.js';
import { restoreIndexes } from './deferred-indexes.js';
import { PgliteClient } from './pglite-client.js';
import { applyRepeatable } from './migrate-repeatable.js';
import {
  listenPglite,
  listenPostgres,
  type Listening,
  type NotificationHandlers,
} from './notifications.js';

export type { AppDb, Tx } from './handle.js';

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** LISTEN on a channel (a dedicated connection on PostgreSQL; see notifications.ts). */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  /** The embedded database's data folder as a tar, for `OpenOptions.from` (PGlite only). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Finds the committed migrations folder from src/db (tests, tsx) or dist (the bundle). */
function migrationsFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** The repeatable migrations, run after the ordered ones at every start (see migrate-repeatable.ts). */
function repeatableFolder(): string {
  return path.join(migrationsFolder(), 'repeatable');
}

/** A session-scoped lock key so that replicas starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_131_900_001;

export interface OpenOptions {
  /** A postgres:// URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; without it PGlite runs in memory. */
  dataDir?: string | undefined;
  /** PGlite: a `dump()` file the database starts as (tests start every file from one migrated copy). */
  from?: string | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.url
    ? await openPostgres(opts.url)
    : await openPglite(opts.dataDir, opts.from);
  // Closing twice (shutdown racing a failure path) must be harmless.
  let closing: Promise<void> | undefined;
  const close = database.close;
  return { ...database, close: () => (closing ??= close()) };
}

async function openPglite(dataDir: string | undefined, from?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  let client: PgliteClient;
  try {
    // In a worker thread: the engine runs statements synchronously in the thread that calls it.
    client = await PgliteClient.start(dataDir, from);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR: cannot open the embedded database in ${dataDir ?? 'memory'}: ${(err as Error).message}`,
    );
  }
  // drizzle's PGlite driver calls only what PgliteClient offers (query and transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as AppDb,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await restoreIndexes(db as unknown as AppDb);
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      await applyRepeatable(db as unknown as AppDb, repeatableFolder());
    },
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    dump: () => client.dump(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new StartupError(
      `DATABASE_URL: cannot connect to ${redact(url)}: ${(err as Error).message}`,
    );
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as AppDb,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const migrating = drizzlePg({ client, schema });
        await restoreIndexes(migrating as unknown as AppDb);
        await migratePg(migrating, { migrationsFolder: migrationsFolder() });
        await applyRepeatable(migrating as unknown as AppDb, repeatableFolder());
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/** The highest block the indexer has written for a chain, or null before its first range. */
export async function indexedBlock(db: AppDb, chainId: number): Promise<number | null> {
  const rows = await db
    .select({ block: schema.indexerCursor.blockNumber })
    .from(schema.indexerCursor)
    .where(sql`${schema.indexerCursor.chainId} = ${chainId}`);
  return rows[0]?.block ?? null;
}
