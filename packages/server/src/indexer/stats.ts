// Collection stats and hourly traded volumes, recomputed from the facts and the state tables
// (orders, holdings) for the collections a range or a rollback touched. Prices and volumes are in
// coin units (raw / 10^decimals of the coin) summed across coins: see README.md.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './store.js';

/** A sale's gross in coin units: unit price x amount / 10^decimals (18 when unknown). */
const SALE_VALUE = sql.raw(`e.price * e.amount / power(10::numeric, coalesce(d.decimals, 18))`);

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
        total_trades, total_tokens, total_holder, total_order)
      select ${chainId}, k.c, o.lowest, coalesce(t.volume, 0), t.trades, h.tokens, h.holders, o.listed
      from ${k} as k(c)
      cross join lateral (
        select min(price_value) as lowest, count(*)::int as listed from orders
        where chain_id = ${chainId} and contract_addr = k.c and status = 0) o
      cross join lateral (
        select sum(${SALE_VALUE}) as volume, count(*)::int as trades
        from market_events e
        left join coin_decimals d on d.chain_id = e.chain_id and d.address = e.coin
        where e.chain_id = ${chainId} and e.contract_addr = k.c and e.kind = 'sold') t
      cross join lateral (
        select count(distinct token_id)::int as tokens, count(distinct owner_addr)::int as holders
        from holdings where chain_id = ${chainId} and contract_addr = k.c and amount > 0) h
      where exists (select 1 from nft_transfers where chain_id = ${chainId} and contract_addr = k.c)
         or exists (select 1 from market_events where chain_id = ${chainId} and contract_addr = k.c)`);
    await tx.execute(sql`
      insert into collection_volume_hours (chain_id, contract_addr, hour, volume, trades)
      select ${chainId}, e.contract_addr, date_trunc('hour', e.block_time, 'UTC') as hour,
             sum(${SALE_VALUE}), count(*)::int
      from market_events e
      join ${k} as k(c) on e.contract_addr = k.c
      left join coin_decimals d on d.chain_id = e.chain_id and d.address = e.coin
      where e.chain_id = ${chainId} and e.kind = 'sold'
      group by e.contract_addr, hour`);
  }
}
