// An on-chain rate source: a Chainlink-style aggregator (latestRoundData / 10^decimals) read at a
// given block, and the admin CLI's `config rate <coin> --aggregator <feed>`.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { AdminError, runAdminCommand } from '../../src/admin/commands.js';
import { coinRates } from '../../src/db/schema-chain.js';
import { readAggregatorRate } from '../../src/indexer/rates.js';
import { freshDatabase } from '../support/database.js';
import { compileSolidity } from '../support/solidity.js';
import { CHAIN_ID, lower, startChain, type Chain } from './support.js';

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
});
