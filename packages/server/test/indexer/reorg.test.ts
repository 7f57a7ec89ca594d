import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { freshDatabase } from '../support/database.js';
import { zeroAddress } from 'viem';
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import {
  ACTORS,
  buyMarketItem,
  mintHeroes,
  mintItems,
  dumpChainTables,
  newIndexer,
  resetChainTables,
  scenarioSteps,
  send,
  startChain,
  type Chain,
} from './support.js';

/** Ten transactions, one block each, whose last ones are listings, sales and transfers. */
async function burst(c: Chain) {
  const market = c.addr('Marketplace');
  const g721 = c.addr('GameItems721');
  const g1155 = c.addr('GameItems1155');
  const m = { address: market, abi: marketplaceAbi };
  const read = <T>(p: Promise<T>) => p;
  const nextToken =
    (await read(
      c.publicClient.readContract({
        address: g721,
        abi: gameItems721Abi,
        functionName: 'totalMinted',
      }),
    )) + 1n;
  let nextItem =
    (await read(c.publicClient.readContract({ ...m, functionName: 'itemCount' }))) + 1n;
  const buy = (who: 'carol' | 'dave', itemId: bigint, amount: bigint, value: bigint) =>
    buyMarketItem(c, who, itemId, amount, value);
  await mintHeroes(c, 'alice', 1n);
  await mintItems(c, 'bob', 9n, 4n);
  await send(c, 'alice', {
    ...m,
    functionName: 'createMarketItem',
    args: [g721, nextToken, 1n, 5n, zeroAddress],
  });
  const item721 = nextItem++;
  await send(c, 'bob', {
    ...m,
    functionName: 'createMarketItem',
    args: [g1155, 9n, 4n, 7n, zeroAddress],
  });
  const item1155 = nextItem++;
  await send(c, 'bob', { ...m, functionName: 'modifyPrice', args: [item1155, 3n] });
  await buy('carol', item721, 1n, 5n);
  await buy('dave', item1155, 2n, 6n);
  await send(c, 'carol', {
    address: g721,
    abi: gameItems721Abi,
    functionName: 'transferFrom',
    args: [ACTORS.carol.address, ACTORS.dave.address, nextToken],
  });
  await send(c, 'bob', {
    address: g1155,
    abi: gameItems1155Abi,
    functionName: 'safeTransferFrom',
    args: [ACTORS.bob.address, ACTORS.carol.address, 9n, 1n, '0x'],
  });
  await send(c, 'dave', {
    address: g1155,
    abi: gameItems1155Abi,
    functionName: 'safeTransferFrom',
    args: [ACTORS.dave.address, ACTORS.carol.address, 9n, 1n, '0x'],
  });
}

/** The database of a fresh indexer that indexed the current canonical chain from scratch. */
let scratch: Awaited<ReturnType<typeof freshDatabase>> | undefined;
async function fromScratch(c: Chain) {
  scratch ??= await freshDatabase();
  await resetChainTables(scratch.database.db);
  await newIndexer(scratch.database.db, c.publicClient, c.deployment).catchUp();
  return dumpChainTables(scratch.database.db);
}

describe('indexer: reorgs', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let afterList: Hex;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
    afterList = await c.testClient.snapshot();
    await steps.buy();
    await steps.priceAndCancel();
    await steps.transferAway();
    await steps.transferBack();
  });
  afterAll(async () => {
    await fresh?.drop();
    await scratch?.drop();
    await c?.stop();
  });

  it('follows a fork with other transactions on a shorter chain', async () => {
    const db = fresh.database.db;
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    await indexer.catchUp();
    const before = await dumpChainTables(db);
    // Back to just after the listings, then the same kinds of transactions in new blocks, minus
    // the last transfer: bob keeps 3 of the 4 left, so listing 2 is force-cancelled.
    await c.testClient.revert({ id: afterList });
    const steps = scenarioSteps(c);
    await steps.buy();
    await steps.priceAndCancel();
    await steps.transferAway();
    expect(Number(await c.publicClient.getBlockNumber())).toBeLessThan(before.cursor[0]!.n);
    await indexer.catchUp();
    const after = await dumpChainTables(db);
    expect(after).toEqual(await fromScratch(c));
    expect(after.orders.find((o) => o.orderId === '2')).toMatchObject({
      status: 3,
      chainStatus: 0,
      leftAmount: '4',
    });
  });
  it('rolls back reorgs of depth 1 to 10 over listings, sales and transfers', async () => {
    const db = fresh.database.db;
    const indexer = newIndexer(db, c.publicClient, c.deployment);
    for (let depth = 1; depth <= 10; depth++) {
      // Ten blocks with a mint, listings, sales, a price change and transfers...
      await burst(c);
      await indexer.catchUp();
      const before = await dumpChainTables(db);
      // ...then the last `depth` blocks are replaced by empty ones: their events are gone.
      await c.testClient.request({ method: 'anvil_reorg', params: [depth, []] } as never);
      await indexer.catchUp();
      const after = await dumpChainTables(db);
      expect(after.activities.length).toBeLessThan(before.activities.length);
      expect(after).toEqual(await fromScratch(c));
    }
  });
});
