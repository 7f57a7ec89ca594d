// The royalty a collection page shows (collection_profiles.royalty_rate / royalty_addr) follows
// the marketplace's RoyaltyRateSet events: the latest one of the collection wins, and a rollback
// that removes them all clears it. The market events are the one source; the owner's edit form
// only ever stores what the chain holds (chain-royalty.ts), so both agree.
import { sql } from 'drizzle-orm';
import { ROYALTY } from '@aiamarket/shared';
import type { AppDb, Tx } from '../db/database.js';

/** Highest rate a page can store: 10 % as percent x 100 (the collection_profiles check). */
const MAX_RATE = ROYALTY.maxPercent * ROYALTY.chainScale;

/** Sets the page royalty of the given collections from their latest RoyaltyRateSet event. */
export async function syncProfileRoyalty(tx: Tx | AppDb, chainId: number, contracts: string[]) {
  for (let i = 0; i < contracts.length; i += 200) {
    const k = sql`(values ${sql.join(
      contracts.slice(i, i + 200).map((c) => sql`(${c}::varchar)`),
      sql`, `,
    )})`;
    await tx.execute(sql`
      update collection_profiles p
      set royalty_rate = r.rate, royalty_addr = r.receiver
      from ${k} as k(c)
      left join lateral (
        select e.price::int as rate, e.royalty_receiver as receiver from market_events e
        where e.chain_id = ${chainId} and e.kind = 'royaltyRate' and e.contract_addr = k.c
          and e.price <= ${MAX_RATE}
        order by e.block_number desc, e.log_index desc
        limit 1) r on true
      where p.chain_id = ${chainId} and p.contract_addr = k.c`);
  }
}
