// insertRows (db/bulk.ts) stores exactly what a drizzle insert stores: defaults for the columns a
// row leaves out, nulls, big numerics, timestamps, JSON; and valuesOf matches tuples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { insertRows, rowsOf, valuesOf } from '../../src/db/bulk.js';
import { copyRows, CopyText } from '../../src/db/copy-rows.js';
import { nftTransfers, tokenMetadata } from '../../src/db/schema-chain.js';
import { freshDatabase } from '../support/database.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.drop());

const time = new Date('2026-01-02T03:04:05.678Z');
/** One time per block of three transfers, shared like the indexer's block times. */
const blockTimes = Array.from(
  { length: 200 },
  (_, b) => new Date(time.getTime() + b * 2_000 + (b % 7)),
);
const transfer = (chainId: number, i: number) => ({
  chainId,
  blockNumber: 10 + i,
  txHash: `0x${String(i).padStart(64, '0')}`,
  logIndex: i,
  subIndex: 0,
  contractAddr: '0x' + 'a'.repeat(40),
  tokenId: (2n ** 255n + BigInt(i)).toString(),
  fromAddr: '0x' + '0'.repeat(40),
  toAddr: '0x' + 'b'.repeat(40),
  amount: '1',
  blockTime: blockTimes[Math.floor(i / 3)]!,
  batch: i % 2 === 1,
});
const metadata = (chainId: number, i: number) => ({
  chainId,
  contractAddr: '0x' + 'c'.repeat(40),
  tokenId: String(i),
  name: i === 0 ? null : `Token "${i}" \u00e9\u4e2d`,
  properties: i === 0 ? null : [{ name: 'Level', value: String(i) }],
  status: 'ok',
  fetchedAt: time,
  // `attempts` left out: its default.
});

/** The transfers and metadata rows of a chain id, with the chain id blanked (to compare). */
const read = async (chainId: number) => {
  const db = fresh.database.db;
  return {
    transfers: (
      await db
        .select()
        .from(nftTransfers)
        .where(eq(nftTransfers.chainId, chainId))
        .orderBy(asc(nftTransfers.logIndex))
    ).map((r) => ({ ...r, chainId: 0 })),
    metadata: (
      await db
        .select()
        .from(tokenMetadata)
        .where(eq(tokenMetadata.chainId, chainId))
        .orderBy(asc(tokenMetadata.tokenId))
    ).map((r) => ({ ...r, chainId: 0 })),
  };
};

describe('insertRows', () => {
  it('stores the same rows as a drizzle insert', async () => {
    const db = fresh.database.db;
    await db.insert(nftTransfers).values([0, 1, 2, 3].map((i) => transfer(1, i)));
    await db.insert(tokenMetadata).values([0, 1].map((i) => metadata(1, i)));
    await db.transaction(async (tx) => {
      await insertRows(
        tx,
        nftTransfers,
        [0, 1, 2, 3].map((i) => transfer(2, i)),
      );
      // A conflict clause as given: the second insert of the same rows changes nothing.
      await insertRows(tx, nftTransfers, [transfer(2, 0)], sql`on conflict do nothing`);
      await insertRows(
        tx,
        tokenMetadata,
        [0, 1].map((i) => metadata(2, i)),
      );
    });
    const viaDrizzle = await read(1);
    expect(viaDrizzle.transfers).toHaveLength(4);
    expect(viaDrizzle.metadata[0]!.attempts).toBe(0);
    expect(await read(2)).toEqual(viaDrizzle);
  });

  it('valuesOf gives typed tuples for row-wise in tests', async () => {
    const rows = rowsOf<{ n: string }>(
      await fresh.database.db.execute(sql`
        select count(*)::text as n from nft_transfers
        where (contract_addr, token_id) in ${valuesOf(
          [
            ['0x' + 'a'.repeat(40), (2n ** 255n + 1n).toString()],
            ['0x' + 'a'.repeat(40), '5'],
          ],
          ['varchar', 'numeric'],
        )}`),
    );
    // Token 2^255 + 1 of both chains; '5' matches nothing.
    expect(rows[0]!.n).toBe('2');
  });
});

describe('copyRows', () => {
  // Enough rows for COPY (smaller batches go through insertRows); names with every character
  // COPY's text format escapes, JSON, nulls and left-out columns.
  const N = 300;
  const awkward = (i: number) =>
    i % 3 === 0 ? null : `Tab\there, line\nbreak\r, back\\slash \\N "${i}" \u00e9\u4e2d`;
  const meta = (chainId: number, i: number) => ({
    ...metadata(chainId, i),
    name: awkward(i),
    properties: i % 3 === 0 ? null : [{ name: 'Lvl\t"x"\\', value: `${i}\n` }],
  });

  it('stores the same rows as a drizzle insert, and skips rows whose key exists', async () => {
    const db = fresh.database.db;
    const ids = Array.from({ length: N }, (_, i) => i);
    await db.insert(nftTransfers).values(ids.map((i) => transfer(11, i)));
    await db.insert(tokenMetadata).values(ids.map((i) => meta(11, i)));
    // Chain 12: the first 50 rows are there already, with another name: COPY meets their keys.
    await db
      .insert(tokenMetadata)
      .values(ids.slice(0, 50).map((i) => ({ ...meta(12, i), name: 'kept' })));
    await db.transaction(async (tx) => {
      await copyRows(
        tx,
        nftTransfers,
        ids.map((i) => transfer(12, i)),
      );
      await copyRows(
        tx,
        tokenMetadata,
        ids.map((i) => meta(12, i)),
      );
    });
    const viaDrizzle = await read(11);
    const viaCopy = await read(12);
    expect(viaCopy.transfers).toHaveLength(N);
    expect(viaCopy.transfers).toEqual(viaDrizzle.transfers);
    expect(viaCopy.metadata.slice(0, 50).map((r) => r.name)).toEqual(Array(50).fill('kept'));
    expect(viaCopy.metadata.slice(50)).toEqual(
      // Sorted by token id as text (numeric): the same order on both chains.
      viaDrizzle.metadata.filter(
        (r) => !viaCopy.metadata.slice(0, 50).some((k) => k.tokenId === r.tokenId),
      ),
    );
    expect(viaDrizzle.metadata[1]!.name).toBe(awkward(1));
  });

  it('fails on any other error, like an insert', async () => {
    const db = fresh.database.db;
    const rows = Array.from({ length: N }, (_, i) => ({
      ...transfer(13, i),
      fromAddr: 'x'.repeat(50),
    }));
    await expect(db.transaction((tx) => copyRows(tx, nftTransfers, rows))).rejects.toThrow();
    expect(await db.select().from(nftTransfers).where(eq(nftTransfers.chainId, 13))).toEqual([]);
  });

  it('writes a text built in several parts, past one COPY statement, as the same rows', async () => {
    const db = fresh.database.db;
    // More rows than one COPY statement takes (20,000), added in uneven slices as the indexer's
    // prepared ranges are; ten rows of the second statement exist already (its fallback).
    const n = 20_100;
    const transfers = (chainId: number) =>
      Array.from({ length: n }, (_, i) => ({ ...transfer(chainId, i), blockTime: time }));
    await db.insert(nftTransfers).values(
      transfers(15)
        .slice(20_050, 20_060)
        .map((r) => ({ ...r, toAddr: '0x' + 'c'.repeat(40) })),
    );
    const text = new CopyText(nftTransfers);
    const rows = transfers(15);
    for (const [from, to] of [
      [0, 7],
      [7, 19_999],
      [19_999, n],
    ] as const)
      text.add(rows.slice(from, to));
    expect(text.size).toBe(n);
    await db.transaction((tx) => text.write(tx));
    const stored = (await read(15)).transfers;
    expect(stored).toHaveLength(n);
    const expected = rows.map((r, i) => ({
      ...r,
      chainId: 0,
      toAddr: i >= 20_050 && i < 20_060 ? '0x' + 'c'.repeat(40) : r.toAddr,
    }));
    expect(stored).toEqual(expected);
  });
});
