// Derivation: holdings (transfers in minus out) of the touched contract, token and owner keys.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { chunks, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { split } from './keys.js';

export async function recomputeHoldings(tx: Tx, chainId: number, keys: string[]) {
  for (const part of chunks(keys, KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    await tx.execute(sql`
      delete from holdings h using ${k} as k(c, t, o)
      where h.chain_id = ${chainId} and h.contract_addr = k.c and h.token_id = k.t and h.owner_addr = k.o`);
    await tx.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount)
      select ${chainId}, k.c, k.t, k.o, s.amount from ${k} as k(c, t, o)
      cross join lateral (
        select coalesce(sum(case when tr.to_addr = k.o then tr.amount else 0 end), 0)
             - coalesce(sum(case when tr.from_addr = k.o then tr.amount else 0 end), 0) as amount
        from nft_transfers tr
        where tr.chain_id = ${chainId} and tr.contract_addr = k.c and tr.token_id = k.t
          and (tr.to_addr = k.o or tr.from_addr = k.o)
      ) s
      where s.amount <> 0`);
  }
}
