// insertRows (db/bulk.ts) stores exactly what a drizzle insert stores: defaults for the columns a
// row leaves out, nulls, big numerics, timestamps, JSON; and valuesOf matches tuples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { insertRows, rowsOf, valuesOf } from '../../src/db/bulk.js';
import { nftTransfers, tokenMetadata } from '../../src/db/schema-chain.js';
import { freshDatabase } from '../support/database.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.drop());

const time = new Date('2026-01-02T03:04:05.678Z');
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
  blockTime: time,
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
    const read = async (chainId: number) => ({
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
