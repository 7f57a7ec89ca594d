// Metadata that changes: the game collections' owner points an item at new metadata,
// the ERC-4906 / ERC1155 URI event makes the indexer ask for a refresh in the range's
// transaction, and the worker beside it stores the new metadata within two blocks.
import { and, eq, inArray } from 'drizzle-orm';
import {
  encodeAbiParameters,
  encodeEventTopics,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
  type Log,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopic } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import type { AppDb } from '../../src/db/database.js';
import { orders, tokenMetadata } from '../../src/db/schema-chain.js';
import { metadataRefresh } from '../../src/db/schema-metadata-refresh.js';
import { changeFeed, indexerCursor } from '../../src/db/schema.js';
import {
  decodeMetadataUpdate,
  requestMetadataRefresh,
} from '../../src/indexer/sources/metadata/metadata-events.js';
import { metadataRefreshLoop, refreshRequestedMetadata } from '../../src/metadata/refresh-queue.js';
import { freshDatabase } from '../support/database.js';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import {
  ACTORS,
  CHAIN_ID,
  lower,
  newIndexer,
  send,
  startChain,
  TEST_INDEXER_CONFIG,
  type Chain,
} from './support.js';

/** Production poll settings: the two-block promise is about them, not a test's fast polling. */
const POLL_MS = 1_000;
/** The block time the two-block promise is measured at. */
const BLOCK_MS = 1_000;

/** A token URI that needs no server: the metadata inline. */
const doc = (name: string) =>
  `data:application/json,${encodeURIComponent(
    JSON.stringify({ name, image: `https://img.example/${encodeURIComponent(name)}.png` }),
  )}`;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('indexer: metadata events', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: AppDb;
  let g721: Address;
  let g1155: Address;
  const stop = new AbortController();
  let running: Promise<unknown>;

  const stored = async (contract: Address, tokenId: bigint) =>
    (
      await db
        .select()
        .from(tokenMetadata)
        .where(
          and(
            eq(tokenMetadata.chainId, CHAIN_ID),
            eq(tokenMetadata.contractAddr, lower(contract)),
            eq(tokenMetadata.tokenId, tokenId.toString()),
          ),
        )
    )[0];
  const nameOf = async (contract: Address, tokenId: bigint) =>
    (await stored(contract, tokenId))?.name ?? null;
  const waitName = (contract: Address, tokenId: bigint, name: string) =>
    waitFor(`${name} on token ${tokenId}`, async () =>
      (await nameOf(contract, tokenId)) === name ? name : undefined,
    );
  const head = async () => Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));

  /**
   * Mines a block every BLOCK_MS while `landed` has not happened; returns how many blocks came
   * after `eventBlock` before it did.
   */
  async function blocksUntil(eventBlock: number, landed: () => Promise<unknown>) {
    let done = false;
    const ticker = (async () => {
      while (!done) {
        await new Promise((r) => setTimeout(r, BLOCK_MS));
        if (!done) await c.testClient.mine({ blocks: 1 });
      }
    })();
    try {
      await landed();
      return (await head()) - eventBlock;
    } finally {
      done = true;
      await ticker;
    }
  }

  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    db = fresh.database.db;
    g721 = c.addr('GameItems721');
    g1155 = c.addr('GameItems1155');
    await send(c, 'owner', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS.alice.address, 4n],
    });
    for (const id of [5n, 6n]) {
      await send(c, 'owner', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'mint',
        args: [ACTORS.bob.address, id, 3n],
      });
    }
    // Token 3 is listed: its order's name follows its metadata.
    await send(c, 'alice', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [c.addr('Marketplace'), true],
    });
    await send(c, 'alice', {
      address: c.addr('Marketplace'),
      abi: marketplaceAbi,
      functionName: 'createMarketItem',
      args: [g721, 3n, 1n, 5n, zeroAddress],
    });
    const config = { ...TEST_INDEXER_CONFIG, pollMs: POLL_MS };
    const indexer = newIndexer(db, c.publicClient, c.deployment, config);
    await indexer.catchUp();
    // As startIndexer runs them: the indexer and the refresh worker side by side.
    running = Promise.all([
      indexer.run(stop.signal),
      metadataRefreshLoop({
        db,
        chain: c.publicClient,
        chainId: CHAIN_ID,
        opts: config.metadata,
        pollMs: POLL_MS,
        reorgWindow: config.reorgWindow,
        log: { info() {}, warn() {}, error() {}, debug() {} },
        signal: stop.signal,
      }),
    ]);
  }, 120_000);
  afterAll(async () => {
    stop.abort();
    await running;
    await fresh?.drop();
    await c?.stop();
  });

  const setTokenUri = (id: bigint, name: string) =>
    send(c, 'owner', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setTokenURI',
      args: [id, doc(name)],
    });

  it('refreshes an item within two blocks of MetadataUpdate, its order with it', async () => {
    const receipt = await setTokenUri(3n, 'Hero 3, level 2');
    const blocks = await blocksUntil(Number(receipt.blockNumber), () =>
      waitName(g721, 3n, 'Hero 3, level 2'),
    );
    expect(blocks).toBeLessThanOrEqual(2);
    const row = (await stored(g721, 3n))!;
    expect(row).toMatchObject({
      status: 'ok',
      tokenUri: doc('Hero 3, level 2'),
      imageUrl: 'https://img.example/Hero%203%2C%20level%202.png',
    });
    const [order] = await db
      .select({ name: orders.name, imageUrl: orders.imageUrl })
      .from(orders)
      .where(and(eq(orders.contractAddr, lower(g721)), eq(orders.tokenId, '3')));
    expect(order).toEqual({ name: 'Hero 3, level 2', imageUrl: row.imageUrl });
    // Open pages hear of it through the change feed: the metadata and the order, item topic.
    const item = liveTopic.item(g721, 3n);
    const feed = await db
      .select({ kind: changeFeed.kind, topics: changeFeed.topics, data: changeFeed.data })
      .from(changeFeed)
      .where(inArray(changeFeed.kind, ['metadata', 'order']));
    const named = feed.filter(
      (e) => e.topics.includes(item) && (e.data as { name?: string }).name === 'Hero 3, level 2',
    );
    expect(named.map((e) => e.kind).sort()).toEqual(['metadata', 'order']);
    // The neighbours were not asked for.
    expect(await stored(g721, 2n)).toBeUndefined();
  });

  it('refreshes the range of a BatchMetadataUpdate', async () => {
    const receipt = await send(c, 'owner', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setTokenURIs',
      args: [1n, [doc('Hero 1, level 2'), doc('Hero 2, level 2')]],
    });
    const blocks = await blocksUntil(Number(receipt.blockNumber), async () => {
      await waitName(g721, 1n, 'Hero 1, level 2');
      await waitName(g721, 2n, 'Hero 2, level 2');
    });
    expect(blocks).toBeLessThanOrEqual(2);
    expect(await stored(g721, 4n)).toBeUndefined();
  });

  it('refreshes the id of an ERC1155 URI event only', async () => {
    const receipt = await send(c, 'owner', {
      address: g1155,
      abi: gameItems1155Abi,
      functionName: 'setTokenURI',
      args: [5n, doc('Potion, upgraded')],
    });
    const blocks = await blocksUntil(Number(receipt.blockNumber), () =>
      waitName(g1155, 5n, 'Potion, upgraded'),
    );
    expect(blocks).toBeLessThanOrEqual(2);
    expect(await stored(g1155, 6n)).toBeUndefined();
  });

  it('refuses the function to anyone but the owner; nothing is asked', async () => {
    const before = await db.$count(metadataRefresh);
    await expect(
      send(c, 'alice', {
        address: g721,
        abi: gameItems721Abi,
        functionName: 'setTokenURI',
        args: [3n, doc('stolen')],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount|reverted/);
    await c.testClient.mine({ blocks: 1 });
    const cursorAt = await head();
    // Every block up to the refused call is indexed.
    await waitFor('the indexer at the head', async () => {
      const [cursor] = await db.select().from(indexerCursor);
      return cursor && cursor.blockNumber >= cursorAt ? cursor : undefined;
    });
    expect(await db.$count(metadataRefresh)).toBe(before);
    expect(await nameOf(g721, 3n)).toBe('Hero 3, level 2');
  });

  it('after a reorg removes the event, the item gets its canonical metadata back', async () => {
    await setTokenUri(4n, 'Hero 4');
    await waitName(g721, 4n, 'Hero 4');
    const receipt = await setTokenUri(4n, 'Hero 4, level 2');
    await waitName(g721, 4n, 'Hero 4, level 2');
    expect(await head()).toBe(Number(receipt.blockNumber));
    // The block of the second call is replaced by an empty one: the chain says "Hero 4" again.
    await c.testClient.request({ method: 'anvil_reorg', params: [1, []] } as never);
    await waitName(g721, 4n, 'Hero 4');
    expect((await stored(g721, 4n))!.tokenUri).toBe(doc('Hero 4'));
    // The request of the removed block now stands at the fork point.
    const above = await db
      .select()
      .from(metadataRefresh)
      .where(eq(metadataRefresh.blockNumber, Number(receipt.blockNumber)));
    expect(above).toEqual([]);
    // And the indexer goes on: the next event is refreshed as usual.
    const again = await setTokenUri(4n, 'Hero 4, level 3');
    const blocks = await blocksUntil(Number(again.blockNumber), () =>
      waitName(g721, 4n, 'Hero 4, level 3'),
    );
    expect(blocks).toBeLessThanOrEqual(2);
  });
});

describe('metadata refresh worker', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  useChainAndDatabase((started) => ({ c, fresh } = started));

  it('a huge batch is one request that refreshes every token the indexer has seen', async () => {
    const db = fresh.database.db;
    const g721 = c.addr('GameItems721');
    await send(c, 'owner', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS.carol.address, 3n],
    });
    for (const id of [1n, 2n, 3n]) {
      await send(c, 'owner', {
        address: g721,
        abi: gameItems721Abi,
        functionName: 'setTokenURI',
        args: [id, doc(`Item ${id}`)],
      });
    }
    // Indexed (which also asks for the three single refreshes), then one request for all ids.
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    await db.delete(metadataRefresh);
    await db.transaction((tx) =>
      requestMetadataRefresh(tx, CHAIN_ID, [
        {
          contractAddr: lower(g721),
          fromId: '0',
          toId: (2n ** 256n - 1n).toString(),
          blockNumber: 1,
        },
      ]),
    );
    expect(await db.$count(metadataRefresh)).toBe(1);
    const handled = await refreshRequestedMetadata(
      db,
      c.publicClient,
      CHAIN_ID,
      TEST_INDEXER_CONFIG.metadata,
    );
    expect(handled).toBe(1);
    const names = await db
      .select({ tokenId: tokenMetadata.tokenId, name: tokenMetadata.name })
      .from(tokenMetadata)
      .where(eq(tokenMetadata.contractAddr, lower(g721)))
      .orderBy(tokenMetadata.tokenId);
    expect(names).toEqual([
      { tokenId: '1', name: 'Item 1' },
      { tokenId: '2', name: 'Item 2' },
      { tokenId: '3', name: 'Item 3' },
    ]);
    // Done; nothing left to do.
    expect(
      await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, TEST_INDEXER_CONFIG.metadata),
    ).toBe(0);
  });

  it('a token that fails is asked again on its own, then given up', async () => {
    const db = fresh.database.db;
    const g1155 = c.addr('GameItems1155');
    // The deployment's shared URI points at an IPFS directory no gateway serves here.
    await send(c, 'owner', {
      address: g1155,
      abi: gameItems1155Abi,
      functionName: 'mint',
      args: [ACTORS.carol.address, 7n, 1n],
    });
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    await db.delete(metadataRefresh);
    await db.transaction((tx) =>
      requestMetadataRefresh(tx, CHAIN_ID, [
        { contractAddr: lower(g1155), fromId: '7', toId: '7', blockNumber: 1 },
      ]),
    );
    const opts = {
      ...TEST_INDEXER_CONFIG.metadata,
      ipfsGateway: 'http://gateway.invalid',
      attempts: 1,
      timeoutMs: 500,
    };
    const work = { retryMs: 0, maxAttempts: 2 };
    expect(await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, opts, work)).toBe(1);
    const retry = await db.select().from(metadataRefresh).where(eq(metadataRefresh.attempts, 1));
    expect(retry).toMatchObject([{ fromId: '7', toId: '7', doneAt: null }]);
    expect(await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, opts, work)).toBe(1);
    // Second failure = maxAttempts: no third request.
    expect(await refreshRequestedMetadata(db, c.publicClient, CHAIN_ID, opts, work)).toBe(0);
    expect(await db.$count(metadataRefresh, eq(metadataRefresh.attempts, 2))).toBe(0);
  });
});

describe('metadata events: decoding', () => {
  const log = (topics: readonly unknown[], data: Hex) => ({ topics, data }) as unknown as Log;
  const ids = (...v: bigint[]) =>
    encodeAbiParameters(
      v.map(() => ({ type: 'uint256' })),
      v,
    );

  it('reads the three standard events; a reversed batch is the ids between its ends', () => {
    const [update] = encodeEventTopics({ abi: gameItems721Abi, eventName: 'MetadataUpdate' });
    const [batch] = encodeEventTopics({ abi: gameItems721Abi, eventName: 'BatchMetadataUpdate' });
    expect(decodeMetadataUpdate(log([update!], ids(7n)))).toEqual({ fromId: 7n, toId: 7n });
    expect(decodeMetadataUpdate(log([batch!], ids(2n, 9n)))).toEqual({ fromId: 2n, toId: 9n });
    expect(decodeMetadataUpdate(log([batch!], ids(9n, 2n)))).toEqual({ fromId: 2n, toId: 9n });
    const uri = encodeEventTopics({ abi: gameItems1155Abi, eventName: 'URI', args: { id: 5n } });
    const value = encodeAbiParameters([{ type: 'string' }], ['ipfs://x/{id}']);
    expect(decodeMetadataUpdate(log(uri, value))).toEqual({ fromId: 5n, toId: 5n });
  });

  it('leaves other logs alone, and a same-named event of another layout', () => {
    const [transfer] = encodeEventTopics({ abi: gameItems721Abi, eventName: 'Transfer' });
    expect(decodeMetadataUpdate(log([transfer!], '0x'))).toBeNull();
    // MetadataUpdate with an indexed id: same topic, nothing in the data.
    const indexed = parseAbi(['event MetadataUpdate(uint256 indexed id)']);
    const topics = encodeEventTopics({
      abi: indexed,
      eventName: 'MetadataUpdate',
      args: { id: 1n },
    });
    expect(decodeMetadataUpdate(log(topics, '0x'))).toBeNull();
  });
});
