import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CHAIN_IDS,
  ERRORS,
  SEARCH_MIN_LENGTH,
  SEARCH_RESULTS_PER_GROUP,
  type SearchResult,
} from '@aiamarket/shared';
import { tokenMetadata } from '../../db/schema.js';
import { callApi } from '../../../test/support/api.js';
import { ACTORS, lower, useWorld, type World } from '../../../test/support/market-world.js';

let w: World;
useWorld((world) => {
  w = world;
});

const search = (keyWord: unknown) =>
  callApi<SearchResult>(w.app, 'POST', '/nft/homeSearchPage', { keyWord });

describe('nft/homeSearchPage', () => {
  it('finds collections by name, items by name and accounts by username, case-insensitively', async () => {
    const { status, body } = await search('HERO');
    expect(status).toBe(200);
    expect(body.data.collectionList).toEqual([
      {
        id: w.profileId[w.hero],
        name: 'AIA Heroes',
        headUrl: expect.stringMatching(/^\/ipfs\//),
        nftSum: expect.any(Number),
        linkCollection: 'aia-heroes',
      },
    ]);
    expect(body.data.nftList.map((n) => n.name).sort()).toEqual([
      'Hero Aurora',
      'Hero Blaze',
      'Hero Cinder',
    ]);
    expect(body.data.nftList[0]).toEqual({
      tokenId: expect.stringMatching(/^[123]$/),
      contractAddr: w.hero,
      name: expect.stringMatching(/^Hero /),
      imageUrl: expect.stringMatching(/^\/ipfs\//),
    });
    expect(body.data.userList).toEqual([]);
    const users = await search('  wonder ');
    expect(users.body.data.userList).toEqual([
      { userAddr: lower(ACTORS.alice.address), username: 'Alice Wonder', imageUrl: null },
    ]);
  });

  it('finds collections and accounts by address part', async () => {
    const part = w.items.slice(2, 10).toUpperCase();
    const byContract = await search(part);
    expect(byContract.body.data.collectionList.map((c) => c.name)).toEqual(['AIA Game Items']);
    const byUser = await search(lower(ACTORS.alice.address).slice(2, 12));
    expect(byUser.body.data.userList.map((u) => u.userAddr)).toEqual([lower(ACTORS.alice.address)]);
  });

  it('answers a few per group, and treats LIKE wildcards literally', async () => {
    const db = w.ctx.database.db;
    await db.execute(sql`insert into ${tokenMetadata} (chain_id, contract_addr, token_id, name, status, fetched_at)
      select ${CHAIN_IDS.local}, ${w.hero}, 1000 + g, 'Many ' || g, 'ok', now() from generate_series(1, 12) g`);
    expect((await search('many')).body.data.nftList).toHaveLength(SEARCH_RESULTS_PER_GROUP);
    expect((await search('%%%')).body.data).toEqual({
      collectionList: [],
      nftList: [],
      userList: [],
    });
    expect((await search('___')).body.data.nftList).toEqual([]);
  });

  it(`refuses keywords shorter than ${SEARCH_MIN_LENGTH} characters and bad payloads`, async () => {
    for (const bad of ['ab', '  a  ', '', 42, null, ['abc']]) {
      const res = await search(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe(ERRORS.badRequest.code);
    }
  });

  it('refuses a keyword with NUL, a control character, a lone surrogate or a line break', async () => {
    for (const bad of ['abc\u0000', 'ab\u001bc', 'abc\ud800', 'ab\ncd', 'ab\tcd']) {
      const res = await search(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({
        code: ERRORS.badRequest.code,
        message: 'Can not use special characters',
      });
    }
  });
});
