// Orders of a replaced order-book contract. When a deploy replaces the Listings or Offers
// contract (deployment `retired`), the orders signed for the old one (their EIP-712 verifying
// contract) can no longer be filled through the market. They are marked once per process start
// with the existing hold columns rather than filtered by address at read time: every read
// (lists, floors, counts, sweep quotes, best offers) already keeps to `orders.status = 0` and the
// active offer status through its indexes, so a held row drops out of all of them with no new
// predicate, and no read needs to know the deployment. Listings: status force cancel with
// ORDER_HOLD.retired (availability.ts leaves them alone); offers: market_hold = ORDER_HOLD.retired,
// which offer-status.ts answers as OFFER_STATUS.retired. Their owners still see them, ended.
import { sql } from 'drizzle-orm';
import { ORDER_HOLD, ORDER_KIND, ORDER_STATUS, type Deployment } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { rowsOf } from '../db/bulk.js';
import { recomputeStats } from './derive/stats.js';

const code = (n: number) => sql.raw(String(n));

/** The retired addresses of the named contract (lowercase), the current one left out. */
export function retiredAddresses(deployment: Deployment, name: 'Listings' | 'Offers'): string[] {
  const current = deployment.contracts[name]?.address.toLowerCase();
  const out = new Set<string>();
  for (const r of deployment.retired ?? []) {
    const address = r.address.toLowerCase();
    if (r.name === name && address !== current) out.add(address);
  }
  return [...out];
}

const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Holds back, for good, the open orders of the deployment's retired Listings and Offers
 * contracts, and re-derives the stats of the collections whose listings it took out. Idempotent
 * (only rows not marked yet are written, so a restart writes nothing). Answers how many listings
 * and offers it marked.
 */
export async function retireOrders(
  db: AppDb,
  chainId: number,
  deployment: Deployment,
): Promise<{ listings: number; offers: number }> {
  const listings = retiredAddresses(deployment, 'Listings');
  const offers = retiredAddresses(deployment, 'Offers');
  if (listings.length === 0 && offers.length === 0) return { listings: 0, offers: 0 };
  return db.transaction(async (tx) => {
    let marked: { c: string }[] = [];
    if (listings.length > 0) {
      // (chain_id, market_addr) leads the orders primary key: only the old contract's rows are read.
      marked = rowsOf<{ c: string }>(
        await tx.execute(sql`
          update orders set status = ${code(ORDER_STATUS.forceCancel)},
            hold = ${code(ORDER_HOLD.retired)}
          where chain_id = ${chainId} and market_addr in (${inList(listings)})
            and kind = ${code(ORDER_KIND.signed)}
            and chain_status = ${code(ORDER_STATUS.listed)}
            and hold <> ${code(ORDER_HOLD.retired)}
          returning contract_addr as c`),
      );
      const contracts = [...new Set(marked.map((r) => r.c))];
      if (contracts.length > 0) await recomputeStats(tx, chainId, contracts);
    }
    let offersMarked = 0;
    if (offers.length > 0) {
      // Once per start, and a no-op after the first: a scan here costs less than an index that
      // every stored offer would pay for.
      offersMarked = rowsOf(
        await tx.execute(sql`
          update offers set market_hold = ${code(ORDER_HOLD.retired)}
          where chain_id = ${chainId} and offers_addr in (${inList(offers)})
            and market_hold <> ${code(ORDER_HOLD.retired)}
          returning order_hash`),
      ).length;
    }
    return { listings: marked.length, offers: offersMarked };
  });
}
