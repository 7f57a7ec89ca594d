// The indexer and payouts the contracts credit instead of paying (pull payments): a market sale
// whose fee address and royalty receiver refuse AIA (contracts without a receive) still
// completes, and is indexed as any sale with the same figures (the sale event, a trade
// activity, the royalty row, the collection's volume); the market's PaymentDeferred events
// are dropped by the decoder without breaking the run, and a fresh index equals the live one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeEventLog, parseEther, zeroAddress } from 'viem';
import { ACTIVITY_METHOD } from '@aiamarket/shared';
import { gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import { priceHash } from '@aiamarket/contracts';
import { freshDatabase } from '../support/database.js';
import type { AppDb } from '../../src/db/database.js';
import {
  activities,
  collectionStats,
  marketEvents,
  royaltyPayments,
} from '../../src/db/schema-chain.js';
import {
  ACTORS,
  dumpChainTables,
  indexFromScratch,
  lower,
  newIndexer,
  scenarioSteps,
  send,
  startChain,
  type Chain,
} from './support.js';

describe('indexer: a sale whose payouts were credited', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let scratch: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let db: AppDb;
  let indexer: ReturnType<typeof newIndexer>;

  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    db = fresh.database.db;
    indexer = newIndexer(db, c.publicClient, c.deployment);
    await scenarioSteps(c).mint();
    await indexer.catchUp();
  });
  afterAll(async () => {
    await fresh?.drop();
    await scratch?.drop();
    await c?.stop();
  });

  it('is a trade with the same figures; the credit events break nothing', async () => {
    const market = c.addr('Marketplace');
    const g721 = c.addr('GameItems721');
    // Two deployed contracts without a receive: they refuse AIA.
    const royaltyTo = c.addr('StableCoin');
    const feeTo = c.addr('GameItems1155');
    const m = { address: market, abi: marketplaceAbi };
    await send(c, 'owner', { ...m, functionName: 'setRoyaltyRate', args: [g721, royaltyTo, 500n] });
    await send(c, 'owner', { ...m, functionName: 'setFeeAddress', args: [feeTo] });
    await send(c, 'alice', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [market, true],
    });
    const price = parseEther('1');
    await send(c, 'alice', {
      ...m,
      functionName: 'createMarketItem',
      args: [g721, 1n, 1n, price, zeroAddress],
    });
    const itemId = await c.publicClient.readContract({ ...m, functionName: 'itemCount' });
    const receipt = await send(c, 'bob', {
      ...m,
      functionName: 'createMarketSale',
      args: [itemId, 1n, priceHash(g721, 1n, price)],
      value: price,
    });
    const fee = (price * 25n) / 1000n;
    const royalty = (price * 500n) / 10_000n;
    const deferred = receipt.logs
      .filter((l) => lower(l.address) === lower(market))
      .map((l) => {
        try {
          return decodeEventLog({ abi: marketplaceAbi, data: l.data, topics: l.topics });
        } catch {
          return undefined;
        }
      })
      .filter((d) => d?.eventName === 'PaymentDeferred')
      .map((d) => d!.args);
    expect(deferred).toEqual([
      { payee: feeTo, coin: zeroAddress, amount: fee },
      { payee: royaltyTo, coin: zeroAddress, amount: royalty },
    ]);
    await indexer.catchUp();

    const tx = lower(receipt.transactionHash);
    const [sold] = await db
      .select()
      .from(marketEvents)
      .where(and(eq(marketEvents.txHash, tx), eq(marketEvents.kind, 'sold')));
    expect(sold).toMatchObject({
      buyer: lower(ACTORS.bob.address),
      price: price.toString(),
      royalty: royalty.toString(),
      royaltyReceiver: lower(royaltyTo),
    });
    const acts = await db.select().from(activities).where(eq(activities.txHash, tx));
    expect(acts.map((a) => [a.method, a.fromAddr, a.toAddr, a.price])).toEqual([
      [
        ACTIVITY_METHOD.trade,
        lower(ACTORS.alice.address),
        lower(ACTORS.bob.address),
        price.toString(),
      ],
    ]);
    const royalties = await db.select().from(royaltyPayments).where(eq(royaltyPayments.txHash, tx));
    expect(royalties.map((r) => [r.receiver, r.royalty])).toEqual([
      [lower(royaltyTo), royalty.toString()],
    ]);
    const [stats] = await db
      .select()
      .from(collectionStats)
      .where(eq(collectionStats.contractAddr, lower(g721)));
    expect(stats?.totalTrades).toBe(1);
    expect(stats?.coinVolumes).toMatchObject({ [zeroAddress]: expect.anything() as unknown });

    // A fresh index of the same chain agrees with the live one.
    scratch ??= await freshDatabase();
    const sdb = scratch.database.db;
    await indexFromScratch(c, db, sdb, [], () => Promise.resolve());
    expect(await dumpChainTables(sdb)).toEqual(await dumpChainTables(db));
  });
});
