// Derivation: the activity rows of a range's new facts (market events and transfers).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { chunks, rowsOf, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { copyRows, type CopyText } from '../../db/copy-rows.js';
import { activities, launchpadEvents, marketEvents } from '../../db/schema-chain.js';
import { byPosition, foldListing } from './listing-fold.js';
import {
  marketActivity,
  saleKey,
  swapKey,
  transferActivity,
  type TxContext,
} from './activity-rows.js';
import { type ActivityRow, type RangeFacts } from '../sync/fact-rows.js';
import { uniq } from './keys.js';
import { itemEvents, collectionInfo, type ItemEvents } from './market-items.js';

/**
 * Activities of new facts: market events (with the listing before them) and transfers. Answers
 * the listings' events it read (the orders' derivation takes them instead of reading them again).
 * A main range's transfer activities come built (`transfers`, prepare.ts: a transaction's other
 * events are in the range, which reads every followed address). A collection's back-fill reads
 * that collection alone: the context of its transfers is read from the stored facts ('stored').
 */
export async function writeActivities(
  tx: Tx,
  chainId: number,
  facts: RangeFacts,
  launchpads: ReadonlySet<string>,
  transfers: CopyText<typeof activities> | 'stored',
): Promise<ItemEvents> {
  const out: ActivityRow[] = [];
  let read: ItemEvents = new Map();
  const listed = facts.market.filter((m) => m.itemId);
  if (listed.length > 0) {
    read = await itemEvents(tx, chainId, uniq(listed.map((m) => `${m.marketAddr}|${m.itemId}`)));
    for (const m of listed) {
      const history = read.get(`${m.marketAddr}|${m.itemId}`) ?? [];
      const before = foldListing(history.filter((h) => byPosition(h, m) < 0));
      const row = marketActivity(m, before);
      if (row) out.push(row);
    }
  }
  // An offer acceptance: a trade of no market item (no listing before it).
  for (const m of facts.market) {
    if (m.itemId || m.kind !== 'sold') continue;
    const row = marketActivity(m, null);
    if (row) out.push(row);
  }
  if (transfers !== 'stored') {
    await copyRows(tx, activities, out);
    await transfers.write(tx);
    return read;
  }
  if (facts.transfers.length > 0) {
    const info = await collectionInfo(tx, chainId);
    const context = await contextOfStored(tx, chainId, uniq(facts.transfers.map((t) => t.txHash)));
    for (const t of facts.transfers) {
      const type = info.get(t.contractAddr)?.type ?? 'ERC721';
      const row = transferActivity(t, type, context.get(t.txHash), launchpads);
      if (row) out.push(row);
    }
  }
  await copyRows(tx, activities, out);
  return read;
}

/** Sales, sweeps and swaps per transaction: the context that turns a transfer into a trade or a swap. */
type Context = Map<string, TxContext>;

function contextOf(): [Context, (hash: string) => TxContext] {
  const context: Context = new Map();
  const ctxOf = (hash: string) => {
    let c = context.get(hash);
    if (!c) context.set(hash, (c = { sales: new Set(), swaps: new Set() }));
    return c;
  };
  return [context, ctxOf];
}

/** The context of a main range's transactions, from its own facts. */
export function contextOfFacts(facts: RangeFacts): Context {
  const [context, ctxOf] = contextOf();
  const sold = facts.market.filter((m) => m.kind === 'sold');
  for (const s of sold)
    ctxOf(s.txHash).sales.add(saleKey(s.contractAddr, s.tokenId!, s.seller!, s.buyer!));
  // A market listing bought in a sweep moves seller -> Listings -> buyer; its trade (with the
  // real buyer) stands for both transfers.
  for (const w of facts.listings) {
    if (w.kind !== 'swept' || w.itemId == null) continue;
    for (const m of sold) {
      if (m.txHash !== w.txHash || m.itemId !== w.itemId || m.buyer !== w.account) continue;
      const sales = ctxOf(w.txHash).sales;
      sales.add(saleKey(m.contractAddr, m.tokenId!, m.seller!, w.listingsAddr));
      sales.add(saleKey(m.contractAddr, m.tokenId!, w.listingsAddr, m.buyer));
    }
  }
  for (const s of facts.launchpad) {
    if (s.kind === 'swap') ctxOf(s.txHash).swaps.add(swapKey(s.coinOrSource, s.userAddr));
  }
  return context;
}

/** The context of the given transactions, from the stored facts. */
async function contextOfStored(tx: Tx, chainId: number, hashes: string[]): Promise<Context> {
  const [context, ctxOf] = contextOf();
  for (const part of chunks(hashes, KEYS_PER_STATEMENT)) {
    const hashList = valuesOf(
      part.map((h) => [h]),
      ['varchar'],
    );
    const sold = await tx
      .select()
      .from(marketEvents)
      .where(
        and(
          eq(marketEvents.chainId, chainId),
          eq(marketEvents.kind, 'sold'),
          sql`${marketEvents.txHash} in ${hashList}`,
        ),
      );
    for (const s of sold)
      ctxOf(s.txHash).sales.add(saleKey(s.contractAddr, s.tokenId!, s.seller!, s.buyer!));
    // A market listing bought in a sweep moves seller -> Listings -> buyer; its trade (with
    // the real buyer) stands for both transfers.
    const swept = rowsOf<{
      tx_hash: string;
      relay: string;
      contract_addr: string;
      token_id: string;
      seller: string;
      buyer: string;
    }>(
      await tx.execute(sql`
        select w.tx_hash, w.listings_addr as relay, m.contract_addr, m.token_id::text as token_id,
               m.seller, m.buyer
        from listing_events w
        join market_events m on m.chain_id = w.chain_id and m.tx_hash = w.tx_hash
          and m.kind = 'sold' and m.item_id = w.item_id and m.buyer = w.account
        where w.chain_id = ${chainId} and w.kind = 'swept'
          and w.tx_hash in ${hashList}`),
    );
    for (const s of swept) {
      const sales = ctxOf(s.tx_hash).sales;
      sales.add(saleKey(s.contract_addr, s.token_id, s.seller, s.relay));
      sales.add(saleKey(s.contract_addr, s.token_id, s.relay, s.buyer));
    }
    const swaps = await tx
      .select()
      .from(launchpadEvents)
      .where(
        and(
          eq(launchpadEvents.chainId, chainId),
          eq(launchpadEvents.kind, 'swap'),
          sql`${launchpadEvents.txHash} in ${hashList}`,
        ),
      );
    for (const s of swaps) ctxOf(s.txHash).swaps.add(swapKey(s.coinOrSource, s.userAddr));
  }
  return context;
}
