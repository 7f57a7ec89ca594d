// A real anvil with the full deployment, wallets for the demo accounts, the fixture scenario of
// the indexer tests, and a normalised dump of every chain-derived table.
import { asc, sql } from 'drizzle-orm';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  hashTypedData,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, deployContracts, priceHash, startAnvil } from '@aiamarket/contracts';
import {
  chainFor,
  OFFER_KIND,
  OFFER_TYPES,
  offerDomain,
  unitsText,
  type Deployment,
  type SignedOfferFields,
} from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
  marketplaceAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import type { AppDb } from '../../src/db/database.js';
import {
  activities,
  collections,
  collectionStats,
  collectionVolumeHours,
  holdings,
  launchpadCounters,
  launchpadEvents,
  launchpadSales,
  marketEvents,
  nftTransfers,
  orders,
  royaltyPayments,
} from '../../src/db/schema-chain.js';
import { coinDecimals, coinRates } from '../../src/db/schema-coins.js';
import { indexerCursor } from '../../src/db/schema.js';
import { offerEvents, offers } from '../../src/db/schema-offers.js';
import { listingEvents } from '../../src/db/schema-listings.js';
import type { IndexerConfig } from '../../src/indexer/config.js';
import { Indexer } from '../../src/indexer/run/indexer.js';
import { DEFAULT_METADATA_OPTIONS } from '../../src/metadata/index.js';

export const CHAIN_ID = 31337;

export const TEST_INDEXER_CONFIG: IndexerConfig = {
  enabled: true,
  confirmations: 0,
  batchBlocks: 2_000,
  rangeLogs: 10_000,
  analyzeEvents: 10_000,
  pollMs: 20,
  reorgWindow: 64,
  startBlock: undefined,
  metadata: DEFAULT_METADATA_OPTIONS,
  metadataRefreshPerMinute: 10,
};

const account = (i: number) => {
  const a = ANVIL_ACCOUNTS[i];
  if (!a) throw new Error(`no anvil account ${i}`);
  return a;
};
export const ACTORS = {
  owner: account(0),
  alice: account(1),
  bob: account(2),
  carol: account(3),
  dave: account(4),
};
export const lower = (a: string) => a.toLowerCase();

export type Chain = Awaited<ReturnType<typeof startChain>>;

/** anvil (one block per transaction) with every contract deployed. */
export async function startChain() {
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  const deployment = await deployContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: ACTORS.owner.privateKey,
    chainId: CHAIN_ID,
  });
  const chain = chainFor(CHAIN_ID, anvil.rpcUrl);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const wallets = Object.fromEntries(
    Object.entries(ACTORS).map(([name, a]) => [
      name,
      createWalletClient({
        account: privateKeyToAccount(a.privateKey),
        chain,
        transport,
        pollingInterval: 50,
      }),
    ]),
  ) as Record<keyof typeof ACTORS, ReturnType<typeof createWalletClient>>;
  const addr = (name: string) => deployment.contracts[name]!.address as Address;
  return {
    anvil,
    deployment,
    publicClient: publicClient as PublicClient,
    testClient,
    wallets,
    addr,
    stop: () => anvil.stop(),
  };
}

export function newIndexer(
  db: AppDb,
  publicClient: PublicClient,
  deployment: Deployment,
  overrides: Partial<IndexerConfig> = {},
) {
  return new Indexer({
    db,
    chain: publicClient,
    chainId: CHAIN_ID,
    deployment,
    config: { ...TEST_INDEXER_CONFIG, ...overrides },
  });
}

type Who = keyof typeof ACTORS;

/** Salts of the stored offers: deterministic and distinct. */
let nextSalt = 1n;

export interface Stored {
  offer: SignedOfferFields;
  signature: Hex;
  hash: Hex;
}

/**
 * Signs an offer with the offerer's demo key (shared offerDomain / OFFER_TYPES, ends in 7 days)
 * and stores it as offer/create does (state columns at their defaults).
 */
export async function storeSigned(
  c: Chain,
  db: AppDb,
  who: Who,
  fields: Omit<SignedOfferFields, 'offerer' | 'start' | 'end' | 'salt'> & { salt?: bigint },
): Promise<Stored> {
  const offersAddr = c.addr('Offers');
  const now = BigInt(Math.floor(Date.now() / 1000));
  const offer: SignedOfferFields = {
    ...fields,
    offerer: ACTORS[who].address as Address,
    start: 0n,
    end: now + 7n * 86_400n,
    salt: fields.salt ?? nextSalt++,
  };
  const typed = {
    domain: offerDomain(CHAIN_ID, offersAddr),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: offer,
  } as const;
  const signature = await privateKeyToAccount(ACTORS[who].privateKey).signTypedData(typed);
  const hash = hashTypedData(typed);
  const decimals = lower(offer.coin) === lower(c.addr('StableCoin')) ? 6 : 18;
  await db.insert(offers).values({
    chainId: CHAIN_ID,
    offersAddr: lower(offersAddr),
    orderHash: lower(hash),
    offerer: lower(offer.offerer),
    contractAddr: lower(offer.collection),
    kind: offer.kind,
    erc1155: offer.erc1155,
    identifier: offer.identifier.toString(),
    tokenId: offer.kind === OFFER_KIND.item ? offer.identifier.toString() : null,
    units: offer.units.toString(),
    coin: lower(offer.coin),
    pricePerUnit: offer.pricePerUnit.toString(),
    priceValue: unitsText(offer.pricePerUnit, decimals),
    startTime: new Date(Number(offer.start) * 1000),
    endTime: new Date(Number(offer.end) * 1000),
    salt: offer.salt.toString(),
    counter: offer.counter.toString(),
    signature,
  });
  return { offer, signature, hash };
}

/** Sends a contract call from `who` and waits for it to succeed. */
export async function send(
  c: Chain,
  who: Who,
  call: {
    address: Address;
    abi: readonly unknown[];
    functionName: string;
    args?: readonly unknown[];
    value?: bigint;
  },
) {
  const wallet = c.wallets[who];
  const request = { ...call, account: wallet.account!, chain: wallet.chain };
  const hash = await wallet.writeContract(request as Parameters<typeof wallet.writeContract>[0]);
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
  return receipt;
}

/** `who` buys `amount` of the market's item `itemId` at its price (paying `value` in AIA). */
export async function buyMarketItem(
  c: Chain,
  who: Who,
  itemId: bigint,
  amount: bigint,
  value?: bigint,
) {
  const m = { address: c.addr('Marketplace'), abi: marketplaceAbi };
  const item = await c.publicClient.readContract({
    ...m,
    functionName: 'getMarketItem',
    args: [itemId],
  });
  await send(c, who, {
    ...m,
    functionName: 'createMarketSale',
    args: [itemId, amount, priceHash(item.nftContract, item.tokenId, item.price)],
    ...(value !== undefined ? { value } : {}),
  });
}

/** The owner mints `count` heroes (GameItems721) to `to`. */
export const mintHeroes = (c: Chain, to: Who, count: bigint) =>
  send(c, 'owner', {
    address: c.addr('GameItems721'),
    abi: gameItems721Abi,
    functionName: 'mint',
    args: [ACTORS[to].address, count],
  });

/** The owner mints `units` of item `id` (GameItems1155) to `to`. */
export const mintItems = (c: Chain, to: Who, id: bigint, units: bigint) =>
  send(c, 'owner', {
    address: c.addr('GameItems1155'),
    abi: gameItems1155Abi,
    functionName: 'mint',
    args: [ACTORS[to].address, id, units],
  });

/** The scenario's steps, in order; each is one or more transactions. */
export function scenarioSteps(c: Chain) {
  const market = c.addr('Marketplace');
  const g721 = c.addr('GameItems721');
  const g1155 = c.addr('GameItems1155');
  const stable = c.addr('StableCoin');
  const lp721 = c.addr('Launchpad721');
  const lp1155 = c.addr('Launchpad1155');
  const m = { address: market, abi: marketplaceAbi };
  const buy = (who: Who, itemId: bigint, amount: bigint, value?: bigint) =>
    buyMarketItem(c, who, itemId, amount, value);
  return {
    /** Mints: alice 5 heroes (ids 1-5); bob 10 of item 1 and a batch of items 2 and 3. */
    async mint() {
      await mintHeroes(c, 'alice', 5n);
      await mintItems(c, 'bob', 1n, 10n);
      await send(c, 'owner', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'mintBatch',
        args: [ACTORS.bob.address, [2n, 3n], [5n, 5n]],
      });
      for (const who of ['bob', 'carol', 'dave'] as const) {
        await send(c, 'owner', {
          address: stable,
          abi: stableCoinAbi,
          functionName: 'mint',
          args: [ACTORS[who].address, parseUnits('1000', 6)],
        });
      }
    },
    /** Royalty rate 3 % on the heroes; listings: hero 1 for 1 AIA (item 1), 6 of item 1 for 2 USD each (item 2). */
    async list() {
      await send(c, 'owner', {
        ...m,
        functionName: 'setRoyaltyRate',
        args: [g721, ACTORS.owner.address, 300n],
      });
      await send(c, 'alice', {
        address: g721,
        abi: gameItems721Abi,
        functionName: 'setApprovalForAll',
        args: [market, true],
      });
      await send(c, 'alice', {
        ...m,
        functionName: 'createMarketItem',
        args: [g721, 1n, 1n, parseEther('1'), zeroAddress],
      });
      await send(c, 'bob', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'setApprovalForAll',
        args: [market, true],
      });
      await send(c, 'bob', {
        ...m,
        functionName: 'createMarketItem',
        args: [g1155, 1n, 6n, parseUnits('2', 6), stable],
      });
      // Item 3: 5 of item 3 for 0.1 AIA each.
      await send(c, 'bob', {
        ...m,
        functionName: 'createMarketItem',
        args: [g1155, 3n, 5n, parseEther('0.1'), zeroAddress],
      });
    },
    /** carol buys hero 1 with AIA; carol buys 2 of item 2 with the stable coin; dave 1 of item 3 with AIA. */
    async buy() {
      await buy('carol', 1n, 1n, parseEther('1'));
      await send(c, 'carol', {
        address: stable,
        abi: stableCoinAbi,
        functionName: 'approve',
        args: [market, parseUnits('1000', 6)],
      });
      await buy('carol', 2n, 2n);
      await buy('dave', 3n, 1n, parseEther('0.1'));
    },
    /** bob reprices item 2 to 3 USD; alice lists hero 2 (item 4) and cancels it. */
    async priceAndCancel() {
      await send(c, 'bob', { ...m, functionName: 'modifyPrice', args: [2n, parseUnits('3', 6)] });
      await send(c, 'alice', {
        ...m,
        functionName: 'createMarketItem',
        args: [g721, 2n, 1n, parseEther('2'), zeroAddress],
      });
      await send(c, 'alice', { ...m, functionName: 'cancelMarketItem', args: [4n] });
    },
    /** alice gives hero 3 to dave; bob sends 5 of item 1 to dave (item 2 left 4 > 3 held). */
    async transferAway() {
      await send(c, 'alice', {
        address: g721,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [ACTORS.alice.address, ACTORS.dave.address, 3n],
      });
      await send(c, 'bob', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'safeTransferFrom',
        args: [ACTORS.bob.address, ACTORS.dave.address, 1n, 5n, '0x'],
      });
    },
    /** dave sends 1 of item 1 back to bob (holds 4 again = left). */
    async transferBack() {
      await send(c, 'dave', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'safeTransferFrom',
        args: [ACTORS.dave.address, ACTORS.bob.address, 1n, 1n, '0x'],
      });
    },
    /** Launchpads: carol mints 2 GEN with AIA, bob 3 RELIC with the stable coin; swaps. */
    async launchpad() {
      await send(c, 'carol', {
        address: lp721,
        abi: launchpad721Abi,
        functionName: 'mint',
        args: [zeroAddress, 2n],
        value: parseEther('0.02'),
      });
      await send(c, 'bob', {
        address: stable,
        abi: stableCoinAbi,
        functionName: 'approve',
        args: [lp1155, parseUnits('1000', 6)],
      });
      await send(c, 'bob', {
        address: lp1155,
        abi: launchpad1155Abi,
        functionName: 'mint',
        args: [0n, stable, 3n],
      });
      // alice swaps heroes 4 and 5 for 1 GEN (ratio 2:1).
      await send(c, 'alice', {
        address: g721,
        abi: gameItems721Abi,
        functionName: 'setApprovalForAll',
        args: [lp721, true],
      });
      await send(c, 'alice', {
        address: lp721,
        abi: launchpad721Abi,
        functionName: 'swap',
        args: [0, g721, [4n, 5n], [1n, 1n]],
      });
      // bob swaps 2 of item 2 for 2 RELIC (1:1).
      await send(c, 'bob', {
        address: g1155,
        abi: gameItems1155Abi,
        functionName: 'setApprovalForAll',
        args: [lp1155, true],
      });
      await send(c, 'bob', {
        address: lp1155,
        abi: launchpad1155Abi,
        functionName: 'swap',
        args: [0n, 1, g1155, [2n], [2n]],
      });
    },
  };
}

export const SCENARIO_ORDER = [
  'mint',
  'list',
  'buy',
  'priceAndCancel',
  'transferAway',
  'transferBack',
  'launchpad',
] as const;

/** Every chain-derived table, sorted, with its rows as plain values (the cursor included). */
export async function dumpChainTables(db: AppDb) {
  const pos = <T extends { blockNumber: unknown; logIndex: unknown }>(t: T) => [
    asc(t.blockNumber as never),
    asc(t.logIndex as never),
  ];
  return {
    cursor: await db
      .select({ n: indexerCursor.blockNumber, h: indexerCursor.blockHash })
      .from(indexerCursor),
    collections: (await db.select().from(collections).orderBy(asc(collections.address))).map(
      ({ createdAt: _createdAt, ...rest }) => rest,
    ),
    nftTransfers: await db
      .select()
      .from(nftTransfers)
      .orderBy(...pos(nftTransfers), asc(nftTransfers.subIndex)),
    marketEvents: await db
      .select()
      .from(marketEvents)
      .orderBy(...pos(marketEvents)),
    launchpadEvents: await db
      .select()
      .from(launchpadEvents)
      .orderBy(...pos(launchpadEvents)),
    activities: await db
      .select()
      .from(activities)
      .orderBy(...pos(activities), asc(activities.subIndex)),
    royaltyPayments: await db
      .select()
      .from(royaltyPayments)
      .orderBy(...pos(royaltyPayments)),
    holdings: await db
      .select()
      .from(holdings)
      .orderBy(asc(holdings.contractAddr), asc(holdings.tokenId), asc(holdings.ownerAddr)),
    orders: await db
      .select()
      .from(orders)
      .orderBy(asc(orders.marketAddr), sql`${orders.orderId}`),
    launchpadCounters: await db
      .select()
      .from(launchpadCounters)
      .orderBy(
        asc(launchpadCounters.launchpadAddr),
        asc(launchpadCounters.saleId),
        asc(launchpadCounters.coinAddr),
        asc(launchpadCounters.kind),
      ),
    launchpadSales: await db
      .select()
      .from(launchpadSales)
      .orderBy(asc(launchpadSales.launchpadAddr), asc(launchpadSales.saleId)),
    coinDecimals: await db.select().from(coinDecimals).orderBy(asc(coinDecimals.address)),
    collectionStats: await db
      .select()
      .from(collectionStats)
      .orderBy(asc(collectionStats.contractAddr)),
    collectionVolumeHours: await db
      .select()
      .from(collectionVolumeHours)
      .orderBy(asc(collectionVolumeHours.contractAddr), asc(collectionVolumeHours.hour)),
    offerEvents: await db
      .select()
      .from(offerEvents)
      .orderBy(...pos(offerEvents)),
    listingEvents: await db
      .select()
      .from(listingEvents)
      .orderBy(...pos(listingEvents)),
  };
}

/** Empties every chain-derived table and the cursor (a database to index from scratch again). */
export async function resetChainTables(db: AppDb) {
  await db.execute(
    sql.raw(
      `truncate ${[
        'indexer_cursor',
        'indexer_blocks',
        'collections',
        'nft_transfers',
        'market_events',
        'launchpad_events',
        'activities',
        'royalty_payments',
        'holdings',
        'orders',
        'launchpad_counters',
        'launchpad_sales',
        'token_metadata',
        'coin_decimals',
        'collection_stats',
        'collection_volume_hours',
        'token_attributes',
        'attr_values',
        'attr_categories',
        'offer_events',
        'offer_funds',
        'listing_events',
        'listing_approvals',
      ].join(', ')}`,
    ),
  );
}

/**
 * Indexes `c`'s canonical chain from scratch into `scratch`, for a reorg test to compare with
 * what following the chain left in `source`: the chain tables, `storedTables` (the signed rows
 * the API stores) and the coin rates are emptied; the operator's rates are copied from `source`
 * (they are not chain data); `copyStored` puts the stored rows back with their state reset.
 */
export async function indexFromScratch(
  c: Chain,
  source: AppDb,
  scratch: AppDb,
  storedTables: readonly string[],
  copyStored: () => Promise<unknown>,
) {
  await resetChainTables(scratch);
  await scratch.execute(sql.raw(`truncate ${[...storedTables, 'coin_rates'].join(', ')}`));
  const rates = await source.select().from(coinRates);
  if (rates.length > 0) await scratch.insert(coinRates).values(rates);
  await copyStored();
  await newIndexer(scratch, c.publicClient, c.deployment).catchUp();
}
