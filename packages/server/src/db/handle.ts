// The database handle's types, apart from the code that opens it, so the helpers that open() calls
// (migrations, deferred indexes) can name them without importing database.ts back.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside db.transaction(): every writer names it without importing the indexer. */
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
