// Indexes built after an initial sync rather than row by row during it (as Ponder builds its
// indexes after its back-fill): the secondary indexes of `activities`, which only the pages read
// through, and the primary keys of `activities` and `nft_transfers`, facts keyed by a transaction
// hash. The indexer drops them while it back-fills an empty database and builds each once at the
// head, which costs far less than keeping them up to date through every range: six indexes of
// `activities` were 1.4 s of a 15 s 60,000-event back-fill on PGlite and 0.8 s of 8.3 s on
// PostgreSQL, and the two keys, whose random hashes land all over their trees, about 0.3 s of 5.3
// s on PostgreSQL; building them all afterwards takes about 0.4 s. A key dropped meanwhile
// guards nothing a range needs: a range's facts are written once (the cursor's fence), nothing
// looks a fact up by it, and its inserts name no conflict target. The definitions are kept in
// app_config, in the transaction that drops them, so a crash in between loses nothing: the next
// start keeps going without them and builds them at the head; a migration builds them first (it
// may name them).
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from './handle.js';
import { rowsOf } from './bulk.js';
import { appConfig } from './schema.js';

/** app_config name of the dropped indexes' definitions (JSON: [{ name, definition }]). */
export const DEFERRED_INDEXES = 'indexer_deferred_indexes';

/** Tables whose secondary indexes only the pages read through. */
export const DEFERRABLE_TABLES = ['activities'] as const;

/** Tables whose primary key an initial sync builds at the head. */
export const DEFERRABLE_KEYS = ['activities', 'nft_transfers'] as const;

interface IndexDefinition {
  name: string;
  /** The statement that builds it again (CREATE INDEX, or ALTER TABLE … ADD CONSTRAINT). */
  definition: string;
}

/**
 * Drops the secondary (not unique, not primary key) indexes of `tables` and the primary keys of
 * `keys` and records them, unless a table already holds `maxRows` rows (building its indexes again
 * would then cost more than it saves). Returns how many were dropped.
 */
export async function deferIndexes(
  db: AppDb,
  maxRows: number,
  tables: readonly string[] = DEFERRABLE_TABLES,
  keys: readonly string[] = DEFERRABLE_KEYS,
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const table of new Set([...tables, ...keys])) {
      const [big] = rowsOf<{ n: number | string }>(
        await tx.execute(
          sql`select count(*) as n from (select 1 from ${sql.identifier(table)} limit ${maxRows}) t`,
        ),
      );
      if (Number(big!.n) >= maxRows) return 0;
    }
    const found = rowsOf<IndexDefinition & { drop: string }>(
      await tx.execute(sql`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition,
          format('drop index %I', c.relname) as drop
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in (select to_regclass(t) from unnest(${sql.param([...tables])}::text[]) t)
          and not i.indisunique and not i.indisprimary
        union all
        select k.conname,
          format('alter table %I add constraint %I %s', t.relname, k.conname, pg_get_constraintdef(k.oid)),
          format('alter table %I drop constraint %I', t.relname, k.conname)
        from pg_constraint k join pg_class t on t.oid = k.conrelid
        where k.contype = 'p'
          and k.conrelid in (select to_regclass(t) from unnest(${sql.param([...keys])}::text[]) t)
        order by 1`),
    );
    if (found.length === 0) return 0;
    const [kept] = await tx
      .select({ value: appConfig.value })
      .from(appConfig)
      .where(eq(appConfig.name, DEFERRED_INDEXES))
      .for('update');
    const all = [
      ...(kept ? (JSON.parse(kept.value) as IndexDefinition[]) : []),
      ...found.map(({ name, definition }) => ({ name, definition })),
    ];
    await tx
      .insert(appConfig)
      .values({ name: DEFERRED_INDEXES, value: JSON.stringify(all) })
      .onConflictDoUpdate({
        target: appConfig.name,
        set: { value: JSON.stringify(all), updatedAt: sql`now()` },
      });
    for (const index of found) await tx.execute(sql.raw(index.drop));
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
