// Indexer figures for `npm run bench`: events per second when back-filling marketplace events
// from anvil, and the lag to head (blocks and ms) while transactions arrive at a steady rate.
// Everything runs on loopback: a private anvil and an in-memory PGlite.
import { performance } from 'node:perf_hooks';
import {
  createPublicClient,
  encodeFunctionData,
  http,
  parseGwei,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '@aiamarket/contracts';
import { chainFor } from '@aiamarket/shared';
import { gameItems1155Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { Indexer, loadIndexerConfig, openDatabase } from '@aiamarket/server/admin';

const CHAIN_ID = 31337;
const EVENTS = Number(process.env.BENCH_INDEXER_EVENTS ?? 10_000);
const LAG_TPS = Number(process.env.BENCH_INDEXER_TPS ?? 10);
const LAG_SECONDS = Number(process.env.BENCH_INDEXER_SECONDS ?? 30);
/** Sellers: the anvil accounts after the deployer (four). */
const SELLERS = ANVIL_ACCOUNTS.length - 1;
const POLL_MS = 100;

export interface IndexerBench {
  events: number;
  blocks: number;
  seconds: number;
  eventsPerSecond: number;
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

/** Signs and sends raw transactions with explicit nonces, without waiting for receipts. */
function sender(client: PublicClient, account: PrivateKeyAccount, startNonce: number) {
  let nonce = startNonce;
  const send = async (to: Address, data: Hex): Promise<Hex> => {
    const raw = await account.signTransaction({
      chainId: CHAIN_ID,
      type: 'eip1559',
      to,
      data,
      nonce: nonce++,
      gas: 500_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: parseGwei('1'),
    });
    return client.request({ method: 'eth_sendRawTransaction', params: [raw] });
  };
  return Object.assign(send, { lastNonce: async () => nonce - 1 });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function benchIndexer(
  log: (line: string) => void = console.log,
): Promise<IndexerBench> {
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  const database = await openDatabase({});
  try {
    await database.migrate();
    const owner = ANVIL_ACCOUNTS[0]!;
    const deployment = await deployContracts({
      rpcUrl: anvil.rpcUrl,
      privateKey: owner.privateKey,
      chainId: CHAIN_ID,
    });
    const client = createPublicClient({
      chain: chainFor(CHAIN_ID, anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    }) as PublicClient;
    const market = deployment.contracts.Marketplace!.address as Address;
    const items = deployment.contracts.GameItems1155!.address as Address;
    const nonceOf = async (a: Address) =>
      client.getTransactionCount({ address: a, blockTag: 'pending' });

    // Each seller gets a stack of one game item and approves the market.
    const ownerAccount = privateKeyToAccount(owner.privateKey);
    const sendOwner = sender(client, ownerAccount, await nonceOf(ownerAccount.address));
    const sellers = await Promise.all(
      ANVIL_ACCOUNTS.slice(1, 1 + SELLERS).map(async (a) => {
        const account = privateKeyToAccount(a.privateKey);
        const send = sender(client, account, await nonceOf(account.address));
        return { account, send, lastNonce: send.lastNonce };
      }),
    );
    const setup: Hex[] = [];
    for (const [i, s] of sellers.entries()) {
      setup.push(
        await sendOwner(
          items,
          encodeFunctionData({
            abi: gameItems1155Abi,
            functionName: 'mint',
            args: [s.account.address, BigInt(1_000 + i), 10n],
          }),
        ),
      );
      setup.push(
        await s.send(
          items,
          encodeFunctionData({
            abi: gameItems1155Abi,
            functionName: 'setApprovalForAll',
            args: [market, true],
          }),
        ),
      );
    }
    for (const hash of setup) await client.waitForTransactionReceipt({ hash });

    // Listing the same stack again cancels the seller's previous listing: 2 market events a
    // transaction (MarketItemCancelled + MarketItemCreated), 1 for each seller's first one.
    const perSeller = Math.ceil((EVENTS + SELLERS) / 2 / SELLERS);
    const list = (i: number, k: number) =>
      encodeFunctionData({
        abi: marketplaceAbi,
        functionName: 'createMarketItem',
        args: [items, BigInt(1_000 + i), 1n, BigInt(1_000_000 + k), zeroAddress],
      });
    // Mined when every seller's nonce has moved past its last transaction.
    const allMined = async () => {
      for (const s of sellers) {
        const last = await s.lastNonce();
        while ((await client.getTransactionCount({ address: s.account.address })) <= last) {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    // Batches of 25 per seller, each mined before the next: anvil slows down a lot with
    // thousands of transactions waiting in its pool.
    const generated = performance.now();
    const hashes: Hex[] = [];
    for (let k = 0; k < perSeller; k += 25) {
      const batch: Promise<Hex>[] = [];
      for (const [i, s] of sellers.entries()) {
        for (let j = k; j < Math.min(k + 25, perSeller); j++)
          batch.push(s.send(market, list(i, j)));
      }
      hashes.push(...(await Promise.all(batch)));
      await allMined();
    }
    const lastReceipt = await client.getTransactionReceipt({ hash: hashes.at(-1)! });
    if (lastReceipt.status !== 'success') throw new Error('a bench listing reverted');
    log(
      `indexer bench: ${hashes.length} listing transactions mined in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
    );

    // 1. Back-fill from the deployment to the head.
    const config = { ...loadIndexerConfig({}), pollMs: POLL_MS };
    const indexer = new Indexer({
      db: database.db,
      chain: client,
      chainId: CHAIN_ID,
      deployment,
      config,
    });
    const from = indexer.startBlock();
    const head = Number(await client.getBlockNumber());
    const started = performance.now();
    await indexer.catchUp();
    const seconds = (performance.now() - started) / 1000;
    // The marketplace events the back-fill went through (what the indexer keeps of the market).
    const kept = new Set(['MarketItemCreated', 'MarketItemSold', 'MarketItemCancelled']);
    kept.add('MarketItemPriceChanged').add('RoyaltyRateSet');
    const events = (
      await client.getContractEvents({
        address: market,
        abi: marketplaceAbi,
        fromBlock: BigInt(from),
        toBlock: BigInt(head),
      })
    ).filter((e) => kept.has(e.eventName)).length;

    // 2. Lag to head while LAG_TPS listings a second arrive for LAG_SECONDS.
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
    const total = LAG_TPS * LAG_SECONDS;
    const t0 = performance.now();
    for (let n = 0; n < total; n++) {
      const due = t0 + (n * 1000) / LAG_TPS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = n % SELLERS;
      const at = performance.now();
      sent.push({ hash: await sellers[i]!.send(market, list(i, perSeller + n)), at });
    }
    const lastBlock = Number(
      (await client.waitForTransactionReceipt({ hash: sent.at(-1)!.hash })).blockNumber,
    );
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
      events,
      blocks: head - from + 1,
      seconds,
      eventsPerSecond: events / seconds,
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
    await database.close();
    await anvil.stop();
  }
}

/** Prints the figures as a table. */
export async function printIndexerBench() {
  const r = await benchIndexer();
  console.log(
    `\nindexer: back-fill of ${r.events} market events over ${r.blocks} blocks (anvil automine), PGlite in memory; then ${r.lag.transactions} listings at ${LAG_TPS}/s, polling every ${POLL_MS} ms`,
  );
  console.table([
    { figure: 'back-fill events/s', value: Math.round(r.eventsPerSecond) },
    { figure: 'back-fill seconds', value: r.seconds.toFixed(1) },
    { figure: 'lag to head, blocks (mean)', value: r.lag.blocksMean.toFixed(2) },
    { figure: 'lag to head, blocks (max)', value: r.lag.blocksMax },
    { figure: 'sent -> indexed ms (p50)', value: Math.round(r.lag.msP50) },
    { figure: 'sent -> indexed ms (p95)', value: Math.round(r.lag.msP95) },
    { figure: 'sent -> indexed ms (max)', value: Math.round(r.lag.msMax) },
    { figure: 'at head -> indexed ms (p50)', value: Math.round(r.lag.headMsP50) },
    { figure: 'at head -> indexed ms (p95)', value: Math.round(r.lag.headMsP95) },
    { figure: 'at head -> indexed ms (max)', value: Math.round(r.lag.headMsMax) },
  ]);
}
