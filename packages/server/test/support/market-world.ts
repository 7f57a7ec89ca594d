// Test support (not served): the indexer's fixture scenario on a real anvil, indexed into a fresh
// database, plus a few more listings, token metadata with images and properties, collection pages
// and user profiles, and the app on top. Used by the market, item, search and favourite tests.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parseEther, zeroAddress, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { loadIndexerConfig } from '../../src/indexer/config.js';
import type { ServerContext } from '../../src/context.js';
import {
  attrCategories,
  attrValues,
  collectionProfiles,
  orders,
  tokenAttributes,
  tokenMetadata,
  users,
} from '../../src/db/schema.js';
import { setCoinRate } from '../../src/indexer/sources/coins/rates.js';
import { freshDatabase } from './database.js';
import { signIn } from './sign-in.js';
import {
  ACTORS,
  CHAIN_ID,
  lower,
  newIndexer,
  SCENARIO_ORDER,
  scenarioSteps,
  send,
  startChain,
  type Chain,
} from '../indexer/support.js';

export { ACTORS, lower };

export interface World {
  c: Chain;
  app: FastifyInstance;
  ctx: ServerContext;
  hero: string;
  items: string;
  market: string;
  stable: string;
  /** Collection page ids by contract. */
  profileId: Record<string, number>;
  token(who: 'alice' | 'bob' | 'carol' | 'dave'): Promise<string>;
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

const img = (n: string) => `/ipfs/bafkrei${n.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/**
 * The world after the scenario and these extra steps:
 * - alice lists hero 2 for 5 AIA (order 5); carol lists hero 1 for 0.5 AIA (order 6);
 * - dave lists 4 of item 1 for 1 AIA each (order 7), then gives 1 to carol: order 7 force cancel.
 * Listed at the end: 2 (item 1, 3 USD), 3 (item 3, 0.1 AIA, no image), 5 and 6.
 */
export async function buildWorld(
  opts: {
    /**
     * The USDT rate (AIA per USDT) over the whole history; null leaves USDT without a rate (the
     * reference-unit tests set theirs as the operator would).
     */
    usdtRate?: string | null;
  } = {},
): Promise<World> {
  const c = await startChain();
  const fresh = await freshDatabase();
  const db = fresh.database.db;
  const indexer = newIndexer(db, c.publicClient, c.deployment);
  const steps = scenarioSteps(c);
  for (const step of SCENARIO_ORDER) await steps[step]();
  const hero = lower(c.addr('GameItems721'));
  const items = lower(c.addr('GameItems1155'));
  const market = lower(c.addr('Marketplace'));
  const stable = lower(c.addr('StableCoin'));
  const m = { address: c.addr('Marketplace'), abi: marketplaceAbi };
  /** `who` lists `units` of a token on the market at `price` AIA. */
  const list = (
    who: keyof typeof ACTORS,
    collection: Address,
    tokenId: bigint,
    units: bigint,
    price: string,
  ) =>
    send(c, who, {
      ...m,
      functionName: 'createMarketItem',
      args: [collection, tokenId, units, parseEther(price), zeroAddress],
    });
  /** `who` lets the market move its tokens of a collection. */
  const approveMarket = (who: keyof typeof ACTORS, collection: Address, abi: readonly unknown[]) =>
    send(c, who, {
      address: collection,
      abi,
      functionName: 'setApprovalForAll',
      args: [c.addr('Marketplace'), true],
    });
  await list('alice', c.addr('GameItems721'), 2n, 1n, '5');
  await approveMarket('carol', c.addr('GameItems721'), gameItems721Abi);
  await list('carol', c.addr('GameItems721'), 1n, 1n, '0.5');
  await approveMarket('dave', c.addr('GameItems1155'), gameItems1155Abi);
  await list('dave', c.addr('GameItems1155'), 1n, 4n, '1');
  await send(c, 'dave', {
    address: c.addr('GameItems1155'),
    abi: gameItems1155Abi,
    functionName: 'safeTransferFrom',
    args: [ACTORS.dave.address, ACTORS.carol.address, 1n, 1n, '0x'],
  });
  await indexer.catchUp();

  // Metadata and attributes (off-chain; the metadata fetcher has nothing to fetch here).
  const metas: {
    contract: string;
    id: string;
    name: string;
    image: boolean;
    props: [string, string][];
  }[] = [
    {
      contract: hero,
      id: '1',
      name: 'Hero Aurora',
      image: true,
      props: [
        ['Class', 'Mage'],
        ['Rarity', 'Rare'],
      ],
    },
    {
      contract: hero,
      id: '2',
      name: 'Hero Blaze',
      image: true,
      props: [
        ['Class', 'Warrior'],
        ['Rarity', 'Common'],
      ],
    },
    {
      contract: hero,
      id: '3',
      name: 'Hero Cinder',
      image: true,
      props: [
        ['Class', 'Mage'],
        ['Rarity', 'Common'],
      ],
    },
    { contract: items, id: '1', name: 'Potion of Dawn', image: true, props: [['Kind', 'Potion']] },
    { contract: items, id: '2', name: 'Shield of Dusk', image: true, props: [['Kind', 'Armour']] },
    { contract: items, id: '3', name: 'Blank Scroll', image: false, props: [] },
  ];
  for (const meta of metas) {
    const values = {
      chainId: CHAIN_ID,
      contractAddr: meta.contract,
      tokenId: meta.id,
      name: meta.name,
      imageUrl: meta.image ? img(meta.name) : null,
      description: `${meta.name}, a test item`,
      properties: meta.props.map(([name, value]) => ({ name, value })),
      status: 'ok',
      fetchedAt: new Date(),
    };
    await db
      .insert(tokenMetadata)
      .values(values)
      .onConflictDoUpdate({
        target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
        set: values,
      });
    for (const [name, value] of meta.props) {
      await db
        .insert(attrCategories)
        .values({ chainId: CHAIN_ID, contractAddr: meta.contract, name })
        .onConflictDoNothing();
      const [cat] = await db
        .select({ id: attrCategories.id })
        .from(attrCategories)
        .where(and(eq(attrCategories.contractAddr, meta.contract), eq(attrCategories.name, name)));
      await db.insert(attrValues).values({ categoryId: cat!.id, value }).onConflictDoNothing();
      const [val] = await db
        .select({ id: attrValues.id })
        .from(attrValues)
        .where(and(eq(attrValues.categoryId, cat!.id), eq(attrValues.value, value)));
      await db
        .insert(tokenAttributes)
        .values({
          chainId: CHAIN_ID,
          contractAddr: meta.contract,
          tokenId: meta.id,
          valueId: val!.id,
        })
        .onConflictDoNothing();
    }
    // What the indexer keeps in step on orders (name, image, price in coin units).
    await db
      .update(orders)
      .set({ name: values.name, imageUrl: values.imageUrl })
      .where(and(eq(orders.contractAddr, meta.contract), eq(orders.tokenId, meta.id)));
  }
  await db
    .update(orders)
    .set({
      priceValue: sql`${orders.price} / power(10::numeric, case when ${orders.moneyAddr} = ${zeroAddress} then 18 else 6 end)`,
    })
    .where(eq(orders.priceValue, '0'));
  await db
    .update(orders)
    .set({ priceRef: orders.priceValue })
    .where(eq(orders.moneyAddr, zeroAddress));
  const usdtRate = opts.usdtRate === undefined ? '1' : opts.usdtRate;
  if (usdtRate !== null) {
    await setCoinRate(db, CHAIN_ID, {
      coin: stable,
      rate: usdtRate,
      symbol: 'USDT',
      decimals: 6,
      at: new Date(0),
    });
  }

  const profileId: Record<string, number> = {};
  for (const [contract, name, link] of [
    [hero, 'AIA Heroes', 'aia-heroes'],
    [items, 'AIA Game Items', 'aia-game-items'],
  ] as const) {
    await db
      .insert(collectionProfiles)
      .values({
        chainId: CHAIN_ID,
        contractAddr: contract,
        name,
        linkCollection: link,
        headUrl: img(name),
        royaltyRate: 300,
      })
      .onConflictDoUpdate({
        target: [collectionProfiles.chainId, collectionProfiles.contractAddr],
        set: { name, linkCollection: link, headUrl: img(name), royaltyRate: 300 },
      });
    const [row] = await db
      .select({ id: collectionProfiles.id })
      .from(collectionProfiles)
      .where(eq(collectionProfiles.contractAddr, contract));
    profileId[contract] = row!.id;
  }

  const config = {
    ...loadConfig({
      RPC_URL: c.anvil.rpcUrl,
      CHAIN_ID: String(CHAIN_ID),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-dir',
    }),
    rateLimit: { authPerMinute: 1_000_000, uploadPerMinute: 1_000_000 },
  };
  const ctx: ServerContext = {
    config,
    database: fresh.database,
    chain: c.publicClient,
    deployment: c.deployment,
    indexer: loadIndexerConfig(),
  };
  const app = await buildApp(ctx);
  await app.ready();
  const tokens = new Map<string, string>();
  const world: World = {
    c,
    app,
    ctx,
    hero,
    items,
    market,
    stable,
    profileId,
    token: async (who) => {
      let t = tokens.get(who);
      if (!t) {
        t = await signIn(app, privateKeyToAccount(ACTORS[who].privateKey));
        tokens.set(who, t);
      }
      return t;
    },
    catchUp: () => indexer.catchUp(),
    close: async () => {
      await app.close();
      await fresh.drop();
      await c.stop();
    },
  };
  // Profiles for the account search (sign-in creates the users row).
  await world.token('alice');
  await db
    .update(users)
    .set({ username: 'Alice Wonder' })
    .where(eq(users.address, lower(ACTORS.alice.address)));
  return world;
}

/**
 * The world of one test file: built before its tests (then `onReady`, for the file's own set-up)
 * and closed after them.
 */
export function useWorld(
  onReady: (w: World) => void | Promise<void>,
  opts: Parameters<typeof buildWorld>[0] = {},
): void {
  let world: World | undefined;
  beforeAll(async () => {
    world = await buildWorld(opts);
    await onReady(world);
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });
}
