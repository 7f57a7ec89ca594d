import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, liveTopic } from '@aiamarket/shared';
import { buildApp } from '../../app.js';
import { tokenMetadata } from '../../db/schema-chain.js';
import { metadataRefresh } from '../../db/schema-metadata-refresh.js';
import { maxFeedId, readFeed } from '../../live/feed.js';
import {
  DEFAULT_METADATA_OPTIONS,
  fetchPendingMetadata,
  refreshRequestedMetadata,
  storedMetadata,
} from '../../metadata/index.js';
import { freshDatabase } from '../../../test/support/database.js';
import { chainServerContext } from '../../../test/support/context.js';
import {
  CHAIN_ID,
  dumpChainTables,
  newIndexer,
  scenarioSteps,
  startChain,
  type Chain,
} from '../../../test/indexer/support.js';

const LIMIT = 4;

describe('POST /v1/api/nftMeta/refresh', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: FastifyInstance;
  let gateway: http.Server;
  let gatewayUrl: string;
  let fixed = false;
  const hanging: http.ServerResponse[] = [];
  let hero: string;

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      if (req.url === '/ipfs/aiamarket-demo/heroes/1' && !fixed) return void hanging.push(res);
      if (req.url === '/ipfs/aiamarket-demo/heroes/1') {
        return res.end(
          JSON.stringify({
            name: 'Hero #1',
            image: 'ipfs://img/hero1.png',
            attributes: [{ trait_type: 'Class', value: 'Mage' }],
          }),
        );
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    // The routes read the fetch settings and the rate limit from INDEXER_* when built.
    process.env.INDEXER_IPFS_GATEWAY = gatewayUrl;
    process.env.INDEXER_METADATA_TIMEOUT_MS = '300';
    process.env.INDEXER_METADATA_ATTEMPTS = '1';
    process.env.INDEXER_REFRESH_PER_MINUTE = String(LIMIT);

    c = await startChain();
    fresh = await freshDatabase();
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
    await newIndexer(fresh.database.db, c.publicClient, c.deployment).catchUp();
    hero = c.addr('GameItems721');
    app = await buildApp(chainServerContext(c, fresh.database));
  });
  afterAll(async () => {
    for (const key of [
      'INDEXER_IPFS_GATEWAY',
      'INDEXER_METADATA_TIMEOUT_MS',
      'INDEXER_METADATA_ATTEMPTS',
      'INDEXER_REFRESH_PER_MINUTE',
    ])
      delete process.env[key];
    await app?.close();
    for (const res of hanging) res.destroy();
    await new Promise((r) => gateway?.close(r));
    await fresh?.drop();
    await c?.stop();
  });

  const refresh = (payload: Record<string, string>, ip = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/v1/api/nftMeta/refresh', payload, remoteAddress: ip });

  it('answers at once while the metadata server hangs; the worker fetches it and the item topic hears it', async () => {
    const db = fresh.database.db;
    const opts = {
      ...DEFAULT_METADATA_OPTIONS,
      ipfsGateway: gatewayUrl,
      timeoutMs: 300,
      attempts: 1,
    };
    await fetchPendingMetadata(db, c.publicClient, CHAIN_ID, opts);
    const order = async () =>
      (await dumpChainTables(db)).orders.find((o) => o.contractAddr === hero.toLowerCase())!;
    expect(await order()).toMatchObject({ tokenId: '1', name: null, imageUrl: null });
    const askedBefore = hanging.length;

    // The route never reaches out: the hanging host cannot hold it.
    const started = performance.now();
    const res = await refresh({
      contractAddr: hero.toUpperCase().replace('0X', '0x'),
      tokenId: '1',
    });
    const answerMs = performance.now() - started;
    console.info(`nftMeta/refresh answered in ${answerMs.toFixed(1)} ms (host hanging)`);
    expect(hanging.length).toBe(askedBefore);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: expect.any(String),
      data: {
        state: 'queued',
        contractAddr: hero.toLowerCase(),
        tokenId: '1',
        metadataStatus: 'error',
        name: null,
        imageUrl: null,
        description: null,
        propertyList: [],
        error: expect.stringMatching(/timed out/),
        fetchedAt: expect.stringMatching(/^\d{4}-/),
      },
    });
    // Asked again before the worker ran: the same request, not a second one.
    const again = await refresh({ contractAddr: hero, tokenId: '1' }, '203.0.113.5');
    expect(again.json()).toMatchObject({ data: { state: 'queued' } });
    const pending = () =>
      db
        .select()
        .from(metadataRefresh)
        .where(and(eq(metadataRefresh.fromId, '1'), isNull(metadataRefresh.doneAt)));
    expect(await pending()).toHaveLength(1);

    // The worker meets the hanging host (the time-out), then the fixed one.
    const worker = { limit: 10, retryMs: 0 };
    await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, opts, worker);
    expect(hanging.length).toBe(askedBefore + 1);
    expect(await order()).toMatchObject({ name: null });
    fixed = true;
    const fromFeed = await maxFeedId(db);
    await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, opts, worker);
    expect(await pending()).toEqual([]);
    expect(await storedMetadata(db, CHAIN_ID, hero.toLowerCase(), '1')).toMatchObject({
      status: 'ok',
      name: 'Hero #1',
      imageUrl: '/ipfs/img/hero1.png',
    });
    // The order of the item shows its name and image now.
    expect(await order()).toMatchObject({ name: 'Hero #1', imageUrl: '/ipfs/img/hero1.png' });
    // The item page hears it on its topic.
    const events = await readFeed(db, fromFeed, 1_000);
    expect(
      events.some((e) => e.kind === 'metadata' && e.topics.includes(liveTopic.item(hero, 1n))),
    ).toBe(true);

    // Fetched a moment ago: done, with the fresh data, and nothing asked of the host.
    const done = await refresh({ contractAddr: hero, tokenId: '1' }, '203.0.113.6');
    expect(done.json()).toMatchObject({
      code: 0,
      data: { state: 'done', metadataStatus: 'ok', name: 'Hero #1', error: null },
    });
    expect(await pending()).toEqual([]);
  });

  it('queues a token never fetched yet (pending)', async () => {
    await fresh.database.db
      .delete(tokenMetadata)
      .where(
        and(eq(tokenMetadata.contractAddr, hero.toLowerCase()), eq(tokenMetadata.tokenId, '3')),
      );
    const res = await refresh({ contractAddr: hero, tokenId: '3' }, '203.0.113.7');
    expect(res.json()).toMatchObject({
      code: 0,
      data: { state: 'queued', metadataStatus: 'pending', name: null, fetchedAt: null },
    });
  });

  it('refuses bad input and items the indexer has not seen, changing nothing', async () => {
    const bad = await refresh({ contractAddr: 'nope', tokenId: '1' }, '203.0.113.2');
    expect(bad.statusCode).toBe(400);
    const unknown = await refresh({ contractAddr: hero, tokenId: '999' }, '203.0.113.2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ERRORS.notFound.code });
    const other = await refresh(
      { contractAddr: c.addr('StableCoin'), tokenId: '1' },
      '203.0.113.2',
    );
    expect(other.statusCode).toBe(404);
    const rows = await fresh.database.db
      .select()
      .from(tokenMetadata)
      .where(eq(tokenMetadata.tokenId, '999'));
    expect(rows).toEqual([]);
  });

  it(`allows ${LIMIT} refreshes a minute per client address`, async () => {
    const ip = '203.0.113.3';
    for (let i = 0; i < LIMIT; i++) {
      expect((await refresh({ contractAddr: hero, tokenId: '2' }, ip)).statusCode).toBe(200);
    }
    const over = await refresh({ contractAddr: hero, tokenId: '2' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: ERRORS.tooManyRequests.code });
    // Another address is not affected.
    expect((await refresh({ contractAddr: hero, tokenId: '2' }, '203.0.113.4')).statusCode).toBe(
      200,
    );
  });
});
