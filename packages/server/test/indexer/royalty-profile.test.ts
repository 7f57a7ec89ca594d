// A collection page's royalty follows the marketplace's RoyaltyRateSet events: it
// used to stay null while the market charged a rate (and the orders showed it).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { collectionProfiles } from '../../src/db/schema-market.js';
import { ensureCollectionProfile } from '../../src/modules/collection/profiles.js';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import { ACTORS, CHAIN_ID, lower, newIndexer, scenarioSteps, send, type Chain } from './support.js';

describe('indexer: collection page royalty', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  useChainAndDatabase((started) => ({ c, fresh } = started));

  const royaltyOf = async (contract: string) => {
    const [row] = await fresh.database.db
      .select({ rate: collectionProfiles.royaltyRate, addr: collectionProfiles.royaltyAddr })
      .from(collectionProfiles)
      .where(eq(collectionProfiles.contractAddr, contract));
    return row;
  };

  it('sets the stored royalty from the latest RoyaltyRateSet, on existing and new pages', async () => {
    const db = fresh.database.db;
    const hero = lower(c.addr('GameItems721'));
    const items = lower(c.addr('GameItems1155'));
    // The heroes' page exists before any royalty is set on the market.
    await ensureCollectionProfile(db, { chainId: CHAIN_ID, contractAddr: hero, name: 'Heroes' });
    expect(await royaltyOf(hero)).toEqual({ rate: null, addr: null });

    const indexer = newIndexer(db, c.publicClient, c.deployment);
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list(); // setRoyaltyRate(heroes, owner, 300)
    await indexer.catchUp();
    expect(await royaltyOf(hero)).toEqual({ rate: 300, addr: lower(ACTORS.owner.address) });

    // A later rate and receiver replace it; a collection without one stays without.
    await send(c, 'owner', {
      address: c.addr('Marketplace'),
      abi: marketplaceAbi,
      functionName: 'setRoyaltyRate',
      args: [c.addr('GameItems721'), ACTORS.carol.address, 250n],
    });
    await ensureCollectionProfile(db, { chainId: CHAIN_ID, contractAddr: items, name: 'Items' });
    await indexer.catchUp();
    expect(await royaltyOf(hero)).toEqual({ rate: 250, addr: lower(ACTORS.carol.address) });
    expect(await royaltyOf(items)).toEqual({ rate: null, addr: null });

    // A page created after the event shows it from the start.
    await db.delete(collectionProfiles).where(eq(collectionProfiles.contractAddr, hero));
    const { profile } = await ensureCollectionProfile(db, {
      chainId: CHAIN_ID,
      contractAddr: hero,
      name: 'Heroes',
    });
    expect([profile.royaltyRate, profile.royaltyAddr]).toEqual([250, lower(ACTORS.carol.address)]);
  });
});
