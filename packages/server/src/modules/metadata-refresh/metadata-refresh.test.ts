import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@aiamarket/shared';
import { buildApp } from '../../app.js';
import { tokenMetadata } from '../../db/schema-chain.js';
import { fetchPendingMetadata, DEFAULT_METADATA_OPTIONS } from '../../metadata/index.js';
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

  it('fills an item whose first fetch timed out, and the name and image of its order', async () => {
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

    const failed = await refresh({ contractAddr: hero, tokenId: '1' });
    expect(failed.json()).toMatchObject({
      code: 0,
      data: { metadataStatus: 'error', name: null, error: expect.stringMatching(/timed out/) },
    });

    fixed = true;
    const res = await refresh({
      contractAddr: hero.toUpperCase().replace('0X', '0x'),
      tokenId: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: expect.any(String),
      data: {
        contractAddr: hero.toLowerCase(),
        tokenId: '1',
        metadataStatus: 'ok',
        name: 'Hero #1',
        imageUrl: '/ipfs/img/hero1.png',
        description: null,
        propertyList: [{ name: 'Class', value: 'Mage' }],
        error: null,
        fetchedAt: expect.stringMatching(/^\d{4}-/),
      },
    });
    // The order of the item shows its name and image now.
    expect(await order()).toMatchObject({ name: 'Hero #1', imageUrl: '/ipfs/img/hero1.png' });
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
