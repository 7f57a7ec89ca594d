import path from 'node:path';
import { createPublicClient, http, zeroAddress, type Address, type PublicClient } from 'viem';
import { DEMO_LAUNCHPAD, writeDeployment } from '@aiamarket/contracts';
import { ACTIVITY_TYPE, chainFor, STABLE_COIN_DECIMALS, type Deployment } from '@aiamarket/shared';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import {
  activityInput,
  addCollection,
  articleInput,
  currentCoinRates,
  bannerInput,
  categoryInput,
  openDatabase,
  projectInput,
  saveActivity,
  saveArticle,
  saveBanner,
  saveCategory,
  saveProject,
  setCoinRate,
  storeImage,
  type Database,
} from '@aiamarket/server/admin';
import { demoAccounts } from './demo-accounts.js';
import { DemoChain } from './demo-chain.js';
import { DEMO_COLLECTIONS } from './demo-collections.js';
import {
  DEMO_ACTIVITIES,
  DEMO_ARTICLES,
  DEMO_BANNER_TITLES,
  DEMO_CATEGORIES,
  DEMO_PAST_ACTIVITIES,
  DEMO_PROJECTS,
  demoBannerSvg,
  demoSvg,
} from './demo-content.js';
import type { MarketSummary } from './demo-market.js';
import { publishCollections, type PublishedCollection } from './demo-publish.js';
import { DEMO_ENDED_RELIC_TOKEN_ID, seedWorld } from './demo-world.js';

export {
  DEMO_ENDED_RELIC_TOKEN_ID,
  DEMO_HISTORY_DAYS,
  DEMO_STABLE_COIN_BALANCE,
} from './demo-world.js';

type Db = Database['db'];

export interface SeedResult {
  /** The deployment with the contracts the seed added (Demo*). */
  deployment: Deployment;
  /** What the month of market history produced; null when the chain was seeded before. */
  market: MarketSummary | null;
  /**
   * Seconds: art and metadata published (alongside the chain), chain seeded (from the start),
   * then collection pages and content.
   */
  timings: { publish: number; chain: number; content: number };
}

/**
 * The demo world on a freshly deployed local chain whose clock starts a month in the past: six
 * game collections with generated art and metadata (plus the two launchpad collections), items
 * for the demo accounts, a month of listings and trades ending at the wall clock, the launchpad
 * sales, and the off-chain content (collection pages, help centre, banners, primary activities,
 * launchpad pages) through the admin functions the CLI uses. A chain that already has its items
 * is not seeded again (the content is saved again: it is keyed, or skipped when present).
 */
export async function seedDemoData(opts: {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  /** The stack's DATA_DIR (uploads and the embedded database). */
  dataDir: string;
  /** Where the deployment is kept; the seed adds its contracts there. */
  deploymentsFile?: string;
  /** DATABASE_URL; unset: the embedded PGlite in DATA_DIR/pglite. */
  databaseUrl?: string | undefined;
}): Promise<SeedResult> {
  const client = createPublicClient({
    chain: chainFor(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl),
  });
  const database = await openDatabase({
    url: opts.databaseUrl || undefined,
    dataDir: opts.databaseUrl ? undefined : path.join(opts.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const db = database.db;
    const t0 = performance.now();
    const since = (from: number) => Math.round(performance.now() - from) / 1000;
    // Art and metadata are published while the chain is seeded (CPU and chain waits overlap).
    let publish = 0;
    const publishing = publishCollections(db, opts.dataDir).then((p) => {
      publish = since(t0);
      return p;
    });
    // Without a chain to seed, nothing waits on it: settle it before any early throw.
    publishing.catch(() => undefined);

    let deployment = opts.deployment;
    let market: MarketSummary | null = null;
    await ensureDemoRate(db, opts.chainId, deployment);
    const heroes = deployment.contracts.GameItems721?.address as Address | undefined;
    if (!heroes) throw new Error('GameItems721 is missing from the deployment');
    const minted = await client.readContract({
      address: heroes,
      abi: gameItems721Abi,
      functionName: 'totalMinted',
    });
    if (minted === 0n) {
      const chain = await DemoChain.open(opts.rpcUrl, opts.chainId);
      try {
        const world = await seedWorld({
          chain,
          client,
          accounts: demoAccounts(),
          deployment,
          published: publishing,
          onDeployed: async (d) => {
            if (opts.deploymentsFile) await writeDeployment(opts.deploymentsFile, d);
          },
        });
        deployment = world.deployment;
        market = world.market;
      } finally {
        await chain.close();
      }
    }
    const published = await publishing;
    const chainSeconds = since(t0);
    const t1 = performance.now();
    const missing = DEMO_COLLECTIONS.filter((c) => !deployment.contracts[c.deploymentName]);
    if (missing.length > 0) {
      throw new Error(
        `the chain was seeded by an interrupted start (${missing[0]!.deploymentName} unknown): run npm start -- --fresh`,
      );
    }

    await seedCollectionPages(db, client, opts.chainId, deployment, published);
    const addr = (name: string): Address => deployment.contracts[name]!.address as Address;
    await seedContent(db, opts.dataDir, addr);
    return { deployment, market, timings: { publish, chain: chainSeconds, content: since(t1) } };
  } finally {
    await database.close();
  }
}

/**
 * AIA per USDT in the demo: 1 AIA is worth 0.5 USD. Volumes, floors, sorts and price filters
 * compare the two coins in AIA at this rate.
 */
export const DEMO_USDT_RATE = '2';

/**
 * The operator's USDT rate, set before the history is mined and indexed and in force over all of
 * it (the CLI's `config rate`); a rate already set (a restart, or the operator's) is kept.
 */
async function ensureDemoRate(db: Db, chainId: number, deployment: Deployment) {
  const stable = deployment.contracts.StableCoin?.address.toLowerCase();
  if (!stable) return;
  const rates = await currentCoinRates(db, chainId);
  if (rates.some((r) => r.currency === stable)) return;
  await setCoinRate(db, chainId, {
    coin: stable,
    rate: DEMO_USDT_RATE,
    symbol: 'USDT',
    decimals: STABLE_COIN_DECIMALS,
    at: new Date(0),
  });
}

/** A page per collection (and its registration for indexing): the CLI's `collection add`. */
async function seedCollectionPages(
  db: Db,
  client: PublicClient,
  chainId: number,
  deployment: Deployment,
  published: Map<string, PublishedCollection>,
) {
  const owner = demoAccounts()[0]!.address;
  for (const c of DEMO_COLLECTIONS) {
    const entry = deployment.contracts[c.deploymentName]!;
    const art = published.get(c.link)!;
    await addCollection(
      { db, chainId, chain: client },
      {
        address: entry.address,
        contractType: c.type,
        deploymentBlock: entry.blockNumber,
        name: c.name,
        linkCollection: c.link,
        description: c.description,
        headUrl: art.headUrl,
        coverUrl: art.coverUrl,
        backgroundUrl: art.backgroundUrl,
        linkTwitter: 'https://twitter.com/aiachain',
        linkDiscord: 'https://discord.gg/aiachain',
        ownerAddr: owner,
        featuredRank: c.featuredRank,
      },
    );
  }
}

/** Help centre, banners, primary activities and launchpad pages. */
async function seedContent(db: Db, dataDir: string, addr: (name: string) => Address) {
  const image = (
    title: string,
    hue: number,
    w = 600,
    h = 400,
    shape?: 'circle' | 'diamond' | 'egg',
  ) => storeImage(db, dataDir, demoSvg({ width: w, height: h, title, hue, shape }), 'seed');
  // Banner pictures carry no words: the home page writes the (translated) caption over them.
  const banner = (hue: number, shape: 'circle' | 'diamond' | 'egg') =>
    storeImage(db, dataDir, demoBannerSvg(hue, shape), 'seed');

  // Launchpad pages are keyed by their sale: saving again updates them.
  const aiaIcon = await image('AIA', 200, 64, 64, 'circle');
  const usdtIcon = await image('USDT', 150, 64, 64, 'circle');
  const coins = [
    { address: zeroAddress, symbol: 'AIA', decimals: 18, iconUrl: aiaIcon },
    {
      address: addr('StableCoin'),
      symbol: 'USDT',
      decimals: STABLE_COIN_DECIMALS,
      iconUrl: usdtIcon,
    },
  ];
  const projectImages = async (title: string, hue: number) => ({
    coverUrl: await image(title, hue, 600, 400, 'diamond'),
    boxUrl: await image(`${title} box`, hue + 20, 400, 400, 'egg'),
    headUrl: await image(title.slice(0, 3), hue, 200, 200, 'circle'),
    backgroundUrl: await image(title, hue + 40, 1900, 350),
  });
  const socials = {
    linkSkypegmwcn: 'https://example.com/aia',
    linkTwitter: 'https://twitter.com/aiachain',
    linkDiscord: 'https://discord.gg/aiachain',
  };
  // The projects in their list order (`sort`): two sales in progress and the ended one, which has
  // no social links.
  const projects = [
    {
      project: DEMO_PROJECTS.genesis,
      art: { title: 'AIA Genesis', hue: 20 },
      sale: { ...socials, contractAddr: addr('Launchpad721'), contractType: 'ERC721' },
    },
    {
      project: DEMO_PROJECTS.relics,
      art: { title: 'AIA Relics', hue: 270 },
      sale: {
        ...socials,
        contractAddr: addr('Launchpad1155'),
        contractType: 'ERC1155',
        tokenId: String(DEMO_LAUNCHPAD.tokenId1155),
      },
    },
    {
      project: DEMO_PROJECTS.relicsFirst,
      art: { title: 'First Light', hue: 320 },
      sale: {
        contractAddr: addr('Launchpad1155'),
        contractType: 'ERC1155',
        tokenId: String(DEMO_ENDED_RELIC_TOKEN_ID),
      },
    },
  ] as const;
  for (const [i, { project, art, sale }] of projects.entries()) {
    await saveProject(
      db,
      projectInput.parse({
        ...project,
        ...(await projectImages(art.title, art.hue)),
        ...sale,
        coins,
        sort: i + 1,
      }),
    );
  }

  // The rest is inserted once (a second run finds the help centre and stops).
  const existing = await db.query.articleCategories.findFirst();
  if (existing) return;

  const categoryIds = new Map<string, number>();
  for (const c of DEMO_CATEGORIES) {
    const row = await saveCategory(db, categoryInput.parse({ names: c.names, sort: c.sort }));
    categoryIds.set(c.key, row.id);
  }
  const articleIds: number[] = [];
  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const row = await saveArticle(
      db,
      articleInput.parse({
        categoryId: categoryIds.get(a.category),
        titles: a.titles,
        contents: a.contents,
        sort: i,
      }),
    );
    articleIds.push(row.id);
  }

  const hour = 3_600_000;
  const now = Date.now();
  const live = DEMO_ACTIVITIES.live;
  const { activity: liveActivity } = await saveActivity(
    db,
    activityInput.parse({
      type: ACTIVITY_TYPE.sale,
      names: live.names,
      remarks: live.remarks,
      coverUrl: await image('Dragon eggs', 30, 600, 400, 'egg'),
      backgroundUrl: await image('Summer drop', 30, 1900, 350),
      price: '25',
      coin: 'USDT',
      totalNum: 400,
      // Buy now opens a page that exists: the eggs hatch Dragon Riders.
      buyUrl: '/collection/dragon-riders',
      startTime: new Date(now - 2 * 24 * hour).toISOString(),
      endTime: new Date(now + 12 * 24 * hour).toISOString(),
      sort: 1,
      items: await Promise.all(
        live.items.map(async (names, i) => ({
          names,
          blindBoxId: i === 3 ? 1 : undefined,
          imageUrl: await image(names.en, 20 + i * 70, 400, 400, 'egg'),
          num: 100,
          residueNum: i === 0 ? 0 : 100 - i * 17,
          price: i === 3 ? '40' : '25',
          coin: 'USDT',
          sort: i,
        })),
      ),
    }),
  );
  const upcoming = DEMO_ACTIVITIES.upcoming;
  await saveActivity(
    db,
    activityInput.parse({
      type: ACTIVITY_TYPE.items,
      names: upcoming.names,
      remarks: upcoming.remarks,
      coverUrl: await image('Legends of the Forge', 10, 600, 400, 'diamond'),
      backgroundUrl: await image('Legends of the Forge', 10, 1900, 350),
      price: '0.5',
      coin: 'AIA',
      totalNum: 150,
      buyUrl: '/collection/aia-game-items',
      startTime: new Date(now + 3 * 24 * hour).toISOString(),
      endTime: new Date(now + 10 * 24 * hour).toISOString(),
      sort: 2,
      items: await Promise.all(
        upcoming.items.map(async (names, i) => ({
          names,
          imageUrl: await image(names.en, 10 + i * 40, 400, 400, 'diamond'),
          num: 75,
          price: '0.5',
          coin: 'AIA',
          sort: i,
        })),
      ),
    }),
  );

  // One ended activity (an item list) and one sold out (a sale; every item's residueNum is 0).
  for (const [key, period, hue, type, buyUrl] of [
    [
      'ended',
      { start: now - 20 * 24 * hour, end: now - 5 * 24 * hour },
      100,
      ACTIVITY_TYPE.items,
      '/collection/mystic-potions',
    ],
    [
      'soldOut',
      { start: now - 3 * 24 * hour, end: now + 4 * 24 * hour },
      50,
      ACTIVITY_TYPE.sale,
      '/collection/aia-heroes',
    ],
  ] as const) {
    const a = DEMO_PAST_ACTIVITIES[key];
    await saveActivity(
      db,
      activityInput.parse({
        type,
        names: a.names,
        remarks: a.remarks,
        coverUrl: await image(a.names.en, hue, 600, 400, 'circle'),
        backgroundUrl: await image(a.names.en, hue, 1900, 350),
        price: '10',
        coin: 'USDT',
        totalNum: 200,
        buyUrl,
        startTime: new Date(period.start).toISOString(),
        endTime: new Date(period.end).toISOString(),
        sort: key === 'ended' ? 4 : 3,
        items: await Promise.all(
          a.items.map(async (names, i) => ({
            names,
            imageUrl: await image(names.en, hue + i * 50, 400, 400, 'circle'),
            num: 100,
            residueNum: key === 'ended' ? 40 - i * 15 : 0,
            price: '10',
            coin: 'USDT',
            sort: i,
          })),
        ),
      }),
    );
  }

  await saveBanner(
    db,
    bannerInput.parse({
      type: 1,
      imageUrl: await banner(30, 'egg'),
      titles: DEMO_BANNER_TITLES.activity,
      activityId: liveActivity.id,
      sort: 1,
    }),
  );
  await saveBanner(
    db,
    bannerInput.parse({
      type: 2,
      imageUrl: await banner(220, 'diamond'),
      titles: DEMO_BANNER_TITLES.collection,
      linkCollection: 'aia-heroes',
      sort: 2,
    }),
  );
  await saveBanner(
    db,
    bannerInput.parse({
      type: 0,
      imageUrl: await banner(170, 'circle'),
      titles: DEMO_BANNER_TITLES.article,
      articleId: articleIds[0],
      sort: 3,
    }),
  );
}
