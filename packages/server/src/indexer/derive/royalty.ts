// A collection's royalty has two sources, combined by the shared rule (royaltyRateOf) wherever
// it is shown, as the contracts combine them on every fill:
// - the market's rate (collection_profiles.royalty_rate / royalty_addr) follows the
//   marketplace's RoyaltyRateSet events: the latest one of the collection wins, and a rollback
//   that removes them all clears it (null: never set, so ERC-2981 applies). The owner's edit
//   form only ever stores what the chain holds (chain-royalty.ts), so both agree;
// - the token contract's ERC-2981 (collections.erc2981_rate / erc2981_receiver) follows the
//   latest market listing's read at its block (chain-reads.ts), and is read once when the
//   collection gets its page (readCollectionErc2981) for collections never listed on the market.
import { sql } from 'drizzle-orm';
import { MAX_ROYALTY_RATE } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../db/database.js';
import { rowsOf } from '../../db/bulk.js';

/**
 * Sets the royalty of the given collections from their latest royalty facts; returns those
 * whose royalty changed (their signed listings show it).
 */
export async function syncProfileRoyalty(
  tx: Tx | AppDb,
  chainId: number,
  contracts: string[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  for (let i = 0; i < contracts.length; i += 200) {
    const k = sql`(values ${sql.join(
      contracts.slice(i, i + 200).map((c) => sql`(${c}::varchar)`),
      sql`, `,
    )})`;
    const market = await tx.execute(sql`
      update collection_profiles p
      set royalty_rate = r.rate, royalty_addr = r.receiver
      from ${k} as k(c)
      left join lateral (
        select e.price::int as rate, e.royalty_receiver as receiver from market_events e
        where e.chain_id = ${chainId} and e.kind = 'royaltyRate' and e.contract_addr = k.c
          and e.price <= ${MAX_ROYALTY_RATE}
        order by e.block_number desc, e.log_index desc
        limit 1) r on true
      where p.chain_id = ${chainId} and p.contract_addr = k.c
        and (p.royalty_rate is distinct from r.rate or p.royalty_addr is distinct from r.receiver)
      returning p.contract_addr as c`);
    // A listing indexed before its receiver was kept (a rate without one) is passed over.
    const erc2981 = await tx.execute(sql`
      update collections c
      set erc2981_rate = r.rate, erc2981_receiver = r.receiver
      from ${k} as k(a)
      join lateral (
        select e.erc2981_rate as rate, e.royalty_receiver as receiver from market_events e
        where e.chain_id = ${chainId} and e.kind = 'created' and e.contract_addr = k.a
          and (e.erc2981_rate is null or e.royalty_receiver is not null)
        order by e.block_number desc, e.log_index desc
        limit 1) r on true
      where c.chain_id = ${chainId} and c.address = k.a
        and (c.erc2981_rate is distinct from r.rate or c.erc2981_receiver is distinct from r.receiver)
      returning c.address as c`);
    for (const row of [...rowsOf<{ c: string }>(market), ...rowsOf<{ c: string }>(erc2981)])
      changed.add(row.c);
  }
  return changed;
}
