import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_METHOD, ERRORS, TRANSFER_METHODS, type ActivityVO } from '@aiamarket/shared';
import { ACTIVITY_COUNT_CAP } from './queries.js';
import { activities, collectionProfiles, tokenMetadata, users } from '../../db/schema.js';
import type { freshDatabase } from '../../../test/support/database.js';
import { signIn } from '../../../test/support/sign-in.js';
import { useScenarioApp } from '../../../test/support/scenario-app.js';
import { ACTORS, CHAIN_ID, type Chain } from '../../../test/indexer/support.js';

let c: Chain;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let g721: string;
let g1155: string;
const carol = ACTORS.carol.address.toLowerCase();
const alice = ACTORS.alice.address.toLowerCase();

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/v1/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

useScenarioApp(async (s) => {
  ({ c, fresh, app } = s);
  g721 = c.addr('GameItems721').toLowerCase();
  g1155 = c.addr('GameItems1155').toLowerCase();
  // Names come from users, item name and image from token_metadata.
  await signIn(app, privateKeyToAccount(ACTORS.alice.privateKey));
  await signIn(app, privateKeyToAccount(ACTORS.carol.privateKey));
  const db = fresh.database.db;
  await db.update(users).set({ username: 'Alice' }).where(eq(users.address, alice));
  await db.update(users).set({ username: 'Carol' }).where(eq(users.address, carol));
  await db
    .insert(tokenMetadata)
    .values({
      chainId: CHAIN_ID,
      contractAddr: g721,
      tokenId: '1',
      name: 'Hero #1',
      imageUrl: '/ipfs/bafyhero1',
      status: 'ok',
      fetchedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
      set: { name: 'Hero #1', imageUrl: '/ipfs/bafyhero1', status: 'ok' },
    });
});

/** The activity rows the database holds for a filter, newest first. */
async function expected(where: ReturnType<typeof and>) {
  return fresh.database.db
    .select()
    .from(activities)
    .where(where)
    .orderBy(desc(activities.blockNumber), desc(activities.logIndex), desc(activities.subIndex));
}

const keyOf = (r: { txHash: string; method: number; tokenId: string }) =>
  `${r.txHash}:${r.method}:${r.tokenId}`;

describe('transaction/page', () => {
  it("answers a collection's history newest first with every ActivityVO field", async () => {
    const rows = await expected(eq(activities.contractAddr, g721));
    const res = await call('POST', '/transaction/page', {
      contractAddr: g721.toUpperCase().replace('0X', '0x'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: rows.length, current: 1, size: 20 });
    expect(data.records.map(keyOf)).toEqual(rows.slice(0, 20).map(keyOf));
    expect(Object.keys(data.records[0]).sort()).toEqual(
      [
        'method',
        'price',
        'coin',
        'priceRef',
        'amount',
        'fromAddr',
        'toAddr',
        'fromName',
        'toName',
        'createDate',
        'txHash',
        'tokenId',
        'contractAddr',
        'imageUrl',
        'nmName',
        'collectionName',
        'linkCollection',
      ].sort(),
    );
    const profile = (
      await fresh.database.db
        .select()
        .from(collectionProfiles)
        .where(eq(collectionProfiles.contractAddr, g721))
    )[0]!;
    for (const r of data.records as ActivityVO[]) {
      expect(r.collectionName).toBe(profile.name);
      expect(r.linkCollection).toBe(profile.linkCollection);
    }
  });

  it('joins names, item metadata, and prices in coin units', async () => {
    const res = await call('POST', '/transaction/page', {
      contractAddr: g721,
      tokenId: '1',
      types: [ACTIVITY_METHOD.trade],
    });
    const records = res.json().data.records as ActivityVO[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      method: ACTIVITY_METHOD.trade,
      price: '1',
      coin: 'AIA',
      amount: '1',
      fromAddr: alice,
      fromName: 'Alice',
      toAddr: carol,
      toName: 'Carol',
      tokenId: '1',
      nmName: 'Hero #1',
      imageUrl: '/ipfs/bafyhero1',
    });
    // The stable-coin trade of the 1155 item: 6 decimals and the coin's symbol.
    const stable = await call('GET', `/transaction/page?contractAddr=${g1155}&tokenId=1&types=2`);
    const trade = stable.json().data.records[0] as ActivityVO;
    const row = (
      await expected(
        and(
          eq(activities.contractAddr, g1155),
          eq(activities.tokenId, '1'),
          eq(activities.method, ACTIVITY_METHOD.trade),
        ),
      )
    )[0]!;
    expect(trade.price).toBe(formatUnits(BigInt(row.price!), 6));
    expect(trade.coin).not.toBe('AIA');
  });

  it('filters by method codes (the transfer group too) and pages', async () => {
    const transfers = await expected(
      and(eq(activities.contractAddr, g1155), inArray(activities.method, [...TRANSFER_METHODS])),
    );
    expect(transfers.length).toBeGreaterThan(0);
    const res = await call('POST', '/transaction/page', {
      contractAddr: g1155,
      types: [...TRANSFER_METHODS],
    });
    expect(res.json().data.records.map(keyOf)).toEqual(transfers.map(keyOf));
    const all = await expected(eq(activities.contractAddr, g1155));
    const page2 = (
      await call('GET', `/transaction/page?contractAddr=${g1155}&page=2&size=3`)
    ).json().data;
    expect(page2).toMatchObject({ total: all.length, current: 2, size: 3 });
    expect(page2.records.map(keyOf)).toEqual(all.slice(3, 6).map(keyOf));
    const comma = await call('GET', `/transaction/page?contractAddr=${g1155}&types=0,1`);
    for (const r of comma.json().data.records) expect([0, 1]).toContain(r.method);
    const empty = await call('POST', '/transaction/page', { contractAddr: g1155, types: [] });
    expect(empty.json().data.total).toBe(all.length);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      {},
      { contractAddr: '0x12' },
      { contractAddr: g721, tokenId: 'abc' },
      { contractAddr: g721, types: ['x'] },
      { contractAddr: g721, size: 0 },
      { contractAddr: g721, page: -1 },
      { tokenId: '1', userAddr: g721 },
      { userAddr: '0x12' },
    ]) {
      const res = await call('POST', '/transaction/page', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ERRORS.badRequest.code);
    }
  });
});

describe('transaction/userPage', () => {
  it('answers the rows where the user sends or receives, newest first', async () => {
    const rows = await expected(or(eq(activities.fromAddr, carol), eq(activities.toAddr, carol)));
    expect(rows.length).toBeGreaterThan(0);
    const res = await call('POST', '/transaction/userPage', { userAddr: ACTORS.carol.address });
    const data = res.json().data;
    expect(data).toMatchObject({ total: rows.length, current: 1 });
    expect(data.records.map(keyOf)).toEqual(rows.slice(0, 20).map(keyOf));
    for (const r of data.records as ActivityVO[]) {
      expect([r.fromAddr, r.toAddr]).toContain(carol);
    }
    const mints = await call('GET', `/transaction/userPage?userAddr=${carol}&types=8`);
    const mintRows = await expected(
      and(
        or(eq(activities.fromAddr, carol), eq(activities.toAddr, carol)),
        eq(activities.method, ACTIVITY_METHOD.mint),
      ),
    );
    expect(mints.json().data.total).toBe(mintRows.length);
    const nobody = await call('POST', '/transaction/userPage', {
      userAddr: '0x' + '9'.repeat(40),
    });
    expect(nobody.json().data).toMatchObject({ records: [], total: 0 });
    const missing = await call('POST', '/transaction/userPage', {});
    expect(missing.statusCode).toBe(400);
  });

  it('is also the activity list of transaction/page with userAddr (the spec: contractAddr or userAddr)', async () => {
    const byUser = await call('POST', '/transaction/userPage', { userAddr: carol, types: [8] });
    const byList = await call('POST', '/transaction/page', { userAddr: carol, types: [8] });
    expect(byList.statusCode).toBe(200);
    expect(byList.json().data).toEqual(byUser.json().data);
    expect(byList.json().data.total).toBeGreaterThan(0);
    const inCollection = await call(
      'GET',
      `/transaction/page?userAddr=${carol}&contractAddr=${g1155}`,
    );
    const rows = await expected(
      and(
        or(eq(activities.fromAddr, carol), eq(activities.toAddr, carol)),
        eq(activities.contractAddr, g1155),
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(inCollection.json().data.total).toBe(rows.length);
  });

  it('keeps one side with role: the sales of an account (from) apart from its purchases (to)', async () => {
    const trade = ACTIVITY_METHOD.trade;
    const sales = await expected(and(eq(activities.fromAddr, carol), eq(activities.method, trade)));
    const buys = await expected(and(eq(activities.toAddr, carol), eq(activities.method, trade)));
    expect(sales.length + buys.length).toBeGreaterThan(0);
    for (const [role, rows] of [
      ['from', sales],
      ['to', buys],
    ] as const) {
      for (const path of ['/transaction/userPage', '/transaction/page']) {
        const res = await call('POST', path, { userAddr: carol, types: [trade], role });
        expect(res.json().data.total, `${path} ${role}`).toBe(rows.length);
        expect(res.json().data.records.map(keyOf)).toEqual(rows.slice(0, 20).map(keyOf));
      }
    }
    const noUser = await call('POST', '/transaction/page', { contractAddr: g1155, role: 'from' });
    expect(noUser.statusCode).toBe(400);
    const badRole = await call('POST', '/transaction/userPage', {
      userAddr: carol,
      role: 'seller',
    });
    expect(badRole.statusCode).toBe(400);
  });
});

describe('busy histories', () => {
  it('counts the total up to the cap and still pages the newest rows', async () => {
    const busy = '0x' + '7'.repeat(40);
    await fresh.database.db.execute(sql`
      insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method,
        contract_addr, token_id, amount, from_addr, to_addr, block_time)
      select ${CHAIN_ID}, 10000000 + g, '0x' || lpad(to_hex(g), 64, '0'), 0, 0, 3, ${busy},
        g % 7, 1, ${busy}, ${busy}, now()
      from generate_series(1, ${ACTIVITY_COUNT_CAP + 5}) g`);
    const res = await call('POST', '/transaction/page', { contractAddr: busy, size: 2 });
    const data = res.json().data;
    expect(data.total).toBe(ACTIVITY_COUNT_CAP);
    expect(data.records.map((r: ActivityVO) => r.txHash)).toEqual([
      '0x' + (ACTIVITY_COUNT_CAP + 5).toString(16).padStart(64, '0'),
      '0x' + (ACTIVITY_COUNT_CAP + 4).toString(16).padStart(64, '0'),
    ]);
  });
});
