// Derivation: the state and the orders rows of signed listings. The API stores each verified
// listing in signed_listings; the indexer keeps its state columns in step (`filled` and `cancelled` from the
// Listings facts, `approved` from isApprovedForAll(seller, Listings) read at the last block of
// every range whose ApprovalForAll touched a seller with open listings, and for every listing not
// looked at yet) and derives its `orders` row (kind ORDER_KIND.signed, market_addr = Listings,
// order_id = the order hash as a number), so every list, floor, volume and ranking includes it.
// See README.md "Signed listings".
import { sql } from 'drizzle-orm';
import {
  CONTRACT_TYPE,
  ORDER_KIND,
  ORDER_STATUS,
  orderRoyaltyRate,
  unitsText,
} from '@aiamarket/shared';
import type { Tx } from '../../db/database.js';
import { orders } from '../../db/schema-chain.js';
import type { ListingEventRow } from '../../db/schema-listings.js';
import type { OrderRow } from '../sync/fact-rows.js';
import { currentRate, rateHistory, referenceOf } from '../sources/coins/rates.js';
import { chunks, rowsOf, valuesOf } from '../../db/bulk.js';
import {
  factState,
  inList,
  pairsIn,
  readIsCurrent,
  stateBlock,
  type SignedOrderTables,
} from './signed-order-state.js';

/** Which signed listings a range, a rollback or a poll touched. */
export interface ListingKeys {
  /** Order hashes with a fill or a cancel (or whose time came: expiry, start). */
  hashes: Set<string>;
  /** Sellers whose counter moved. */
  sellers: Set<string>;
  /** collection|owner pairs whose approval was read (or dropped). */
  pairs: Set<string>;
}

export function emptyListingKeys(): ListingKeys {
  return { hashes: new Set(), sellers: new Set(), pairs: new Set() };
}

/** Signed listings as signed orders: their tables, and the (collection, seller) pair of an approval. */
export const SIGNED_LISTINGS: SignedOrderTables = {
  orders: 'signed_listings',
  signer: 'seller',
  events: 'listing_events',
  eventSigner: 'account',
  contract: 'listings_addr',
  fill: 'filled',
  pair: sql`o.contract_addr, o.seller`,
};

/** The order id of a signed listing: its order hash as a number (decimal text). */
export const signedOrderId = (orderHash: string) => BigInt(orderHash).toString();

/** The keys a set of Listings facts touches. */
export function listingKeysOf(
  rows: Pick<ListingEventRow, 'kind' | 'orderHash' | 'account'>[],
  keys: ListingKeys = emptyListingKeys(),
): ListingKeys {
  for (const r of rows) {
    if (r.kind === 'counter') keys.sellers.add(r.account);
    else if ((r.kind === 'filled' || r.kind === 'cancelled') && r.orderHash)
      keys.hashes.add(r.orderHash);
  }
  return keys;
}

/** What recomputeListings needs besides the keys. */
export interface ListingRecompute {
  listingsAddr: string;
  /** The block the state is computed at (the range's last block, or the fork point). */
  block: number;
  keys: ListingKeys;
}

interface StateRow {
  order_hash: string;
  seller: string;
  contract_addr: string;
  erc1155: boolean;
  token_id: string;
  units: string;
  coin: string;
  price_per_unit: string;
  start_time: Date | string;
  end_time: Date | string;
  created_at: Date | string;
  filled: string;
  cancelled: boolean;
  approved: boolean;
  held: string | null;
  synced: boolean;
  /** The market's rate, null when never set. */
  royalty: number | null;
  erc2981_rate: number | null;
  erc2981_receiver: string | null;
  name: string | null;
  image_url: string | null;
  decimals: number | null;
  updated_block: string | null;
  updated_at: Date | string | null;
  now: Date | string;
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/**
 * Recomputes the state columns of the selected signed listings (the touched ones: by hash, by
 * seller, by a holding of (collection, token, seller) that moved, by an approval read, by a
 * collection whose back-fill completed; and every listing not looked at yet) from the facts and
 * the approval rows, then re-derives their `orders` rows and adds their collections to `stats`.
 * - filled = Σ filled units; cancelled = a cancel of its hash by the seller, or a counter of the
 *   seller above the signed one;
 * - approved from the pair's approval row when that row is current (read at `block`, or kept
 *   current since the listing was last looked at); otherwise it stays as stored and state_block
 *   stays null (the next range reads it);
 * - orders.status: 1 sold (filled = units), 2 cancelled (by hash or counter) or expired, 3 force
 *   cancel (not started, approval missing, or the seller holds fewer than the units left), else
 *   0 listed; availability.ts then settles it with the seller's other listings of the token and
 *   the market's settings (`sellers` collects the keys it re-derived).
 */
export async function recomputeListings(
  tx: Tx,
  chainId: number,
  r: ListingRecompute,
  holdings: ReadonlySet<string>,
  contracts: ReadonlySet<string>,
  stats: Set<string>,
  sellers?: Set<string>,
) {
  const { keys, block, listingsAddr } = r;
  // No listing signed for this contract yet (every back-fill before the API stored one): nothing
  // to re-derive, and its rows are never deleted. Skips matching thousands of touched holdings.
  const signed = rowsOf(
    await tx.execute(sql`
      select 1 from signed_listings where chain_id = ${chainId} and listings_addr = ${listingsAddr}
      limit 1`),
  );
  if (signed.length === 0) return;
  const triples =
    holdings.size === 0
      ? undefined
      : sql`(o.contract_addr, o.token_id, o.seller) in ${valuesOf(
          [...holdings].map((h) => h.split('|')),
          ['varchar', 'numeric', 'varchar'],
        )}`;
  const selected = [
    inList(sql`o.order_hash`, keys.hashes),
    inList(sql`o.seller`, keys.sellers),
    inList(sql`o.contract_addr`, contracts),
    triples,
    pairsIn(SIGNED_LISTINGS.pair, keys.pairs),
    sql`o.state_block is null`,
  ].filter((s) => s !== undefined);
  const where = sql`o.chain_id = ${chainId} and o.listings_addr = ${listingsAddr}
    and (${sql.join(selected, sql` or `)})`;
  const state = factState(SIGNED_LISTINGS);
  const current = readIsCurrent(sql`s.approved`, block);
  await tx.execute(sql`
    with s as (
      select o.chain_id, o.order_hash, o.units, ${state.columns},
             a.approved, a.block_number as read_at
      from signed_listings o
      ${state.joins}
      left join listing_approvals a on a.chain_id = o.chain_id and a.contract_addr = o.contract_addr
        and a.owner = o.seller and a.operator = o.listings_addr
      where ${where}
    )
    update signed_listings o set
      filled = s.filled,
      cancelled = s.cancelled,
      approved = case when ${current} then s.approved else o.approved end,
      state_block = ${stateBlock(current, block)}
    from s where o.chain_id = s.chain_id and o.order_hash = s.order_hash`);

  // The orders rows, from the state just computed, the seller's holding (known when the
  // collection is followed and back-filled), the market's royalty rate and the ERC-2981 one of the
  // collection, the
  // item's name and image and the coin's decimals.
  const rows = rowsOf<StateRow>(
    await tx.execute(sql`
      select o.order_hash, o.seller, o.contract_addr, o.erc1155, o.token_id::text as token_id,
             o.units::text as units, o.coin, o.price_per_unit::text as price_per_unit,
             o.start_time, o.end_time, o.created_at, o.filled::text as filled, o.cancelled,
             o.approved, h.amount::text as held,
             (c.address is not null and c.synced_block is null) as synced,
             (select m.price::int from market_events m
              where m.chain_id = o.chain_id and m.kind = 'royaltyRate'
                and m.contract_addr = o.contract_addr
              order by m.block_number desc, m.log_index desc limit 1) as royalty,
             c.erc2981_rate, c.erc2981_receiver,
             t.name, t.image_url, d.decimals,
             u.block_number::text as updated_block, u.block_time as updated_at,
             now() as now
      from signed_listings o
      left join holdings h on h.chain_id = o.chain_id and h.contract_addr = o.contract_addr
        and h.token_id = o.token_id and h.owner_addr = o.seller
      left join collections c on c.chain_id = o.chain_id and c.address = o.contract_addr
      left join token_metadata t on t.chain_id = o.chain_id and t.contract_addr = o.contract_addr
        and t.token_id = o.token_id
      left join coin_decimals d on d.chain_id = o.chain_id and d.address = o.coin
      left join lateral (
        select e.block_number, e.block_time from listing_events e
        where e.chain_id = o.chain_id and e.listings_addr = o.listings_addr
          and ((e.kind in ('filled', 'cancelled') and e.order_hash = o.order_hash)
            or (e.kind = 'counter' and e.account = o.seller and e.counter > o.counter))
        order by e.block_number desc, e.log_index desc limit 1) u on true
      where ${where}`),
  );
  if (rows.length === 0) return;
  const coinRates = await rateHistory(tx, chainId, [...new Set(rows.map((x) => x.coin))]);
  const next: OrderRow[] = rows.map((x) => {
    const units = BigInt(x.units);
    const filled = BigInt(x.filled);
    const left = units > filled ? units - filled : 0n;
    const now = asDate(x.now).getTime();
    const end = asDate(x.end_time);
    let chainStatus: number = ORDER_STATUS.listed;
    if (left === 0n) chainStatus = ORDER_STATUS.sold;
    else if (x.cancelled || end.getTime() <= now) chainStatus = ORDER_STATUS.cancelled;
    const short = x.synced && BigInt(x.held ?? '0') < left;
    const hidden = short || !x.approved || asDate(x.start_time).getTime() > now;
    const status =
      chainStatus === ORDER_STATUS.listed && hidden ? ORDER_STATUS.forceCancel : chainStatus;
    const priceValue = unitsText(x.price_per_unit, x.decimals ?? 18);
    const createdAt = asDate(x.created_at);
    stats.add(x.contract_addr);
    sellers?.add(`${x.contract_addr}|${x.token_id}|${x.seller}`);
    return {
      chainId,
      marketAddr: listingsAddr,
      orderId: signedOrderId(x.order_hash),
      kind: ORDER_KIND.signed,
      expiresAt: end,
      status,
      chainStatus,
      price: x.price_per_unit,
      moneyAddr: x.coin,
      contractAddr: x.contract_addr,
      tokenId: x.token_id,
      contractType: x.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721,
      amount: x.units,
      leftAmount: left.toString(),
      ownerAddr: x.seller,
      royalty: orderRoyaltyRate(x.royalty, x.erc2981_rate),
      name: x.name,
      imageUrl: x.image_url,
      priceValue,
      priceRef: referenceOf(priceValue, currentRate(coinRates.get(x.coin), x.coin)),
      // A signed listing has no creation on chain: block 0 and its order hash stand for it.
      createdBlock: 0,
      createdTx: x.order_hash,
      createdAt,
      updatedBlock: x.updated_block === null ? 0 : Number(x.updated_block),
      updatedAt: x.updated_at === null ? createdAt : asDate(x.updated_at),
    };
  });
  for (const part of chunks(next, 500)) {
    const ids = part.map((o) => [o.orderId]);
    await tx.execute(sql`
      delete from orders o using ${valuesOf(ids, ['numeric'])} as k(i)
      where o.chain_id = ${chainId} and o.market_addr = ${listingsAddr} and o.order_id = k.i`);
    await tx.insert(orders).values(part);
  }
}
