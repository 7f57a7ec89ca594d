// Derivation: launchpad counters and sales (sums of Minted / Swapped) of the touched sales.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { chunks, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { split } from './keys.js';

export async function recomputeLaunchpad(tx: Tx, chainId: number, keys: string[]) {
  for (const part of chunks(keys, KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    await tx.execute(sql`
      delete from launchpad_counters c using ${k} as k(l, s)
      where c.chain_id = ${chainId} and c.launchpad_addr = k.l and c.sale_id = k.s`);
    await tx.execute(sql`
      delete from launchpad_sales c using ${k} as k(l, s)
      where c.chain_id = ${chainId} and c.launchpad_addr = k.l and c.sale_id = k.s`);
    await tx.execute(sql`
      insert into launchpad_counters (chain_id, launchpad_addr, sale_id, coin_addr, kind, minted, paid)
      select ${chainId}, e.launchpad_addr, e.sale_id, e.coin_or_source, e.kind, sum(e.count),
             coalesce(sum(e.cost), 0)
      from launchpad_events e join ${k} as k(l, s) on e.launchpad_addr = k.l and e.sale_id = k.s
      where e.chain_id = ${chainId}
      group by e.launchpad_addr, e.sale_id, e.coin_or_source, e.kind`);
    await tx.execute(sql`
      insert into launchpad_sales (chain_id, launchpad_addr, sale_id, minted, swapped, total_supply)
      select ${chainId}, e.launchpad_addr, e.sale_id,
             coalesce(sum(case when e.kind = 'mint' then e.count end), 0),
             coalesce(sum(case when e.kind = 'swap' then e.count end), 0),
             (array_agg(e.total_supply order by e.block_number desc, e.log_index desc))[1]
      from launchpad_events e join ${k} as k(l, s) on e.launchpad_addr = k.l and e.sale_id = k.s
      where e.chain_id = ${chainId}
      group by e.launchpad_addr, e.sale_id`);
  }
}
