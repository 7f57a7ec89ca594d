import { zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  collectionArt,
  collectionUri,
  DEMO_COLLECTIONS,
  DEMO_LEVEL_UP,
  levelUpArt,
  levelUpMetadata,
  metadataFileName,
  publishedLevelUp,
  publishedTokens,
  tokenArt,
  tokenIds,
  tokenMetadata,
} from './demo-collections.js';
import { prng } from './demo-images.js';
import { mayTrade } from './demo-market.js';

const byName = (name: string) => DEMO_COLLECTIONS.find((c) => c.deploymentName === name)!;

describe('the demo collections', () => {
  it('are at least six game collections of both types with unique links, a few hundred items', () => {
    const game = DEMO_COLLECTIONS.filter((c) => !c.launchpad);
    expect(game.length).toBeGreaterThanOrEqual(6);
    expect(game.some((c) => c.type === 'ERC721')).toBe(true);
    expect(game.some((c) => c.type === 'ERC1155')).toBe(true);
    expect(new Set(DEMO_COLLECTIONS.map((c) => c.link)).size).toBe(DEMO_COLLECTIONS.length);
    const items = game.reduce((n, c) => n + c.supply, 0);
    expect(items).toBeGreaterThanOrEqual(250);
    for (const c of DEMO_COLLECTIONS) {
      expect(c.traits.length, c.name).toBeGreaterThanOrEqual(2);
      expect(c.traits.length, c.name).toBeLessThanOrEqual(4);
    }
  });

  it('draw the same art and metadata on every run, and different art per token', () => {
    const c = byName('DemoDragonRiders');
    expect(tokenArt(c, 7).equals(tokenArt(c, 7))).toBe(true);
    expect(tokenArt(c, 7).equals(tokenArt(c, 8))).toBe(false);
    expect(tokenMetadata(c, 7, 'ipfs://x')).toEqual(tokenMetadata(c, 7, 'ipfs://x'));
    const a = prng('seed');
    const b = prng('seed');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    const art = collectionArt(c);
    expect(art.head.toString()).toContain('width="200" height="200"');
    expect(art.cover.toString()).toContain('width="600" height="400"');
    expect(art.background.toString()).toContain('width="1900" height="350"');
  });

  it('give each token a value of each trait, a name and the image', () => {
    for (const c of DEMO_COLLECTIONS) {
      const id = tokenIds(c)[0]!;
      const m = tokenMetadata(c, id, 'ipfs://bafkreiimage');
      expect(m.name).toBe(`${c.name} #${id}`);
      expect(m.image).toBe('ipfs://bafkreiimage');
      expect(m.attributes.map((t) => t.trait_type)).toEqual(c.traits.map((t) => t.name));
      for (const [i, t] of m.attributes.entries()) expect(c.traits[i]!.values).toContain(t.value);
    }
  });

  it('name metadata files the way the contracts build token URIs', () => {
    const heroes = byName('GameItems721');
    const items = byName('GameItems1155');
    expect(metadataFileName(heroes, 12)).toBe('12');
    expect(collectionUri(heroes, 'bafydir')).toBe('ipfs://bafydir/');
    // ERC1155 clients substitute {id} with 64 lowercase hex digits.
    expect(metadataFileName(items, 26)).toBe(`${'0'.repeat(62)}1a`);
    expect(collectionUri(items, 'bafydir')).toBe('ipfs://bafydir/{id}');
  });

  it('keep what the launchpad journeys rely on out of the market', () => {
    const heroes = byName('GameItems721');
    const items = byName('GameItems1155');
    const riders = byName('DemoDragonRiders');
    expect(mayTrade(1, heroes, null)).toBe(false);
    expect(mayTrade(2, items, null)).toBe(false);
    expect(mayTrade(1, riders, '0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(false);
    expect(mayTrade(1, riders, zeroAddress)).toBe(true);
    expect(mayTrade(0, riders, zeroAddress)).toBe(false);
    expect(mayTrade(5, heroes, zeroAddress)).toBe(true);
  });

  it('level one hero up: a new name, a Level trait and its own art', () => {
    const c = byName(DEMO_LEVEL_UP.deploymentName);
    const { tokenId, level } = DEMO_LEVEL_UP;
    expect(tokenId).toBeGreaterThanOrEqual(c.firstId);
    expect(tokenId).toBeLessThan(c.firstId + c.supply);
    const before = tokenMetadata(c, tokenId, 'ipfs://a');
    const after = levelUpMetadata(c, tokenId, level, 'ipfs://b');
    expect(after.name).toBe(`${before.name} (Level ${level})`);
    expect(after.image).toBe('ipfs://b');
    expect(after.attributes).toEqual([...before.attributes, { trait_type: 'Level', value: '2' }]);
    // Still within the four properties a collection page shows.
    expect(after.attributes.length).toBeLessThanOrEqual(4);
    expect(levelUpArt(c, tokenId, level).equals(tokenArt(c, tokenId))).toBe(false);
  });

  it('publishes a document per token, and the level-up one for its collection alone', () => {
    const items = byName('GameItems1155');
    const published = publishedTokens(items);
    expect(published.map((t) => t.tokenId)).toEqual(tokenIds(items));
    const [first] = published;
    expect(first!.name).toBe(metadataFileName(items, first!.tokenId));
    expect(first!.metadata('ipfs://x')).toEqual(tokenMetadata(items, first!.tokenId, 'ipfs://x'));
    expect(first!.art().equals(tokenArt(items, first!.tokenId))).toBe(true);
    expect(publishedLevelUp(items)).toBeNull();
    const { tokenId, level } = DEMO_LEVEL_UP;
    const up = publishedLevelUp(byName(DEMO_LEVEL_UP.deploymentName))!;
    expect(up.tokenId).toBe(tokenId);
    expect(up.metadata('ipfs://b')).toEqual(
      levelUpMetadata(byName(DEMO_LEVEL_UP.deploymentName), tokenId, level, 'ipfs://b'),
    );
  });
});
