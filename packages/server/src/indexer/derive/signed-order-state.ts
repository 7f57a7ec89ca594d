// What signed listings and signed offers share on the indexer's side: the state their contract's
// facts give an order (filled units, cancelled, when it was last looked at), the (contract, owner)
// pairs whose chain reads an open order depends on, and what a rollback forgets of those reads.
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/database.js';
import type { PgColumn, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { chunks, rowsOf, valuesOf } from '../../db/bulk.js';
import { takeAbove, type PerBlock } from '../sync/above-fork.js';

/** The key of a (contract, owner) pair: collection|seller for listings, coin|offerer for offers. */
export const pairKey = (contract: string, owner: string) => `${contract}|${owner}`;

/** `column in (values)`, or undefined for none. */
export function inList(column: SQL, values: Iterable<string>): SQL | undefined {
  const list = [...values];
  if (list.length === 0) return undefined;
  return sql`${column} in (${sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** `(contract, owner) in (pairs)` over pair keys, or undefined for none. */
export function pairsIn(columns: SQL, pairs: ReadonlySet<string>): SQL | undefined {
  if (pairs.size === 0) return undefined;
  return sql`(${columns}) in ${valuesOf(
    [...pairs].map((p) => p.split('|')),
    ['varchar', 'varchar'],
  )}`;
}

/** How one kind of signed order is stored: its table, its facts' table and their columns. */
export interface SignedOrderTables {
  /** The orders' table, always read under the alias `o`. */
  orders: 'signed_listings' | 'offers';
  /** The orders' signer column (the seller, the offerer). */
  signer: 'seller' | 'offerer';
  /** The facts' table. */
  events: 'listing_events' | 'offer_events';
  /** The facts' column naming the signer. */
  eventSigner: 'account' | 'offerer';
  /** The column, in both tables, naming the contract (Listings, Offers). */
  contract: 'listings_addr' | 'offers_addr';
  /** The kind of a fill fact. */
  fill: 'filled' | 'accepted';
  /** The columns of the (contract, owner) pair the chain reads are made for. */
  pair: SQL;
}

/**
 * The state the facts give each order `o`: filled = Σ the units of its fills; cancelled = a
 * cancel of its hash by its signer, or a counter of the signer above the signed one. `columns`
 * goes in a select list over `o`, `joins` after its from.
 */
export function factState(t: SignedOrderTables): { columns: SQL; joins: SQL } {
  const events = sql.raw(t.events);
  const contract = sql.raw(t.contract);
  const eventSigner = sql.raw(t.eventSigner);
  const signer = sql.raw(t.signer);
  return {
    columns: sql`coalesce(fills.filled, 0) as filled,
      (exists (select 1 from ${events} c
               where c.chain_id = o.chain_id and c.kind = 'cancelled'
                 and c.${contract} = o.${contract} and c.${eventSigner} = o.${signer}
                 and c.order_hash = o.order_hash)
       or o.counter < coalesce(counters.counter, 0)) as cancelled`,
    joins: sql`left join lateral (
        select sum(e.units) as filled from ${events} e
        where e.chain_id = o.chain_id and e.kind = ${t.fill} and e.${contract} = o.${contract}
          and e.order_hash = o.order_hash) fills on true
      left join lateral (
        select max(e.counter) as counter from ${events} e
        where e.chain_id = o.chain_id and e.kind = 'counter' and e.${contract} = o.${contract}
          and e.${eventSigner} = o.${signer}) counters on true`,
  };
}

/**
 * Whether the pair's read row `s.<read>` (read at `s.read_at`) is current for order `o`: read at
 * `block`, or kept current since the order was last looked at (every change of the pair is read
 * again while the order has a state block).
 */
export const readIsCurrent = (read: SQL, block: number) =>
  sql`${read} is not null and (o.state_block is not null or s.read_at = ${block}::bigint)`;

/**
 * The order's new state block: `block` when it is closed (cancelled or filled) or its read is
 * current; otherwise null, and the next range reads it.
 */
export const stateBlock = (current: SQL, block: number) => sql`case
        when s.cancelled or s.filled >= s.units then ${block}::bigint
        when ${current} then ${block}::bigint
        else null end`;

/**
 * The (contract, owner) pairs a range must read: those of open orders (not cancelled, not
 * filled; expiry is not looked at, so a replay reads the same pairs) among `touched` (pair
 * keys), and those of open orders not looked at yet (stored since the last range, or whose state
 * a rollback cleared).
 */
export async function pairsToRead(
  db: AppDb,
  t: SignedOrderTables,
  chainId: number,
  contract: string,
  touched: readonly string[],
): Promise<[string, string][]> {
  const open = sql`o.chain_id = ${chainId} and o.${sql.raw(t.contract)} = ${contract}
    and not o.cancelled and o.filled < o.units`;
  const from = sql`select distinct ${t.pair} from ${sql.raw(t.orders)} o`;
  const out = new Map<string, [string, string]>();
  const add = (result: unknown) => {
    for (const r of rowsOf<Record<string, string>>(result)) {
      const [a, b] = Object.values(r) as [string, string];
      out.set(pairKey(a, b), [a, b]);
    }
  };
  add(await db.execute(sql`${from} where ${open} and o.state_block is null`));
  for (const part of chunks([...new Set(touched)], 500)) {
    const k = valuesOf(
      part.map((p) => p.split('|')),
      ['varchar', 'varchar'],
    );
    add(
      await db.execute(sql`${from} join ${k} as k(a, b) on (${t.pair}) = (k.a, k.b) where ${open}`),
    );
  }
  return [...out.values()];
}

/** The table of one kind's chain reads, kept per block, with its (contract, owner) pair. */
interface PairReads {
  table: PerBlock;
  contract: PgColumn;
  owner: PgColumn;
}

/**
 * Inside a rollback's transaction: deletes the facts (answering `fields` of each) and the reads
 * above `fork`; the orders last looked at above it, and those of a pair whose read it dropped, are
 * not looked at until their pair is read again. Answers the deleted facts and the dropped pairs.
 */
export async function rollbackSignedOrders<F extends SelectedFieldsFlat>(
  tx: Tx,
  t: SignedOrderTables,
  chainId: number,
  fork: number,
  facts: { table: PerBlock; fields: F },
  reads: PairReads,
) {
  const deleted = await takeAbove(tx, facts.table, chainId, fork, facts.fields);
  const droppedRows = await takeAbove(tx, reads.table, chainId, fork, {
    contract: reads.contract,
    owner: reads.owner,
  });
  const dropped = new Set(droppedRows.map((r) => pairKey(String(r.contract), String(r.owner))));
  const orders = sql.raw(t.orders);
  await tx.execute(sql`
    update ${orders} o set state_block = null
    where o.chain_id = ${chainId} and o.state_block > ${fork}::bigint`);
  const pairs = pairsIn(t.pair, dropped);
  if (pairs) {
    await tx.execute(sql`
      update ${orders} o set state_block = null where o.chain_id = ${chainId} and ${pairs}`);
  }
  return { deleted, dropped };
}
