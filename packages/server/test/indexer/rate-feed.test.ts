// An on-chain rate source: a Chainlink-style aggregator (latestRoundData / 10^decimals) read at a
// given block, the admin CLI's `config rate <coin> --aggregator <feed>`, and the indexer reading
// the configured feed at each sale's block (listings and offers follow its latest answer).
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { priceHash } from '@aiamarket/contracts';
import { OFFER_KIND } from '@aiamarket/shared';
import { marketplaceAbi, stableCoinAbi } from '@aiamarket/shared/abis';
import { AdminError, runAdminCommand } from '../../src/admin/commands.js';
import { marketEvents, orders } from '../../src/db/schema-chain.js';
import { coinFeeds, coinRates } from '../../src/db/schema-coins.js';
import { offers } from '../../src/db/schema-offers.js';
import { Indexer } from '../../src/indexer/run/indexer.js';
import { readAggregatorRate } from '../../src/indexer/sources/coins/rates.js';
import { freshDatabase } from '../support/database.js';
import { compileSolidity } from '../support/solidity.js';
import {
  CHAIN_ID,
  lower,
  scenarioSteps,
  send,
  startChain,
  storeSigned,
  TEST_INDEXER_CONFIG,
  type Chain,
} from './support.js';

const MOCK_FEED = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract MockFeed {
  int256 public answer;
  uint8 public decimals;
  constructor(uint8 d, int256 a) { decimals = d; answer = a; }
  function setAnswer(int256 a) external { answer = a; }
  function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
    return (1, answer, block.timestamp, block.timestamp, 1);
  }
}`;

describe('rate from a price feed', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let feed: Address;
  let feedAbi: ReturnType<typeof compileSolidity>[string]['abi'];
  let firstBlock: bigint;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    const compiled = compileSolidity(MOCK_FEED).MockFeed!;
    feedAbi = compiled.abi;
    const owner = c.wallets.owner;
    const hash = await owner.deployContract({
      abi: compiled.abi,
      bytecode: compiled.bytecode,
      args: [8, 50_000_000n], // 0.5 AIA per coin, 8 decimals
      account: owner.account!,
      chain: owner.chain,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    feed = receipt.contractAddress!;
    firstBlock = receipt.blockNumber;
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
    await c?.stop();
  });

  const setAnswer = async (answer: bigint) => {
    const owner = c.wallets.owner;
    const hash = await owner.writeContract({
      address: feed,
      abi: feedAbi,
      functionName: 'setAnswer',
      args: [answer],
      account: owner.account!,
      chain: owner.chain,
    });
    return (await c.publicClient.waitForTransactionReceipt({ hash })).blockNumber;
  };

  it('reads the answer at a given block, exactly', async () => {
    const changed = await setAnswer(123_456_789n); // 1.23456789
    expect(await readAggregatorRate(c.publicClient, feed, firstBlock)).toBe('0.5');
    expect(await readAggregatorRate(c.publicClient, feed, changed)).toBe('1.23456789');
    expect(await readAggregatorRate(c.publicClient, feed)).toBe('1.23456789');
  });

  it('sets the coin rate from the feed through the admin CLI, and refuses an unusable answer', async () => {
    const db = fresh.database.db;
    const stable = lower(c.addr('StableCoin'));
    const run = (...argv: string[]) =>
      runAdminCommand({ db, dataDir: '/nonexistent', chainId: CHAIN_ID, chain: c.publicClient }, [
        'config',
        'rate',
        ...argv,
      ]);
    await setAnswer(50_000_000n);
    expect(await run(stable, '--aggregator', feed)).toMatch(/^1 USDT = 0\.5 AIA from /);
    const rows = await db.select().from(coinRates).where(eq(coinRates.coin, stable));
    expect(rows.map((r) => [r.rate, r.source, r.symbol, r.decimals])).toEqual([
      ['0.500000000000000000', 'aggregator', 'USDT', 6],
    ]);
    // A feed answering 0 or less is refused; so is a rate beside --aggregator.
    await setAnswer(0n);
    await expect(run(stable, '--aggregator', feed)).rejects.toThrow(AdminError);
    await setAnswer(-5n);
    await expect(run(stable, '--aggregator', feed)).rejects.toThrow('not a rate above 0');
    await expect(run(stable, '2', '--aggregator', feed)).rejects.toThrow('not both');
    await expect(run(stable, '--aggregator', '0x12')).rejects.toThrow('--aggregator');
    expect(await db.select().from(coinRates).where(eq(coinRates.coin, stable))).toHaveLength(1);
  });

  it("stores each sale at the feed's answer at its block, lists at its latest, and falls back when a read fails", async () => {
    const db = fresh.database.db;
    const stable = lower(c.addr('StableCoin'));
    const market = c.addr('Marketplace');
    await setAnswer(50_000_000n); // 0.5
    await runAdminCommand(
      { db, dataDir: '/nonexistent', chainId: CHAIN_ID, chain: c.publicClient },
      ['config', 'rate', stable, '--aggregator', feed, '--symbol', 'USDT', '--decimals', '6'],
    );
    expect(await db.select({ feed: coinFeeds.feed }).from(coinFeeds)).toEqual([
      { feed: lower(feed) },
    ]);
    // The chain an hour ahead of the CLI's clock: the sales' blocks come after its rate.
    await c.testClient.increaseTime({ seconds: 3_600 });
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list(); // item 2: 6 of GameItems1155 #1 at 2 USDT each
    await send(c, 'carol', {
      address: c.addr('StableCoin'),
      abi: stableCoinAbi,
      functionName: 'approve',
      args: [market, parseUnits('1000', 6)],
    });
    const buyOne = async () => {
      const item = await c.publicClient.readContract({
        address: market,
        abi: marketplaceAbi,
        functionName: 'getMarketItem',
        args: [2n],
      });
      return (
        await send(c, 'carol', {
          address: market,
          abi: marketplaceAbi,
          functionName: 'createMarketSale',
          args: [2n, 1n, priceHash(item.nftContract, item.tokenId, item.price)],
        })
      ).blockNumber;
    };
    const first = await buyOne();
    await setAnswer(125_000_000n); // 1.25
    const second = await buyOne();
    expect(second).toBeGreaterThan(first);

    // dave's offer for 1 of GameItems1155 #1 at 2 USDT: best-first order follows the feed too.
    const offer = await storeSigned(c, db, 'dave', {
      collection: c.addr('GameItems1155'),
      kind: OFFER_KIND.item,
      erc1155: true,
      identifier: 1n,
      units: 1n,
      coin: c.addr('StableCoin'),
      pricePerUnit: parseUnits('2', 6),
      counter: 0n,
    });
    const warnings: string[] = [];
    const log = {
      info() {},
      debug() {},
      error() {},
      warn: (_: object, msg?: string) => void warnings.push(msg ?? ''),
    };
    const indexer = new Indexer({
      db,
      chain: c.publicClient,
      chainId: CHAIN_ID,
      deployment: c.deployment,
      config: TEST_INDEXER_CONFIG,
      log,
    });
    await indexer.catchUp();
    const soldRates = () =>
      db
        .select({ block: marketEvents.blockNumber, refRate: marketEvents.refRate })
        .from(marketEvents)
        .where(and(eq(marketEvents.kind, 'sold'), eq(marketEvents.coin, stable)))
        .orderBy(asc(marketEvents.blockNumber));
    expect(await soldRates()).toEqual([
      { block: Number(first), refRate: '0.500000000000000000' },
      { block: Number(second), refRate: '1.250000000000000000' },
    ]);
    // The listing follows the feed's latest answer: 2 USDT x 1.25.
    const listing = () =>
      db.select({ priceRef: orders.priceRef }).from(orders).where(eq(orders.moneyAddr, stable));
    expect(await listing()).toEqual([{ priceRef: '2.500000000000000000' }]);
    expect(
      await db
        .select({ priceRef: offers.priceRef })
        .from(offers)
        .where(eq(offers.orderHash, lower(offer.hash))),
    ).toEqual([{ priceRef: '2.500000000000000000' }]);
    expect(warnings).toEqual([]);

    // A feed answering 0 cannot be read as a rate: the sale takes the rate in force (1.25), the
    // read is logged and the indexer goes on.
    await setAnswer(0n);
    const third = await buyOne();
    await indexer.catchUp();
    expect((await soldRates()).map((r) => [r.block, r.refRate])).toEqual([
      [Number(first), '0.500000000000000000'],
      [Number(second), '1.250000000000000000'],
      [Number(third), '1.250000000000000000'],
    ]);
    expect(await listing()).toEqual([{ priceRef: '2.500000000000000000' }]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.startsWith('price feed read failed'))).toBe(true);
  }, 120_000);
});
