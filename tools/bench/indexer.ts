// Indexer figures for `npm run bench`: events per second when back-filling a realistic dataset
// (market events plus ERC721 and ERC1155 transfers of several collections, metadata fetched)
// from anvil, and the lag to head (blocks and ms) while transactions arrive at a steady rate.
// Everything runs on loopback: a private anvil, a local IPFS gateway, and an in-memory PGlite
// (or a fresh database on the PostgreSQL server of BENCH_DATABASE_URL).
import { performance } from 'node:perf_hooks';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http as httpTransport,
  parseGwei,
  toEventSelector,
  zeroAddress,
  type AbiEvent,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { startGateway } from './metadata-gateway.js';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '@aiamarket/contracts';
import { chainFor, type Deployment } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { gameItemsContract } from '../stack/game-items.js';
import {
  Indexer,
  fetchPendingMetadata,
  loadIndexerConfig,
  createScratchDatabase,
  openDatabase,
  registerCollection,
  type Database,
} from '@aiamarket/server/admin';

const CHAIN_ID = 31337;
const MARKET_EVENTS = Number(process.env.BENCH_INDEXER_EVENTS ?? 10_000);
const TRANSFERS = Number(process.env.BENCH_INDEXER_TRANSFERS ?? 50_000);
const LAG_TPS = Number(process.env.BENCH_INDEXER_TPS ?? 10);
const LAG_SECONDS = Number(process.env.BENCH_INDEXER_SECONDS ?? 30);
/** Sellers: the anvil accounts after the deployer (four). */
const SELLERS = ANVIL_ACCOUNTS.length - 1;
const POLL_MS = 100;
/**
 * Lag phase block time: 0 (default) mines a block per transaction (anvil's automine, which this
 * 2-core machine sustains up to about 11 blocks/s); N mines one block every N ms with the
 * transactions sent meanwhile (100 tx/s in 100 ms blocks: 10 a block).
 */
const LAG_BLOCK_MS = Number(process.env.BENCH_INDEXER_BLOCK_MS ?? 0);
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
const TRANSFER_BATCH = toEventSelector(
  'TransferBatch(address,address,address,uint256[],uint256[])',
);
const eventTopic = (name: string) =>
  toEventSelector(marketplaceAbi.find((e) => e.type === 'event' && e.name === name) as AbiEvent);
const MARKET_CREATED = eventTopic('MarketItemCreated');
const MARKET_CANCELLED = eventTopic('MarketItemCancelled');

// The realistic back-fill dataset, shared by this bench and the Ponder side-by-side:
// the market's listing events plus ERC721 and ERC1155 transfers of several collections, every
// token's metadata served by a local IPFS gateway.

/** What `buildIndexerDataset` puts on a fresh anvil. */
export interface IndexerDatasetOptions {
  /** A fresh anvil (the contracts are deployed on it; it is left running, automine on). */
  rpcUrl: string;
  chainId?: number;
  /** Market events (MarketItemCreated + MarketItemCancelled), default 10,000 (gives 10,004). */
  marketEvents?: number;
  /** ERC721 and ERC1155 transfer logs, default 50,000 (a TransferBatch counts as one log). */
  transfers?: number;
  log?: (line: string) => void;
}

export interface DatasetCollection {
  name: string;
  address: Address;
  type: 'ERC721' | 'ERC1155';
  deploymentBlock: number;
  /** False for the dataset's own collections, which an indexer must be told about. */
  inDeployment: boolean;
}

export interface IndexerDataset {
  chainId: number;
  rpcUrl: string;
  deployment: Deployment;
  market: Address;
  collections: DatasetCollection[];
  /** The first block to index (the earliest deployed contract) and the last one filled. */
  fromBlock: number;
  toBlock: number;
  counts: {
    /** Market logs an indexer keeps (created, cancelled). */
    marketEvents: number;
    /** Transfer, TransferSingle and TransferBatch logs. */
    transferLogs: number;
    /** Transfers counted per token id (a TransferBatch of n ids is n). */
    transfers: number;
    /** Distinct tokens, each with its metadata at the gateway. */
    tokens: number;
  };
  /** The IPFS gateway answering every ipfs:// token URI of the dataset ({gateway}/ipfs/...). */
  metadataGateway: string;
  /** Stops the gateway (not the anvil). */
  close(): Promise<void>;
}

const DATASET_GAS = {
  list: 500_000n,
  transfer: 150_000n,
  mint721: 14_000_000n,
  mintBatch: 6_000_000n,
  setup: 300_000n,
} as const;
/** ERC721 tokens one mint transaction creates (about 11 M gas, under anvil's 30 M block). */
const MINT_721_PER_TX = 200;
/** ERC1155 ids each holder gets in one mintBatch, and how many of each. */
const IDS_1155_PER_HOLDER = 50;
const AMOUNT_1155 = 1_000n;
/** Transactions sent before mining them: a few full blocks, within anvil's comfortable pool. */
const CHUNK = 400;

/** Signs and sends raw transactions with explicit nonces, without waiting for receipts. */
function sender(client: PublicClient, account: PrivateKeyAccount, chainId: number, start: number) {
  let nonce = start;
  const send = async (to: Address, data: Hex, gas: bigint = DATASET_GAS.list): Promise<Hex> => {
    const raw = await account.signTransaction({
      chainId,
      type: 'eip1559',
      to,
      data,
      nonce: nonce++,
      gas,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    });
    return client.request({ method: 'eth_sendRawTransaction', params: [raw] });
  };
  return Object.assign(send, { account, lastNonce: () => nonce - 1 });
}
type Sender = ReturnType<typeof sender>;

/**
 * Fills a fresh anvil with the realistic back-fill dataset and serves its token metadata:
 * the deployment, `marketEvents` listing events (each seller relisting its stack cancels the
 * previous listing) and `transfers` transfer logs over 4 ERC721 and 2 ERC1155 collections
 * (bulk mints, then transfers between the four sellers). Transactions are mined a few hundred
 * to a block (automine is off meanwhile, back on at the end). Deterministic for given options.
 */
export async function buildIndexerDataset(opts: IndexerDatasetOptions): Promise<IndexerDataset> {
  const chainId = opts.chainId ?? CHAIN_ID;
  const log = opts.log ?? (() => {});
  const marketTarget = opts.marketEvents ?? 10_000;
  const transferTarget = opts.transfers ?? 50_000;
  const started = performance.now();
  const owner = ANVIL_ACCOUNTS[0]!;
  const deployment = await deployContracts({
    rpcUrl: opts.rpcUrl,
    privateKey: owner.privateKey,
    chainId,
  });
  const client = createPublicClient({
    chain: chainFor(chainId, opts.rpcUrl),
    transport: httpTransport(opts.rpcUrl),
    pollingInterval: 50,
  }) as PublicClient;
  const wallet = createWalletClient({
    account: privateKeyToAccount(owner.privateKey),
    chain: chainFor(chainId, opts.rpcUrl),
    transport: httpTransport(opts.rpcUrl),
  });
  const market = deployment.contracts.Marketplace!.address as Address;
  const fromBlock = Math.min(...Object.values(deployment.contracts).map((c) => c.blockNumber));

  // The dataset's own collections beside the deployment's, with different royalties.
  const collections: DatasetCollection[] = [
    ['GameItems721', 'ERC721'],
    ['GameItems1155', 'ERC1155'],
  ].map(([name, type]) => ({
    name: name!,
    address: deployment.contracts[name!]!.address as Address,
    type: type as 'ERC721' | 'ERC1155',
    deploymentBlock: deployment.contracts[name!]!.blockNumber,
    inDeployment: true,
  }));
  const own = [
    { name: 'Bench Swords', type: 'ERC721', uri: 'ipfs://bench/swords/', bps: 250n },
    { name: 'Bench Shields', type: 'ERC721', uri: 'ipfs://bench/shields/', bps: 0n },
    { name: 'Bench Pets', type: 'ERC721', uri: 'ipfs://bench/pets/', bps: 1_000n },
    { name: 'Bench Potions', type: 'ERC1155', uri: 'ipfs://bench/potions/{id}.json', bps: 100n },
  ] as const;
  for (const c of own) {
    const args = [c.name, 'BENCH', c.uri, owner.address, owner.address, c.bps] as const;
    const hash = await wallet.deployContract({ ...gameItemsContract(c.type), args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    collections.push({
      name: c.name,
      address: receipt.contractAddress!,
      type: c.type,
      deploymentBlock: Number(receipt.blockNumber),
      inDeployment: false,
    });
  }
  const c721 = collections.filter((c) => c.type === 'ERC721');
  const c1155 = collections.filter((c) => c.type === 'ERC1155');

  const nonceOf = (a: Address) => client.getTransactionCount({ address: a, blockTag: 'pending' });
  const ownerSend = sender(
    client,
    privateKeyToAccount(owner.privateKey),
    chainId,
    await nonceOf(owner.address),
  );
  const sellers: Sender[] = [];
  for (const a of ANVIL_ACCOUNTS.slice(1, 1 + SELLERS)) {
    sellers.push(
      sender(client, privateKeyToAccount(a.privateKey), chainId, await nonceOf(a.address)),
    );
  }
  const everyone = [ownerSend, ...sellers];
  await client.request({ method: 'evm_setAutomine', params: [false] } as never);
  // Mines blocks until every sender's transactions so far are in.
  const mineAll = async () => {
    for (let i = 0; ; i++) {
      await client.request({ method: 'evm_mine', params: [] } as never);
      const counts = await Promise.all(
        everyone.map((s) =>
          client.getTransactionCount({ address: s.account.address, blockTag: 'latest' }),
        ),
      );
      if (counts.every((n, k) => n > everyone[k]!.lastNonce())) return;
      if (i > 10_000) throw new Error('bench transactions never mined');
    }
  };
  // Sends in chunks, each mined before the next.
  const sendAll = async (txs: (() => Promise<Hex>)[]) => {
    for (let k = 0; k < txs.length; k += CHUNK) {
      await Promise.all(txs.slice(k, k + CHUNK).map((t) => t()));
      await mineAll();
    }
  };

  // Setup: each seller gets a stack of one game item to list, approves the market, and gets
  // IDS_1155_PER_HOLDER ids of each ERC1155 collection.
  const setup: (() => Promise<Hex>)[] = [];
  const items = deployment.contracts.GameItems1155!.address as Address;
  for (const [i, s] of sellers.entries()) {
    setup.push(() =>
      ownerSend(
        items,
        encodeFunctionData({
          abi: gameItems1155Abi,
          functionName: 'mint',
          args: [s.account.address, BigInt(1_000 + i), 10n],
        }),
        DATASET_GAS.setup,
      ),
    );
    setup.push(() =>
      s(
        items,
        encodeFunctionData({
          abi: gameItems1155Abi,
          functionName: 'setApprovalForAll',
          args: [market, true],
        }),
        DATASET_GAS.setup,
      ),
    );
    for (const c of c1155) {
      const ids = Array.from({ length: IDS_1155_PER_HOLDER }, (_, j) =>
        BigInt(1 + i * IDS_1155_PER_HOLDER + j),
      );
      setup.push(() =>
        ownerSend(
          c.address,
          encodeFunctionData({
            abi: gameItems1155Abi,
            functionName: 'mintBatch',
            args: [s.account.address, ids, ids.map(() => AMOUNT_1155)],
          }),
          DATASET_GAS.mintBatch,
        ),
      );
    }
  }
  await sendAll(setup);
  const batchLogs = SELLERS * c1155.length;

  // Market: relisting the same stack cancels the seller's previous listing, 2 events a
  // transaction (1 for each seller's first).
  const perSeller = Math.ceil((marketTarget + SELLERS) / 2 / SELLERS);
  const listings: (() => Promise<Hex>)[] = [];
  for (let k = 0; k < perSeller; k++) {
    for (const [i, s] of sellers.entries()) {
      const data = encodeFunctionData({
        abi: marketplaceAbi,
        functionName: 'createMarketItem',
        args: [items, BigInt(1_000 + i), 1n, BigInt(1_000_000 + k), zeroAddress],
      });
      listings.push(() => s(market, data));
    }
  }
  await sendAll(listings);
  log(`indexer dataset: ${listings.length} listing transactions`);

  // ERC721: bulk mints to the sellers in turn, then transfers of distinct tokens within a
  // chunk from their holder to the next seller.
  const mints721 = Math.max(c721.length * MINT_721_PER_TX, Math.round(transferTarget * 0.4));
  const mintTxs = Math.ceil(mints721 / MINT_721_PER_TX);
  const minted = c721.map(() => [] as number[]); // holder (seller index) of token id - 1
  const mints: (() => Promise<Hex>)[] = [];
  for (let t = 0; t < mintTxs; t++) {
    const ci = t % c721.length;
    const holder = Math.floor(t / c721.length) % SELLERS;
    const quantity = Math.min(MINT_721_PER_TX, mints721 - t * MINT_721_PER_TX);
    for (let q = 0; q < quantity; q++) minted[ci]!.push(holder);
    const data = encodeFunctionData({
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [sellers[holder]!.account.address, BigInt(quantity)],
    });
    mints.push(() => ownerSend(c721[ci]!.address, data, DATASET_GAS.mint721));
  }
  await sendAll(mints);
  log(`indexer dataset: ${mints721} ERC721 mints`);

  const transfers721 = Math.round(transferTarget * 0.24);
  const moves: (() => Promise<Hex>)[] = [];
  for (let k = 0; k < transfers721; k++) {
    const ci = k % c721.length;
    const held = minted[ci]!;
    const id = 1 + (Math.floor(k / c721.length) % held.length);
    const from = held[id - 1]!;
    const to = (from + 1) % SELLERS;
    held[id - 1] = to;
    const data = encodeFunctionData({
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [sellers[from]!.account.address, sellers[to]!.account.address, BigInt(id)],
    });
    moves.push(() => sellers[from]!(c721[ci]!.address, data, DATASET_GAS.transfer));
  }
  // ERC1155: single transfers of one unit of the sender's own ids to the next seller.
  const transfers1155 = Math.max(0, transferTarget - mints721 - transfers721 - batchLogs);
  for (let k = 0; k < transfers1155; k++) {
    const ci = k % c1155.length;
    const from = Math.floor(k / c1155.length) % SELLERS;
    const to = (from + 1) % SELLERS;
    const id = BigInt(1 + from * IDS_1155_PER_HOLDER + (k % IDS_1155_PER_HOLDER));
    const data = encodeFunctionData({
      abi: gameItems1155Abi,
      functionName: 'safeTransferFrom',
      args: [sellers[from]!.account.address, sellers[to]!.account.address, id, 1n, '0x'],
    });
    moves.push(() => sellers[from]!(c1155[ci]!.address, data, DATASET_GAS.transfer));
  }
  // Interleave the two kinds so blocks mix them, keeping each sender's order.
  const mixed = moves.slice(0, transfers721).flatMap((m, k) => {
    const n = Math.floor((k * transfers1155) / Math.max(1, transfers721));
    const next = Math.floor(((k + 1) * transfers1155) / Math.max(1, transfers721));
    return [m, ...moves.slice(transfers721 + n, transfers721 + next)];
  });
  if (transfers721 === 0) mixed.push(...moves);
  await sendAll(mixed);
  await client.request({ method: 'evm_setAutomine', params: [true] } as never);
  const toBlock = Number(await client.getBlockNumber({ cacheTime: 0 }));

  // Counted from the chain, so a reverted transaction cannot go unnoticed (a few blocks a call:
  // a mint block holds 400 logs).
  const addresses = collections.map((c) => c.address);
  let transferLogs = 0;
  let marketLogs = 0;
  for (let b = fromBlock; b <= toBlock; b += 20) {
    const range = { fromBlock: BigInt(b), toBlock: BigInt(Math.min(b + 19, toBlock)) };
    const logs = await client.getLogs({ address: [...addresses, market], ...range });
    for (const l of logs) {
      const topic = l.topics[0] ?? '0x';
      if (l.address.toLowerCase() === market.toLowerCase())
        marketLogs += topic === MARKET_CREATED || topic === MARKET_CANCELLED ? 1 : 0;
      else if (topic === TRANSFER || topic === TRANSFER_SINGLE || topic === TRANSFER_BATCH)
        transferLogs++;
    }
  }
  const expectedTransfers = mints721 + transfers721 + transfers1155 + batchLogs + SELLERS; // + the listing stacks
  const expectedMarket = perSeller * SELLERS * 2 - SELLERS;
  if (transferLogs !== expectedTransfers || marketLogs !== expectedMarket) {
    throw new Error(
      `bench dataset incomplete: ${transferLogs}/${expectedTransfers} transfers, ${marketLogs}/${expectedMarket} market events (a transaction reverted)`,
    );
  }
  const gateway = await startGateway();
  log(
    `indexer dataset: ${marketLogs} market events, ${transferLogs} transfer logs over ${toBlock - fromBlock + 1} blocks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    chainId,
    rpcUrl: opts.rpcUrl,
    deployment,
    market,
    collections,
    fromBlock,
    toBlock,
    counts: {
      marketEvents: marketLogs,
      transferLogs,
      transfers: transferLogs - batchLogs + batchLogs * IDS_1155_PER_HOLDER,
      tokens: mints721 + c1155.length * SELLERS * IDS_1155_PER_HOLDER + SELLERS,
    },
    metadataGateway: gateway.url,
    close: gateway.close,
  };
}

export interface IndexerBench {
  database: 'pglite' | 'postgres';
  events: number;
  counts: IndexerDataset['counts'];
  blocks: number;
  seconds: number;
  eventsPerSecond: number;
  /** Until every token's metadata was stored too (fetched beside the back-fill). */
  withMetadataSeconds: number;
  /** Where the back-fill's time went (phase -> seconds; `write:` phases are inside `write`). */
  profile: { phase: string; seconds: number }[];
  lag: {
    transactions: number;
    blocksMean: number;
    blocksMax: number;
    /** From sending a transaction to the indexer having written its block (includes mining). */
    msP50: number;
    msP95: number;
    msMax: number;
    /** From the block appearing at the head (eth_blockNumber, polled every 50 ms) to written. */
    headMsP50: number;
    headMsP95: number;
    headMsMax: number;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A fresh migrated database: a new one on BENCH_DATABASE_URL's server (dropped after), else PGlite. */
async function benchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(adminUrl, 'aiamarket_bench');
  const database = await openDatabase({ url: scratch.url });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Registers the dataset's own collections (the deployment's are seeded by the indexer). */
export async function registerDatasetCollections(database: Database, dataset: IndexerDataset) {
  for (const c of dataset.collections.filter((x) => !x.inDeployment)) {
    await registerCollection(database.db, dataset.chainId, {
      address: c.address.toLowerCase(),
      contractType: c.type,
      deploymentBlock: c.deploymentBlock,
      source: 'admin',
      name: c.name,
      symbol: 'BENCH',
    });
  }
}

/**
 * A fresh anvil on CHAIN_ID with the dataset built on it, for a bench to stop and close after its
 * runs; the anvil is stopped here when the build fails.
 */
export async function datasetOnFreshAnvil(
  opts: Omit<IndexerDatasetOptions, 'rpcUrl' | 'chainId'>,
): Promise<{ anvil: Awaited<ReturnType<typeof startAnvil>>; dataset: IndexerDataset }> {
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  try {
    return {
      anvil,
      dataset: await buildIndexerDataset({ ...opts, rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID }),
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

export async function benchIndexer(
  log: (line: string) => void = console.log,
): Promise<IndexerBench> {
  const { anvil, dataset } = await datasetOnFreshAnvil({
    marketEvents: MARKET_EVENTS,
    transfers: TRANSFERS,
    log,
  });
  let db: { database: Database; drop(): Promise<void> } | undefined;
  try {
    db = await benchDatabase();
    const { database } = db;
    await registerDatasetCollections(database, dataset);
    const client = createPublicClient({
      chain: chainFor(CHAIN_ID, anvil.rpcUrl),
      transport: httpTransport(anvil.rpcUrl),
      pollingInterval: 50,
    }) as PublicClient;

    // 1. Back-fill from the deployment to the head, the metadata fetched beside it.
    const base = loadIndexerConfig({});
    const config = {
      ...base,
      pollMs: POLL_MS,
      metadata: { ...base.metadata, ipfsGateway: dataset.metadataGateway, attempts: 1 },
    };
    const indexer = new Indexer({
      db: database.db,
      chain: client,
      chainId: CHAIN_ID,
      deployment: dataset.deployment,
      config,
    });
    const started = performance.now();
    let indexing = true;
    const metadata = (async () => {
      for (;;) {
        const fetched = await fetchPendingMetadata(database.db, client, CHAIN_ID, config.metadata);
        if (fetched === 0 && !indexing) return;
        if (fetched === 0) await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      await indexer.catchUp();
    } finally {
      indexing = false;
    }
    const seconds = (performance.now() - started) / 1000;
    const profile = indexer.profile.table();
    await metadata;
    const withMetadataSeconds = (performance.now() - started) / 1000;
    const events = dataset.counts.marketEvents + dataset.counts.transferLogs;

    // 2. Lag to head while LAG_TPS listings a second arrive for LAG_SECONDS (one block each, or
    // a block every LAG_BLOCK_MS).
    const market = dataset.market;
    const items = dataset.deployment.contracts.GameItems1155!.address as Address;
    const sellers = await Promise.all(
      ANVIL_ACCOUNTS.slice(1, 1 + SELLERS).map(async (a) => {
        const account = privateKeyToAccount(a.privateKey);
        const start = await client.getTransactionCount({
          address: account.address,
          blockTag: 'pending',
        });
        return sender(client, account, CHAIN_ID, start);
      }),
    );
    const list = (i: number, k: number) =>
      encodeFunctionData({
        abi: marketplaceAbi,
        functionName: 'createMarketItem',
        args: [items, BigInt(1_000 + i), 1n, BigInt(2_000_000 + k), zeroAddress],
      });
    const abort = new AbortController();
    const running = indexer.run(abort.signal);
    const samples: { t: number; head: number; block: number }[] = [];
    const sampler = setInterval(() => {
      const s = indexer.status;
      if (s.head !== null && s.block !== null)
        samples.push({ t: performance.now(), head: s.head, block: s.block });
    }, 20);
    const heads: { t: number; head: number }[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        heads.push({
          t: performance.now(),
          head: Number(await client.getBlockNumber({ cacheTime: 0 })),
        });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const sent: { hash: Hex; at: number }[] = [];
    let miner: NodeJS.Timeout | undefined;
    if (LAG_BLOCK_MS > 0) {
      await client.request({ method: 'evm_setAutomine', params: [false] } as never);
      miner = setInterval(
        () => void client.request({ method: 'evm_mine', params: [] } as never),
        LAG_BLOCK_MS,
      );
    }
    const total = LAG_TPS * LAG_SECONDS;
    const t0 = performance.now();
    for (let n = 0; n < total; n++) {
      const due = t0 + (n * 1000) / LAG_TPS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = n % SELLERS;
      const at = performance.now();
      sent.push({ hash: await sellers[i]!(market, list(i, n)), at });
    }
    const lastBlock = Number(
      (await client.waitForTransactionReceipt({ hash: sent.at(-1)!.hash })).blockNumber,
    );
    clearInterval(miner);
    while ((indexer.status.block ?? 0) < lastBlock) await new Promise((r) => setTimeout(r, 20));
    clearInterval(sampler);
    watching = false;
    await watcher;
    abort.abort();
    await running;

    const delays: number[] = [];
    const headDelays: number[] = [];
    for (const s of sent) {
      const block = Number((await client.getTransactionReceipt({ hash: s.hash })).blockNumber);
      const seen = samples.find((x) => x.block >= block && x.t >= s.at);
      const mined = heads.find((x) => x.head >= block && x.t >= s.at);
      if (seen) delays.push(seen.t - s.at);
      if (seen && mined) headDelays.push(Math.max(0, seen.t - mined.t));
    }
    delays.sort((a, b) => a - b);
    headDelays.sort((a, b) => a - b);
    const during = samples.filter((s) => s.t >= t0);
    const lags = during.map((s) => Math.max(0, s.head - s.block));
    return {
      database: database.kind === 'pglite' ? 'pglite' : 'postgres',
      events,
      counts: dataset.counts,
      blocks: dataset.toBlock - dataset.fromBlock + 1,
      seconds,
      eventsPerSecond: events / seconds,
      withMetadataSeconds,
      profile,
      lag: {
        transactions: sent.length,
        blocksMean: lags.reduce((a, b) => a + b, 0) / Math.max(1, lags.length),
        blocksMax: Math.max(0, ...lags),
        msP50: percentile(delays, 50),
        msP95: percentile(delays, 95),
        msMax: delays.at(-1) ?? 0,
        headMsP50: percentile(headDelays, 50),
        headMsP95: percentile(headDelays, 95),
        headMsMax: headDelays.at(-1) ?? 0,
      },
    };
  } finally {
    await db?.drop();
    await dataset.close();
    await anvil.stop();
  }
}

/** Prints the figures as a table. */
export async function printIndexerBench() {
  const r = await benchIndexer();
  console.log(
    `\nindexer: back-fill of ${r.events} events (${r.counts.marketEvents} market, ${r.counts.transferLogs} transfer logs = ${r.counts.transfers} transfers, ${r.counts.tokens} tokens with metadata) over ${r.blocks} blocks, ${r.database === 'pglite' ? 'PGlite in memory' : 'PostgreSQL'}; then ${r.lag.transactions} listings at ${LAG_TPS}/s (${LAG_BLOCK_MS > 0 ? `a block every ${LAG_BLOCK_MS} ms` : 'a block each'}), polling every ${POLL_MS} ms`,
  );
  console.table([
    { figure: 'back-fill events/s', value: Math.round(r.eventsPerSecond) },
    { figure: 'back-fill seconds', value: r.seconds.toFixed(1) },
    { figure: 'back-fill + metadata seconds', value: r.withMetadataSeconds.toFixed(1) },
    { figure: 'lag to head, blocks (mean)', value: r.lag.blocksMean.toFixed(2) },
    { figure: 'lag to head, blocks (max)', value: r.lag.blocksMax },
    { figure: 'sent -> indexed ms (p50)', value: Math.round(r.lag.msP50) },
    { figure: 'sent -> indexed ms (p95)', value: Math.round(r.lag.msP95) },
    { figure: 'sent -> indexed ms (max)', value: Math.round(r.lag.msMax) },
    { figure: 'at head -> indexed ms (p50)', value: Math.round(r.lag.headMsP50) },
    { figure: 'at head -> indexed ms (p95)', value: Math.round(r.lag.headMsP95) },
    { figure: 'at head -> indexed ms (max)', value: Math.round(r.lag.headMsMax) },
  ]);
  console.log('indexer back-fill profile (seconds per phase):');
  console.table(r.profile);
}
