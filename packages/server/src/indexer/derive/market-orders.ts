// Derivation: the market's orders rows, re-folded from their listings' events for the touched keys.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { unitsText } from '@aiamarket/shared';
import type { Tx } from '../../db/database.js';
import { chunks, insertRows, rowsOf, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { marketEvents, orders } from '../../db/schema-chain.js';
import { coinDecimals } from '../../db/schema-coins.js';
import { foldListing, orderOf, orderRoyalty } from './listing-fold.js';
import { currentRate, rateHistory, referenceOf } from '../sources/coins/rates.js';
import { uniq, split, type Touched } from './keys.js';
import { itemEvents, collectionInfo, type ItemEvents } from './market-items.js';

/** Decimals of the given coins (18, AIA's, for a coin never read: cannot happen for a fact). */
export async function decimalsOf(tx: Tx, chainId: number, coins: string[]) {
  const out = new Map<string, number>();
  if (coins.length === 0) return out;
  const rows = await tx
    .select({ address: coinDecimals.address, decimals: coinDecimals.decimals })
    .from(coinDecimals)
    .where(and(eq(coinDecimals.chainId, chainId), inArray(coinDecimals.address, coins)));
  for (const r of rows) out.set(r.address, r.decimals);
  return out;
}

/** Name and image of the given tokens (contract|tokenId) from token_metadata. */
export async function itemsOf(tx: Tx, chainId: number, tokens: string[]) {
  const out = new Map<string, { name: string | null; imageUrl: string | null }>();
  for (const part of chunks(tokens, KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    const rows = rowsOf<{ c: string; t: string; name: string | null; image_url: string | null }>(
      await tx.execute(sql`
        select m.contract_addr as c, m.token_id::text as t, m.name, m.image_url
        from token_metadata m join ${k} as k(c, t) on m.contract_addr = k.c and m.token_id = k.t
        where m.chain_id = ${chainId}`),
    );
    for (const r of rows) out.set(`${r.c}|${r.t}`, { name: r.name, imageUrl: r.image_url });
  }
  return out;
}

/**
 * Re-derives the touched orders; adds their collections to `touched.stats`. `read`: listings'
 * events already read in this transaction (after its facts).
 */
export async function recomputeOrders(
  tx: Tx,
  chainId: number,
  touched: Touched,
  read?: ItemEvents,
) {
  const items = new Set(touched.items);
  // Listings whose seller's holding changed, or of a collection whose back-fill completed.
  for (const part of chunks([...touched.holdings], KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    const rows = rowsOf<{ market_addr: string; order_id: string }>(
      await tx.execute(sql`
        select o.market_addr, o.order_id::text as order_id from orders o
        join ${k} as k(c, t, s) on o.contract_addr = k.c and o.token_id = k.t and o.owner_addr = k.s
        where o.chain_id = ${chainId} and o.chain_status = 0 and o.kind = 0`),
    );
    for (const r of rows) items.add(`${r.market_addr}|${r.order_id}`);
  }
  if (touched.contracts.size > 0) {
    const rows = await tx
      .select({ market: orders.marketAddr, id: orders.orderId })
      .from(orders)
      .where(
        and(
          eq(orders.chainId, chainId),
          eq(orders.chainStatus, 0),
          eq(orders.kind, 0),
          inArray(orders.contractAddr, [...touched.contracts]),
        ),
      );
    for (const r of rows) items.add(`${r.market}|${r.id}`);
  }
  if (items.size === 0) return;
  const keys = [...items];
  const events = await itemEvents(tx, chainId, keys, read);
  const listings = [...events.values()].map(foldListing).filter((l) => l !== null);

  // Royalty rate of each collection on the market, as set before the listing was created.
  const contracts = uniq(listings.map((l) => l.contractAddr));
  const rates =
    contracts.length === 0
      ? []
      : await tx
          .select()
          .from(marketEvents)
          .where(
            and(
              eq(marketEvents.chainId, chainId),
              eq(marketEvents.kind, 'royaltyRate'),
              inArray(marketEvents.contractAddr, contracts),
            ),
          )
          .orderBy(asc(marketEvents.blockNumber), asc(marketEvents.logIndex));

  const info = await collectionInfo(tx, chainId);
  const held = new Map<string, bigint>();
  const holdKeys = uniq(listings.map((l) => `${l.contractAddr}|${l.tokenId}|${l.ownerAddr}`));
  for (const part of chunks(holdKeys, KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    const rows = rowsOf<{ c: string; t: string; o: string; amount: string }>(
      await tx.execute(sql`
        select h.contract_addr as c, h.token_id::text as t, h.owner_addr as o, h.amount::text as amount
        from holdings h join ${k} as k(c, t, o)
          on h.contract_addr = k.c and h.token_id = k.t and h.owner_addr = k.o
        where h.chain_id = ${chainId}`),
    );
    for (const r of rows) held.set(`${r.c}|${r.t}|${r.o}`, BigInt(r.amount));
  }

  const coins = uniq(listings.map((l) => l.moneyAddr));
  const decimals = await decimalsOf(tx, chainId, coins);
  const coinRates = await rateHistory(tx, chainId, coins);
  const tokens = await itemsOf(
    tx,
    chainId,
    uniq(listings.map((l) => `${l.contractAddr}|${l.tokenId}`)),
  );
  const next = listings.map((l) => {
    const collection = info.get(l.contractAddr);
    const known = collection !== undefined && collection.synced === null;
    const holds = known ? (held.get(`${l.contractAddr}|${l.tokenId}|${l.ownerAddr}`) ?? 0n) : null;
    const royalty = orderRoyalty(
      rates
        .filter((r) => r.contractAddr === l.contractAddr)
        .map((r) => ({ blockNumber: r.blockNumber, logIndex: r.logIndex, rate: Number(r.price) })),
      l,
      l.erc2981Rate,
    );
    const item = tokens.get(`${l.contractAddr}|${l.tokenId}`);
    touched.stats.add(l.contractAddr);
    touched.sellers.add(`${l.contractAddr}|${l.tokenId}|${l.ownerAddr}`);
    const priceValue = unitsText(l.price, decimals.get(l.moneyAddr) ?? 18);
    return orderOf(chainId, l, holds, royalty, {
      name: item?.name ?? null,
      imageUrl: item?.imageUrl ?? null,
      priceValue,
      priceRef: referenceOf(priceValue, currentRate(coinRates.get(l.moneyAddr), l.moneyAddr)),
    });
  });

  for (const part of chunks(keys, KEYS_PER_STATEMENT)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    await tx.execute(sql`
      delete from orders o using ${k} as k(m, i)
      where o.chain_id = ${chainId} and o.market_addr = k.m and o.order_id = k.i and o.kind = 0`);
  }
  await insertRows(tx, orders, next);
}
