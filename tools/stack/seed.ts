import path from 'node:path';
import {
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  publicActions,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, DEMO_LAUNCHPAD } from '@aiamarket/contracts';
import { chainFor, STABLE_COIN_DECIMALS, type Deployment } from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import {
  activityInput,
  articleInput,
  bannerInput,
  categoryInput,
  openDatabase,
  projectInput,
  saveActivity,
  saveArticle,
  saveBanner,
  saveCategory,
  saveProject,
  storeImage,
} from '@aiamarket/server/admin';
import {
  DEMO_ACTIVITIES,
  DEMO_ARTICLES,
  DEMO_BANNER_TITLES,
  DEMO_CATEGORIES,
  DEMO_PROJECTS,
  demoSvg,
} from './demo-content.js';

/** Demo balances so that every demo account can pay in the stable coin right away. */
export const DEMO_STABLE_COIN_BALANCE = parseUnits('10000', STABLE_COIN_DECIMALS);

/** The 1155 launchpad token id of the demo's ended sale ("First Light"). */
export const DEMO_ENDED_RELIC_TOKEN_ID = 1n;

type Client = ReturnType<typeof walletFor>;

function walletFor(privateKey: Hex, chainId: number, rpcUrl: string) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: chainFor(chainId, rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 100,
  }).extend(publicActions);
}

async function send(client: Client, hash: Promise<Hex>) {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success')
    throw new Error(`seed transaction ${receipt.transactionHash} reverted`);
}

/**
 * Demo data on a freshly deployed local chain: stable coins for every demo account, game items
 * for accounts 1-3, a few launchpad mints, an ended launchpad sale and, with a data folder, the
 * off-chain content (help centre, banners, primary activities, launchpad pages, images). Safe to
 * run again: game items, launchpad mints and content that are already there are skipped (the
 * stable coins are minted again).
 */
export async function seedDemoData(opts: {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  /** The stack's DATA_DIR; without it only the chain is seeded. */
  dataDir?: string;
  /** DATABASE_URL; unset: the embedded PGlite in DATA_DIR/pglite. */
  databaseUrl?: string | undefined;
}) {
  const wallets = ANVIL_ACCOUNTS.map((a) => walletFor(a.privateKey, opts.chainId, opts.rpcUrl));
  const owner = wallets[0]!;
  const addr = (name: string): Address => {
    const entry = opts.deployment.contracts[name];
    if (!entry) throw new Error(`${name} is missing from the deployment`);
    return entry.address as Address;
  };

  const coin = addr('StableCoin');
  for (const account of ANVIL_ACCOUNTS) {
    await send(
      owner,
      owner.writeContract({
        address: coin,
        abi: stableCoinAbi,
        functionName: 'mint',
        args: [account.address as Address, DEMO_STABLE_COIN_BALANCE],
      }),
    );
  }
  // Game items and launchpad mints once per chain (a repeated seed finds them).
  const minted721 = await owner.readContract({
    address: addr('GameItems721'),
    abi: gameItems721Abi,
    functionName: 'totalMinted',
  });
  if (minted721 === 0n) await seedChainItems(wallets, addr);

  if (opts.dataDir) await seedContent({ ...opts, dataDir: opts.dataDir }, addr);
}

/** Game items for accounts 1-3, mints on both launchpads, and an ended 1155 sale. */
async function seedChainItems(wallets: Client[], addr: (name: string) => Address) {
  const owner = wallets[0]!;
  for (const [i, wallet] of wallets.slice(1, 4).entries()) {
    const to = wallet.account.address;
    await send(
      owner,
      owner.writeContract({
        address: addr('GameItems721'),
        abi: gameItems721Abi,
        functionName: 'mint',
        args: [to, 4n],
      }),
    );
    await send(
      owner,
      owner.writeContract({
        address: addr('GameItems1155'),
        abi: gameItems1155Abi,
        functionName: 'mintBatch',
        args: [to, [1n, 2n, 3n], [BigInt(5 + i), 3n, 1n]],
      }),
    );
  }
  // A few launchpad mints so the progress bars move.
  const alice = wallets[1]!;
  await send(
    alice,
    alice.writeContract({
      address: addr('Launchpad721'),
      abi: launchpad721Abi,
      functionName: 'mint',
      args: [zeroAddress, 3n],
      value: DEMO_LAUNCHPAD.coins.native.price * 3n,
    }),
  );
  const bob = wallets[2]!;
  await send(
    bob,
    bob.writeContract({
      address: addr('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'mint',
      args: [DEMO_LAUNCHPAD.tokenId1155, zeroAddress, 2n],
      value: DEMO_LAUNCHPAD.coins.native.price * 2n,
    }),
  );

  // The ended sale: open it, let carol mint, then close it in the past.
  const { timestamp } = await owner.getBlock();
  const configure = (startAt: bigint, endAt: bigint) =>
    send(
      owner,
      owner.writeContract({
        address: addr('Launchpad1155'),
        abi: launchpad1155Abi,
        functionName: 'configure',
        args: [
          DEMO_ENDED_RELIC_TOKEN_ID,
          { blindBoxType: 0, downFlag: false, swapFlag: false, bankAddress: owner.account.address },
          {
            collectionSize: 200,
            maxBatchSize: 10,
            maxUserSize: 20,
            totalSupply: 0,
            startAt,
            endAt,
          },
          { fromNft: addr('GameItems1155'), fromAmount: 1, toAmount: 1 },
          [{ coinAddr: zeroAddress, coinAmount: parseEther('0.02'), coinMaxAmount: 200n }],
        ],
      }),
    );
  await configure(timestamp - 60n, timestamp + 86_400n);
  const carol = wallets[3]!;
  await send(
    carol,
    carol.writeContract({
      address: addr('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'mint',
      args: [DEMO_ENDED_RELIC_TOKEN_ID, zeroAddress, 10n],
      value: parseEther('0.2'),
    }),
  );
  await configure(timestamp - 30n * 86_400n, timestamp - 86_400n);
}

async function seedContent(
  opts: { dataDir: string; databaseUrl?: string | undefined },
  addr: (name: string) => Address,
) {
  const database = await openDatabase({
    url: opts.databaseUrl || undefined,
    dataDir: opts.databaseUrl ? undefined : path.join(opts.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const db = database.db;
    const image = (
      title: string,
      hue: number,
      w = 600,
      h = 400,
      shape?: 'circle' | 'diamond' | 'egg',
    ) => storeImage(db, opts.dataDir, demoSvg({ width: w, height: h, title, hue, shape }), 'seed');

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
    await saveProject(
      db,
      projectInput.parse({
        ...DEMO_PROJECTS.genesis,
        ...(await projectImages('AIA Genesis', 20)),
        ...socials,
        contractAddr: addr('Launchpad721'),
        contractType: 'ERC721',
        coins,
        sort: 1,
      }),
    );
    await saveProject(
      db,
      projectInput.parse({
        ...DEMO_PROJECTS.relics,
        ...(await projectImages('AIA Relics', 270)),
        ...socials,
        contractAddr: addr('Launchpad1155'),
        contractType: 'ERC1155',
        tokenId: String(DEMO_LAUNCHPAD.tokenId1155),
        coins,
        sort: 2,
      }),
    );
    await saveProject(
      db,
      projectInput.parse({
        ...DEMO_PROJECTS.relicsFirst,
        ...(await projectImages('First Light', 320)),
        contractAddr: addr('Launchpad1155'),
        contractType: 'ERC1155',
        tokenId: String(DEMO_ENDED_RELIC_TOKEN_ID),
        coins,
        sort: 3,
      }),
    );

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
        names: live.names,
        remarks: live.remarks,
        coverUrl: await image('Dragon eggs', 30, 600, 400, 'egg'),
        backgroundUrl: await image('Summer drop', 30, 1900, 350),
        price: '25',
        coin: 'USDT',
        totalNum: 400,
        buyUrl: '/marketplace',
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
        names: upcoming.names,
        remarks: upcoming.remarks,
        coverUrl: await image('Legends of the Forge', 10, 600, 400, 'diamond'),
        backgroundUrl: await image('Legends of the Forge', 10, 1900, 350),
        price: '0.5',
        coin: 'AIA',
        totalNum: 150,
        buyUrl: '/marketplace',
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

    await saveBanner(
      db,
      bannerInput.parse({
        type: 1,
        imageUrl: await image(DEMO_BANNER_TITLES.activity.en, 30, 1900, 500, 'egg'),
        titles: DEMO_BANNER_TITLES.activity,
        activityId: liveActivity.id,
        sort: 1,
      }),
    );
    await saveBanner(
      db,
      bannerInput.parse({
        type: 2,
        imageUrl: await image(DEMO_BANNER_TITLES.collection.en, 220, 1900, 500, 'diamond'),
        titles: DEMO_BANNER_TITLES.collection,
        linkCollection: 'aia-heroes',
        sort: 2,
      }),
    );
    await saveBanner(
      db,
      bannerInput.parse({
        type: 0,
        imageUrl: await image(DEMO_BANNER_TITLES.article.en, 170, 1900, 500, 'circle'),
        titles: DEMO_BANNER_TITLES.article,
        articleId: articleIds[0],
        sort: 3,
      }),
    );
  } finally {
    await database.close();
  }
}
