// The indexer's start ends the orders of an order-book contract the deployment retired, on a
// real anvil: an offer signed for the deployed Offers contract is open while that contract is
// current, and ended (OFFER_STATUS.retired, out of the active offers) once an indexer starts on a
// deployment whose Offers is another contract and names the old one in `retired`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { OFFER_KIND, OFFER_STATUS, ORDER_HOLD, type Deployment } from '@aiamarket/shared';
import { freshDatabase } from '../support/database.js';
import { offers } from '../../src/db/schema-offers.js';
import { offerStatus } from '../../src/db/offer-status.js';
import { newIndexer, startChain, storeSigned, type Chain } from './support.js';

let c: Chain;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  c = await startChain();
  fresh = await freshDatabase();
}, 240_000);
afterAll(async () => {
  await fresh?.drop();
  await c?.stop();
});

describe("the indexer's start", () => {
  it('ends the offers of a retired Offers contract', async () => {
    const db = fresh.database.db;
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    const { hash } = await storeSigned(c, db, 'carol', {
      kind: OFFER_KIND.collection,
      collection: c.addr('GameItems721'),
      erc1155: false,
      identifier: 0n,
      units: 1n,
      coin: c.addr('WrappedAIA'),
      pricePerUnit: parseEther('0.01'),
      counter: 0n,
    });
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    const read = async () =>
      (
        await db
          .select({ status: offerStatus, hold: offers.marketHold })
          .from(offers)
          .where(eq(offers.orderHash, hash.toLowerCase()))
      )[0]!;
    expect((await read()).hold).not.toBe(ORDER_HOLD.retired);

    const old = c.deployment.contracts['Offers']!;
    const moved: Deployment = {
      ...c.deployment,
      contracts: {
        ...c.deployment.contracts,
        Offers: {
          address: '0x00000000000000000000000000000000000000aa' as Address,
          blockNumber: 1,
        },
      },
      retired: [
        {
          name: 'Offers',
          address: old.address,
          blockNumber: old.blockNumber,
          retiredAt: new Date().toISOString(),
        },
      ],
    };
    await newIndexer(db, c.publicClient, moved).step();
    expect(await read()).toEqual({ status: OFFER_STATUS.retired, hold: ORDER_HOLD.retired });
  }, 120_000);
});
