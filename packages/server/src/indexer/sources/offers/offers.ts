// Signed offers on the indexer's side: the Offers contract facts and the offerers'
// funding. The API stores each verified offer; the indexer keeps its state columns in step:
// `filled` and `cancelled` from the facts (OfferAccepted, OfferCancelled, CounterIncremented),
// `funded` from the offerer's coin balance and allowance to the Offers contract, read at the
// last block of every range that moved that coin for an offerer with open offers (and for any
// offer the indexer has not looked at yet, state_block null). See README.md "Offers".
import { sql } from 'drizzle-orm';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { AppDb, Tx } from '../../../db/database.js';
import { readAtBlock } from '../../chain-reads.js';
import { offerEvents, offerFunds, type OfferEventRow } from '../../../db/schema-offers.js';
import { chunks, rowsOf } from '../../../db/bulk.js';
import {
  factState,
  inList,
  pairKey,
  pairsIn,
  pairsToRead,
  readIsCurrent,
  rollbackSignedOrders,
  stateBlock,
  type SignedOrderTables,
} from '../../derive/signed-order-state.js';

/** A (coin, owner) pair whose balance and allowance were read at `blockNumber`. */
export interface FundsRead {
  coin: string;
  owner: string;
  balance: string;
  allowance: string;
}

/** What a main range read of the offerers' funds, written with it. */
export interface OfferFundsWrite {
  /** The Offers contract (the spender of the allowances). */
  offersAddr: string;
  /** The range's last block: where the reads were made. */
  blockNumber: number;
  reads: FundsRead[];
}

/** Offers as signed orders: their tables, and the (coin, offerer) pair their funds are read for. */
const OFFERS: SignedOrderTables = {
  orders: 'offers',
  signer: 'offerer',
  events: 'offer_events',
  eventSigner: 'offerer',
  contract: 'offers_addr',
  fill: 'accepted',
  pair: sql`o.coin, o.offerer`,
};

/** The coins stored offers pay with (followed by the indexer besides the wrapped AIA). */
export async function offerCoins(db: AppDb, chainId: number, offersAddr: string) {
  const rows = rowsOf<{ coin: string }>(
    await db.execute(sql`
      select distinct coin from offers where chain_id = ${chainId} and offers_addr = ${offersAddr}`),
  );
  return rows.map((r) => r.coin);
}

/**
 * The (coin, owner) pairs whose funds a range must read: those of open offers among the pairs
 * its coin moves touched, and those of open offers not looked at yet.
 */
export async function fundsToRead(
  db: AppDb,
  chainId: number,
  offersAddr: string,
  touched: readonly string[],
): Promise<{ coin: string; owner: string }[]> {
  const pairs = await pairsToRead(db, OFFERS, chainId, offersAddr, touched);
  return pairs.map(([coin, owner]) => ({ coin, owner }));
}

/**
 * balanceOf(owner) and allowance(owner, Offers) of each pair at `blockNumber`. A call that
 * reverts (or a coin without code) counts as 0: it cannot pay.
 */
export async function readFunds(
  chain: PublicClient,
  offersAddr: string,
  pairs: readonly { coin: string; owner: string }[],
  blockNumber: number,
): Promise<FundsRead[]> {
  const calls = pairs.flatMap(({ coin, owner }) => [
    {
      address: coin as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner as Address],
    } as const,
    {
      address: coin as Address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner as Address, offersAddr as Address],
    } as const,
  ]);
  const results = await readAtBlock(chain, calls, blockNumber);
  const value = (i: number) => ((results[i] as bigint | undefined) ?? 0n).toString();
  return pairs.map(({ coin, owner }, i) => ({
    coin,
    owner,
    balance: value(2 * i),
    allowance: value(2 * i + 1),
  }));
}

/** Which offers a range or a rollback touched. */
interface OfferKeys {
  /** Order hashes with an acceptance or a cancel. */
  hashes: Set<string>;
  /** Offerers whose counter moved. */
  offerers: Set<string>;
  /** coin|owner pairs whose funds were read (or dropped). */
  pairs: Set<string>;
}

function keysOf(rows: Pick<OfferEventRow, 'kind' | 'orderHash' | 'offerer'>[]): OfferKeys {
  const keys: OfferKeys = { hashes: new Set(), offerers: new Set(), pairs: new Set() };
  for (const r of rows) {
    if (r.kind === 'counter') keys.offerers.add(r.offerer);
    else if (r.orderHash) keys.hashes.add(r.orderHash);
  }
  return keys;
}

/**
 * Recomputes the state columns of the selected offers (the touched ones, and every offer not
 * looked at yet) from the facts and the funds rows:
 * - filled = Σ accepted units; cancelled = a cancel of its hash by the offerer, or a counter of
 *   the offerer above the signed one;
 * - a closed offer (cancelled or filled) is funded (nothing left to pay) and looked at;
 * - an open offer is funded when balance and allowance both cover (units - filled) x price, from
 *   its pair's funds row when that row is current: read in this range (read_at = `block`), or
 *   kept current since the offer was last looked at (state_block not null: every move of the
 *   coin by its offerer is read again). Otherwise (a new offer whose pair was not read yet) its
 *   funded flag stays as the API stored it and state_block stays null: the next range reads it.
 */
async function recomputeOffers(tx: Tx, chainId: number, keys: OfferKeys, block: number) {
  const selected = [
    inList(sql`o.order_hash`, keys.hashes),
    inList(sql`o.offerer`, keys.offerers),
    pairsIn(OFFERS.pair, keys.pairs),
    sql`o.state_block is null`,
  ].filter((s) => s !== undefined);
  const state = factState(OFFERS);
  const current = readIsCurrent(sql`s.balance`, block);
  await tx.execute(sql`
    with s as (
      select o.chain_id, o.order_hash, o.units, o.price_per_unit, ${state.columns},
             f.balance, f.allowance, f.block_number as read_at
      from offers o
      ${state.joins}
      left join offer_funds f on f.chain_id = o.chain_id and f.coin = o.coin
        and f.owner = o.offerer and f.spender = o.offers_addr
      where o.chain_id = ${chainId} and (${sql.join(selected, sql` or `)})
    )
    update offers o set
      filled = s.filled,
      cancelled = s.cancelled,
      funded = case
        when s.cancelled or s.filled >= s.units then true
        when ${current} then least(s.balance, s.allowance) >= (s.units - s.filled) * s.price_per_unit
        else o.funded end,
      state_block = ${stateBlock(current, block)}
    from s where o.chain_id = s.chain_id and o.order_hash = s.order_hash`);
}

/**
 * Inside a range's transaction: the Offers facts, the funds read at the range's last block, and
 * the state of the offers they touch (plus every offer not looked at yet).
 */
export async function writeOffers(
  tx: Tx,
  chainId: number,
  facts: OfferEventRow[],
  funds: OfferFundsWrite | undefined,
  block: number,
) {
  for (const part of chunks(facts, 1_000))
    await tx.insert(offerEvents).values(part).onConflictDoNothing();
  const keys = keysOf(facts);
  if (funds) {
    for (const part of chunks(funds.reads, 1_000)) {
      await tx
        .insert(offerFunds)
        .values(
          part.map((r) => ({
            chainId,
            coin: r.coin,
            owner: r.owner,
            spender: funds.offersAddr,
            balance: r.balance,
            allowance: r.allowance,
            blockNumber: funds.blockNumber,
          })),
        )
        .onConflictDoUpdate({
          target: [offerFunds.chainId, offerFunds.coin, offerFunds.owner, offerFunds.spender],
          set: {
            balance: sql`excluded.balance`,
            allowance: sql`excluded.allowance`,
            blockNumber: sql`excluded.block_number`,
          },
        });
    }
    for (const r of funds.reads) keys.pairs.add(pairKey(r.coin, r.owner));
  }
  await recomputeOffers(tx, chainId, keys, block);
}

/**
 * Inside a rollback's transaction: deletes the Offers facts and the funds reads above `fork`,
 * clears the state of every offer last looked at above it (so the next range reads its funds
 * again), and recomputes the offers the deleted facts touched.
 */
export async function rollbackOffers(tx: Tx, chainId: number, fork: number) {
  const { deleted, dropped } = await rollbackSignedOrders(
    tx,
    OFFERS,
    chainId,
    fork,
    {
      table: offerEvents,
      fields: {
        kind: offerEvents.kind,
        orderHash: offerEvents.orderHash,
        offerer: offerEvents.offerer,
      },
    },
    { table: offerFunds, contract: offerFunds.coin, owner: offerFunds.owner },
  );
  const keys = keysOf(deleted);
  keys.pairs = dropped;
  await recomputeOffers(tx, chainId, keys, fork);
}
