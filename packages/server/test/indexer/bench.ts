// Indexer benchmark (not a test): `npx tsx test/indexer/bench.ts` in packages/server.
// 1. Back-fill: BENCH_EVENTS marketplace events (listings, then price changes, many per block)
//    indexed from scratch; prints events per second.
// 2. Lag: BENCH_TPS transactions per second (one block each) for BENCH_SECONDS while the
//    indexer runs with its default poll interval; prints the lag to head in blocks.
// DATABASE_URL selects PostgreSQL (a fresh database), otherwise PGlite in memory.
import { sql } from 'drizzle-orm';
import { encodeFunctionData, parseEther, zeroAddress, type Hex } from 'viem';
import { gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { loadIndexerConfig } from '../../src/indexer/config.js';
import { indexedBlock } from '../../src/db/database.js';
import { freshDatabase } from '../support/database.js';
import { ACTORS, CHAIN_ID, newIndexer, send, startChain } from './support.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const TPS = Number(process.env.BENCH_TPS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LISTINGS = 100;

async function rpc(url: string, calls: { method: string; params: unknown[] }[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const out = (await res.json()) as { error?: { message: string } }[];
  const failed = out.find((r) => r.error);
  if (failed) throw new Error(failed.error!.message);
}

async function main() {
  const c = await startChain();
  const fresh = await freshDatabase();
  try {
    const market = c.addr('Marketplace');
    const g721 = c.addr('GameItems721');
    const alice = ACTORS.alice.address;
    await send(c, 'owner', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [alice, BigInt(LISTINGS)],
    });
    await send(c, 'alice', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [market, true],
    });

    // Unlocked anvil account, explicit nonces, mined 500 per block.
    await c.testClient.setAutomine(false);
    let nonce = await c.publicClient.getTransactionCount({ address: alice });
    const tx = (data: Hex) => ({
      method: 'eth_sendTransaction',
      params: [
        { from: alice, to: market, data, gas: '0x30d40', nonce: `0x${(nonce++).toString(16)}` },
      ],
    });
    const calls: { method: string; params: unknown[] }[] = [];
    for (let i = 1; i <= LISTINGS; i++) {
      calls.push(
        tx(
          encodeFunctionData({
            abi: marketplaceAbi,
            functionName: 'createMarketItem',
            args: [g721, BigInt(i), 1n, parseEther('1'), zeroAddress],
          }),
          500_000,
        ),
      );
    }
    for (let i = 0; calls.length < EVENTS; i++) {
      calls.push(
        tx(
          encodeFunctionData({
            abi: marketplaceAbi,
            functionName: 'modifyPrice',
            args: [BigInt((i % LISTINGS) + 1), parseEther('1') + BigInt(i + 1)],
          }),
        ),
      );
    }
    const sendStarted = Date.now();
    for (let i = 0; i < calls.length; i += 500) {
      await rpc(c.anvil.rpcUrl, calls.slice(i, i + 500));
      await c.testClient.mine({ blocks: 1 });
    }
    while (
      (await c.publicClient.getTransactionCount({ address: alice, blockTag: 'latest' })) < nonce
    ) {
      await c.testClient.mine({ blocks: 1 });
    }
    await c.testClient.setAutomine(true);
    const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    console.log(
      `sent ${calls.length} transactions in ${Date.now() - sendStarted} ms, head ${head}`,
    );
    const db = fresh.database.db;
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    const started = performance.now();
    await indexer.catchUp();
    const seconds = (performance.now() - started) / 1_000;
    const result = await db.execute(sql`select count(*)::int as n from market_events`);
    const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    console.log(
      `back-fill: ${n} marketplace events in ${seconds.toFixed(2)} s = ${Math.round(n / seconds)} events/s (${fresh.url ? 'PostgreSQL' : 'PGlite'})`,
    );

    // Lag while TPS transactions per second are sent.
    const config = { ...loadIndexerConfig({}), enabled: true };
    const abort = new AbortController();
    const running = newIndexer(db, c.publicClient, c.deployment, config).run(abort.signal);
    const lags: number[] = [];
    const sampler = setInterval(() => {
      void (async () => {
        const head = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
        const block = (await indexedBlock(db, CHAIN_ID)) ?? 0;
        lags.push(head - block);
      })();
    }, 100);
    const end = Date.now() + SECONDS * 1_000;
    let sent = 0;
    while (Date.now() < end) {
      const tick = Date.now();
      await rpc(c.anvil.rpcUrl, [
        tx(
          encodeFunctionData({
            abi: marketplaceAbi,
            functionName: 'modifyPrice',
            args: [BigInt((sent % LISTINGS) + 1), parseEther('2') + BigInt(sent)],
          }),
        ),
      ]);
      sent++;
      await new Promise((r) => setTimeout(r, Math.max(0, 1_000 / TPS - (Date.now() - tick))));
    }
    clearInterval(sampler);
    abort.abort();
    await running;
    lags.sort((a, b) => a - b);
    const avg = lags.reduce((a, b) => a + b, 0) / lags.length;
    console.log(
      `lag at ${TPS} tx/s for ${SECONDS} s (poll ${config.pollMs} ms): mean ${avg.toFixed(2)} blocks, p95 ${lags[Math.floor(lags.length * 0.95)]}, max ${lags[lags.length - 1]} (${sent} sent)`,
    );
  } finally {
    await fresh.drop();
    await c.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
