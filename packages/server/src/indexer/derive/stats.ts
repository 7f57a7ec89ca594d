// Collection stats and hourly traded volumes, recomputed from the facts and the state tables
// (orders, holdings) for the collections a range or a rollback touched. Floors and volumes are in
// the reference unit (each sale at the rate stored with it, each listing at its reference price),
// with the per-coin parts in coin units beside them: see README.md.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

/** A sale's gross in coin units: unit price x amount / 10^decimals (18 when unknown). */
const SALE_VALUE = sql.raw(`e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18))`);
/** The same in the reference unit, rounded down to 18 decimals; null while the coin has no rate. */
const SALE_REF = sql.raw(
  `trunc(e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18)) * e.ref_rate, 18)`,
);

function contractsTable(contracts: string[]): SQL {
  return sql`(values ${sql.join(
    contracts.map((c) => sql`(${c}::varchar)`),
    sql`, `,
  )})`;
}

/**
 * Rewrites `collection_stats` and `collection_volume_hours` of the given collections. Must run
 * after orders and holdings are re-derived (it reads them). A collection without any fact left
 * gets no row, as if it had never been indexed.
 */
export async function recomputeStats(tx: Tx, chainId: number, contracts: string[]) {
  for (let i = 0; i < contracts.length; i += 200) {
    const k = contractsTable(contracts.slice(i, i + 200));
    await tx.execute(sql`
      delete from collection_stats s using ${k} as k(c)
      where s.chain_id = ${chainId} and s.contract_addr = k.c`);
    await tx.execute(sql`
      delete from collection_volume_hours v using ${k} as k(c)
      where v.chain_id = ${chainId} and v.contract_addr = k.c`);
    await tx.execute(sql`
      insert into collection_stats (chain_id, contract_addr, lowest_price, total_transaction,
        total_trades, total_tokens, total_holder, total_order, coin_volumes, coin_floors)
      select ${chainId}, k.c, o.lowest, coalesce(t.volume, 0), coalesce(t.trades, 0), h.tokens,
             h.holders, o.listed, coalesce(t.parts, '{}'::jsonb), coalesce(f.parts, '{}'::jsonb)
      from ${k} as k(c)
      cross join lateral (
        select min(price_ref) as lowest, count(*)::int as listed from orders
        where chain_id = ${chainId} and contract_addr = k.c and status = 0) o
      cross join lateral (
        select jsonb_object_agg(money_addr, floor::text) as parts from (
          select money_addr, min(price_value) as floor from orders
          where chain_id = ${chainId} and contract_addr = k.c and status = 0
          group by money_addr) x) f
      cross join lateral (
        select sum(ref) as volume, sum(trades)::int as trades,
               jsonb_object_agg(coin, amount::text) as parts
        from (
          select e.coin, sum(${SALE_VALUE}) as amount, sum(${SALE_REF}) as ref, count(*) as trades
          from market_events e
          left join coin_decimals d on d.chain_id = e.chain_id and d.address = e.coin
          where e.chain_id = ${chainId} and e.contract_addr = k.c and e.kind = 'sold'
          group by e.coin) x) t
      cross join lateral (
        select count(distinct token_id)::int as tokens, count(distinct owner_addr)::int as holders
        from holdings where chain_id = ${chainId} and contract_addr = k.c and amount > 0) h
      where exists (select 1 from nft_transfers where chain_id = ${chainId} and contract_addr = k.c)
         or exists (select 1 from market_events where chain_id = ${chainId} and contract_addr = k.c)`);
    await tx.execute(sql`
      insert into collection_volume_hours (chain_id, contract_addr, hour, volume, trades, coin_volumes)
      select ${chainId}, c, hour, coalesce(sum(ref), 0), sum(trades)::int,
             jsonb_object_agg(coin, amount::text)
      from (
        select e.contract_addr as c, date_trunc('hour', e.block_time, 'UTC') as hour, e.coin,
               sum(${SALE_VALUE}) as amount, sum(${SALE_REF}) as ref, count(*) as trades
        from market_events e
        join ${k} as k(c) on e.contract_addr = k.c
        left join coin_decimals d on d.chain_id = e.chain_id and d.address = e.coin
        where e.chain_id = ${chainId} and e.kind = 'sold'
        group by e.contract_addr, hour, e.coin) x
      group by c, hour`);
  }
}
