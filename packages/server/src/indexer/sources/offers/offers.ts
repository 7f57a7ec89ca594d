// Signed offers on the indexer's side: the Offers contract facts and the offerers'
// funding. The API stores each verified offer; the indexer keeps its state columns in step:
// `filled` and `cancelled` from the facts (OfferAccepted, OfferCancelled, CounterIncremented),
// `funded` from the offerer's coin balance and allowance to the Offers contract, read at the
// last block of every range that moved that coin for an offerer with open offers (and for any
// offer the indexer has not looked at yet, state_block null). See README.md "Offers".
import { sql, type SQL } from 'drizzle-orm';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { AppDb, Tx } from '../../../db/database.js';
import { isRevert } from '../../chain-reads.js';
import { offerEvents, offerFunds, type OfferEventRow } from '../../../db/schema-offers.js';
import { takeAbove } from '../../sync/above-fork.js';
import { chunks, rowsOf, valuesOf } from '../../../db/bulk.js';

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

const pairKey = (coin: string, owner: string) => `${coin}|${owner}`;

/** The coins stored offers pay with (followed by the indexer besides the wrapped AIA). */
export async function offerCoins(db: AppDb, chainId: number, offersAddr: string) {
  const rows = rowsOf<{ coin: string }>(
    await db.execute(sql`
      select distinct coin from offers where chain_id = ${chainId} and offers_addr = ${offersAddr}`),
  );
  return rows.map((r) => r.coin);
}

/**
 * The (coin, owner) pairs whose funds a range must read: the pairs its coin moves touched that
 * have an open offer (not cancelled, not filled; expiry is not looked at, so a replay reads
 * the same pairs), and the pairs of open offers the indexer has not looked at yet (stored by the
 * API since its last range, or whose state a rollback cleared).
 */
export async function fundsToRead(
  db: AppDb,
  chainId: number,
  offersAddr: string,
  touched: readonly string[],
): Promise<{ coin: string; owner: string }[]> {
  const open = sql`o.chain_id = ${chainId} and o.offers_addr = ${offersAddr}
    and not o.cancelled and o.filled < o.units`;
  const out = new Map<string, { coin: string; owner: string }>();
  const add = (rows: { coin: string; owner: string }[]) => {
    for (const r of rows) out.set(pairKey(r.coin, r.owner), r);
  };
  add(
    rowsOf<{ coin: string; owner: string }>(
      await db.execute(sql`
        select distinct o.coin, o.offerer as owner from offers o
        where ${open} and o.state_block is null`),
    ),
  );
  for (const part of chunks([...new Set(touched)], 500)) {
    const k = valuesOf(
      part.map((p) => p.split('|')),
      ['varchar', 'varchar'],
    );
    add(
      rowsOf<{ coin: string; owner: string }>(
        await db.execute(sql`
          select distinct o.coin, o.offerer as owner from offers o
          join ${k} as k(c, w) on o.coin = k.c and o.offerer = k.w
          where ${open}`),
      ),
    );
  }
  return [...out.values()];
}

/**
 * balanceOf(owner) and allowance(owner, Offers) of each pair at `blockNumber`, batched: one
 * deployless multicall (works on any node, no Multicall3 needed) per 250 pairs. A call that
 * reverts (or a coin without code) counts as 0: it cannot pay. Any other error (network) fails
 * the step, which is retried.
 */
export async function readFunds(
  chain: PublicClient,
  offersAddr: string,
  pairs: readonly { coin: string; owner: string }[],
  blockNumber: number,
): Promise<FundsRead[]> {
  const out: FundsRead[] = [];
  for (const part of chunks([...pairs], 250)) {
    const results = await chain.multicall({
      contracts: part.flatMap(({ coin, owner }) => [
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
      ]),
      allowFailure: true,
      deployless: true,
      blockNumber: BigInt(blockNumber),
    });
    const value = (i: number) => {
      const r = results[i]!;
      if (r.status === 'success') return (r.result as bigint).toString();
      // With allowFailure, viem also reports a failed request (network) as a failure per call.
      if (!isRevert(r.error)) throw r.error;
      return '0';
    };
    part.forEach(({ coin, owner }, i) =>
      out.push({ coin, owner, balance: value(2 * i), allowance: value(2 * i + 1) }),
    );
  }
  return out;
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

function inList(column: SQL, values: Set<string>): SQL | undefined {
  if (values.size === 0) return undefined;
  return sql`${column} in (${sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  )})`;
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
  const pairs =
    keys.pairs.size === 0
      ? undefined
      : sql`(o.coin, o.offerer) in ${valuesOf(
          [...keys.pairs].map((p) => p.split('|')),
          ['varchar', 'varchar'],
        )}`;
  const selected = [
    inList(sql`o.order_hash`, keys.hashes),
    inList(sql`o.offerer`, keys.offerers),
    pairs,
    sql`o.state_block is null`,
  ].filter((s) => s !== undefined);
  await tx.execute(sql`
    with s as (
      select o.chain_id, o.order_hash, o.units, o.price_per_unit,
             coalesce(a.filled, 0) as filled,
             (exists (select 1 from offer_events c
                      where c.chain_id = o.chain_id and c.kind = 'cancelled'
                        and c.offers_addr = o.offers_addr and c.offerer = o.offerer
                        and c.order_hash = o.order_hash)
              or o.counter < coalesce(n.counter, 0)) as cancelled,
             f.balance, f.allowance, f.block_number as read_at
      from offers o
      left join lateral (
        select sum(e.units) as filled from offer_events e
        where e.chain_id = o.chain_id and e.kind = 'accepted' and e.offers_addr = o.offers_addr
          and e.order_hash = o.order_hash) a on true
      left join lateral (
        select max(e.counter) as counter from offer_events e
        where e.chain_id = o.chain_id and e.kind = 'counter' and e.offers_addr = o.offers_addr
          and e.offerer = o.offerer) n on true
      left join offer_funds f on f.chain_id = o.chain_id and f.coin = o.coin
        and f.owner = o.offerer and f.spender = o.offers_addr
      where o.chain_id = ${chainId} and (${sql.join(selected, sql` or `)})
    )
    update offers o set
      filled = s.filled,
      cancelled = s.cancelled,
      funded = case
        when s.cancelled or s.filled >= s.units then true
        when s.balance is not null and (o.state_block is not null or s.read_at = ${block}::bigint)
          then least(s.balance, s.allowance) >= (s.units - s.filled) * s.price_per_unit
        else o.funded end,
      state_block = case
        when s.cancelled or s.filled >= s.units then ${block}::bigint
        when s.balance is not null and (o.state_block is not null or s.read_at = ${block}::bigint)
          then ${block}::bigint
        else null end
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
  const deleted = await takeAbove(tx, offerEvents, chainId, fork, {
    kind: offerEvents.kind,
    orderHash: offerEvents.orderHash,
    offerer: offerEvents.offerer,
  });
  const dropped = await takeAbove(tx, offerFunds, chainId, fork, {
    coin: offerFunds.coin,
    owner: offerFunds.owner,
  });
  await tx.execute(sql`
    update offers set state_block = null where chain_id = ${chainId} and state_block > ${fork}::bigint`);
  const keys = keysOf(deleted);
  for (const r of dropped) keys.pairs.add(pairKey(r.coin, r.owner));
  // Offers of a dropped pair are not looked at until their funds are read again.
  if (keys.pairs.size > 0) {
    await tx.execute(sql`
      update offers o set state_block = null
      where o.chain_id = ${chainId} and (o.coin, o.offerer) in ${valuesOf(
        [...keys.pairs].map((p) => p.split('|')),
        ['varchar', 'varchar'],
      )}`);
  }
  await recomputeOffers(tx, chainId, keys, fork);
}
