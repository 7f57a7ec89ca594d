// Secondary indexes built after an initial sync rather than row by row during it (as Ponder does
// for its tables). They serve the pages only: no writer reads through them, so the indexer can drop
// them while it back-fills an empty database and build each once at the head, which costs far less
// than keeping six indexes of `activities` up to date through every range (a 60,000-event
// back-fill: 1.4 s of 15 s on PGlite, 0.8 s of 8.3 s on PostgreSQL; building them afterwards
// takes 0.55 s and 0.25 s). Their definitions are kept in app_config, in the transaction that
// drops them, so a crash in between loses nothing: the next start keeps going without them and
// builds them at the head; a migration builds them first (it may name them).
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from './database.js';
import { rowsOf } from './bulk.js';
import { appConfig } from './schema.js';

/** app_config name of the dropped indexes' definitions (JSON: [{ name, definition }]). */
export const DEFERRED_INDEXES = 'indexer_deferred_indexes';

/** Tables whose secondary indexes only the pages read through. */
export const DEFERRABLE_TABLES = ['activities'] as const;

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the secondary (not unique, not primary key) indexes of `tables` and records them, unless a
 * table already holds `maxRows` rows (building its indexes again would then cost more than it
 * saves). Returns how many were dropped.
 */
export async function deferIndexes(
  db: AppDb,
  maxRows: number,
  tables: readonly string[] = DEFERRABLE_TABLES,
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const table of tables) {
      const [big] = rowsOf<{ n: number | string }>(
        await tx.execute(
          sql`select count(*) as n from (select 1 from ${sql.identifier(table)} limit ${maxRows}) t`,
        ),
      );
      if (Number(big!.n) >= maxRows) return 0;
    }
    const found = rowsOf<IndexDefinition>(
      await tx.execute(sql`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in (select to_regclass(t) from unnest(${sql.param([...tables])}::text[]) t)
          and not i.indisunique and not i.indisprimary
        order by c.relname`),
    );
    if (found.length === 0) return 0;
    const [kept] = await tx
      .select({ value: appConfig.value })
      .from(appConfig)
      .where(eq(appConfig.name, DEFERRED_INDEXES))
      .for('update');
    const all = [...(kept ? (JSON.parse(kept.value) as IndexDefinition[]) : []), ...found];
    await tx
      .insert(appConfig)
      .values({ name: DEFERRED_INDEXES, value: JSON.stringify(all) })
      .onConflictDoUpdate({
        target: appConfig.name,
        set: { value: JSON.stringify(all), updatedAt: sql`now()` },
      });
    for (const index of found) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    return found.length;
  });
}

/** Builds the deferred indexes again, in one transaction. Returns how many were built. */
export async function restoreIndexes(db: AppDb): Promise<number> {
  return db.transaction(async (tx) => {
    // Before the first migration (migrate() calls this first) there is no app_config yet.
    const [config] = rowsOf<{ present: boolean }>(
      await tx.execute(sql`select to_regclass('app_config') is not null as present`),
    );
    if (!config!.present) return 0;
    const [kept] = await tx
      .select({ value: appConfig.value })
      .from(appConfig)
      .where(eq(appConfig.name, DEFERRED_INDEXES))
      .for('update');
    if (!kept) return 0;
    const indexes = JSON.parse(kept.value) as IndexDefinition[];
    for (const index of indexes) {
      const [exists] = rowsOf<{ present: boolean }>(
        await tx.execute(
          sql`select to_regclass(quote_ident(${index.name})) is not null as present`,
        ),
      );
      if (!exists!.present) await tx.execute(sql.raw(index.definition));
    }
    await tx.execute(sql`delete from app_config where name = ${DEFERRED_INDEXES}`);
    return indexes.length;
  });
}
