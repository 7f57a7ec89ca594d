// The demo collections: what each one is (name, link, type, traits, supply), the metadata and
// art of its tokens, and who holds what after the seed mints. Everything derives from seeded
// PRNGs, so a fresh start always builds the same world with the same CIDs.
import { demoArt, pick, prng, RUNES, type Motif } from './demo-images.js';

export type DemoContractType = 'ERC721' | 'ERC1155';

export interface DemoCollection {
  /** Key in the deployment file (existing contracts keep their name; new ones are Demo*). */
  deploymentName: string;
  /** The contract exists already (deployed by the deploy module); otherwise the seed deploys it. */
  deployed: boolean;
  /** A launchpad: tokens come from mints, not from the seed. */
  launchpad: boolean;
  name: string;
  symbol: string;
  /** linkCollection: the URL name of the collection page. */
  link: string;
  type: DemoContractType;
  description: string;
  hue: number;
  motif: Motif;
  /** 2-4 trait types with their values; each token gets one value of each. */
  traits: { name: string; values: readonly string[] }[];
  /** ERC721: tokens 1..supply; ERC1155: token ids firstId..firstId+supply-1. */
  supply: number;
  firstId: number;
  /** Market royalty (percent x 100) set with setRoyaltyRate, or null. */
  royaltyRate: number | null;
  /** Typical unit price in AIA (USDT prices are 10 x this). */
  floor: number;
  /** Position on the home carousel, or null. */
  featuredRank: number | null;
}

const RARITY = ['Common', 'Common', 'Common', 'Rare', 'Rare', 'Epic', 'Legendary'] as const;
const ELEMENTS = ['Fire', 'Water', 'Earth', 'Air', 'Light', 'Shadow'] as const;

export const DEMO_COLLECTIONS: readonly DemoCollection[] = [
  {
    deploymentName: 'GameItems721',
    deployed: true,
    launchpad: false,
    name: 'AIA Heroes',
    symbol: 'HERO',
    link: 'aia-heroes',
    type: 'ERC721',
    description:
      'The heroes of the AIA world. Each hero has a class, an element and a rarity; two heroes can be exchanged for an AIA Genesis hero on the launchpad.',
    hue: 220,
    motif: 'crest',
    traits: [
      { name: 'Class', values: ['Warrior', 'Mage', 'Ranger', 'Rogue', 'Paladin'] },
      { name: 'Element', values: ELEMENTS },
      { name: 'Rarity', values: RARITY },
    ],
    supply: 72,
    firstId: 1,
    royaltyRate: 500,
    floor: 0.8,
    featuredRank: 1,
  },
  {
    deploymentName: 'GameItems1155',
    deployed: true,
    launchpad: false,
    name: 'AIA Game Items',
    symbol: 'ITEM',
    link: 'aia-game-items',
    type: 'ERC1155',
    description:
      'Weapons, armour, potions and scrolls for your heroes. Stackable items that can be swapped 1:1 for AIA Relics.',
    hue: 30,
    motif: 'gem',
    traits: [
      { name: 'Type', values: ['Weapon', 'Armor', 'Potion', 'Scroll'] },
      { name: 'Slot', values: ['Head', 'Hands', 'Body', 'Feet', 'Bag'] },
      { name: 'Rarity', values: RARITY },
    ],
    supply: 24,
    firstId: 1,
    royaltyRate: 250,
    floor: 0.05,
    featuredRank: 3,
  },
  {
    deploymentName: 'DemoDragonRiders',
    deployed: false,
    launchpad: false,
    name: 'Dragon Riders',
    symbol: 'RIDER',
    link: 'dragon-riders',
    type: 'ERC721',
    description:
      'Riders and their dragons, bonded for life. Rare golden dragons fly faster in the seasonal races.',
    hue: 0,
    motif: 'orb',
    traits: [
      { name: 'Dragon', values: ['Red', 'Blue', 'Green', 'Gold', 'Black'] },
      { name: 'Rider', values: ['Knight', 'Elf', 'Orc', 'Dwarf'] },
      { name: 'Background', values: ['Sky', 'Volcano', 'Ocean', 'Forest'] },
      { name: 'Rarity', values: RARITY },
    ],
    supply: 80,
    firstId: 1,
    royaltyRate: 750,
    floor: 1.5,
    featuredRank: 2,
  },
  {
    deploymentName: 'DemoPixelKnights',
    deployed: false,
    launchpad: false,
    name: 'Pixel Knights',
    symbol: 'PXK',
    link: 'pixel-knights',
    type: 'ERC721',
    description: 'Eight by eight pixels of pure courage. Every knight is drawn from its own seed.',
    hue: 120,
    motif: 'pixel',
    traits: [
      { name: 'Helmet', values: ['Open', 'Visor', 'Horned', 'Crown'] },
      { name: 'Weapon', values: ['Sword', 'Axe', 'Spear', 'Bow'] },
      { name: 'Shield', values: ['None', 'Round', 'Kite'] },
    ],
    supply: 64,
    firstId: 1,
    royaltyRate: null,
    floor: 0.3,
    featuredRank: 4,
  },
  {
    deploymentName: 'DemoRuneStones',
    deployed: false,
    launchpad: false,
    name: 'Rune Stones',
    symbol: 'RUNE',
    link: 'rune-stones',
    type: 'ERC1155',
    description: 'Carved stones that hold a spell each. Combine them to unlock ancient powers.',
    hue: 270,
    motif: 'rune',
    traits: [
      // Names, not runic characters: few fonts draw those (the pictures draw the runes).
      { name: 'Rune', values: Object.keys(RUNES) },
      { name: 'Power', values: ['Minor', 'Major', 'Ancient'] },
      { name: 'Element', values: ELEMENTS },
    ],
    supply: 30,
    firstId: 1,
    royaltyRate: 300,
    floor: 0.1,
    featuredRank: null,
  },
  {
    deploymentName: 'DemoMysticPotions',
    deployed: false,
    launchpad: false,
    name: 'Mystic Potions',
    symbol: 'POTION',
    link: 'mystic-potions',
    type: 'ERC1155',
    description: 'Brewed by the guild alchemists. Drink one before a quest, or keep it for later.',
    hue: 170,
    motif: 'potion',
    traits: [
      { name: 'Effect', values: ['Heal', 'Mana', 'Speed', 'Strength', 'Luck'] },
      { name: 'Size', values: ['Small', 'Large'] },
    ],
    supply: 20,
    firstId: 1,
    royaltyRate: null,
    floor: 0.02,
    featuredRank: null,
  },
  {
    deploymentName: 'Launchpad721',
    deployed: true,
    launchpad: true,
    name: 'AIA Genesis',
    symbol: 'GEN',
    link: 'aia-genesis',
    type: 'ERC721',
    description:
      'The first heroes of the AIA world, minted on the launchpad with AIA or USDT, or exchanged for two AIA Heroes.',
    hue: 45,
    motif: 'crest',
    traits: [
      { name: 'House', values: ['Dawn', 'Dusk', 'Storm', 'Tide'] },
      { name: 'Rarity', values: RARITY },
    ],
    supply: 1_000,
    firstId: 1,
    royaltyRate: 500,
    floor: 0.05,
    featuredRank: null,
  },
  {
    deploymentName: 'Launchpad1155',
    deployed: true,
    launchpad: true,
    name: 'AIA Relics',
    symbol: 'RELIC',
    link: 'aia-relics',
    type: 'ERC1155',
    description: 'Ancient relics that power up your heroes, minted on the launchpad.',
    hue: 300,
    motif: 'gem',
    traits: [
      { name: 'Boost', values: ['Attack', 'Defence'] },
      { name: 'Age', values: ['First Light', 'Second Dawn'] },
    ],
    supply: 2,
    firstId: 0,
    royaltyRate: null,
    floor: 0.05,
    featuredRank: null,
  },
];

export interface TokenMetadata {
  name: string;
  description: string;
  image: string;
  attributes: { trait_type: string; value: string }[];
}

/** Token ids of a collection, in order. */
export function tokenIds(c: DemoCollection): number[] {
  return Array.from({ length: c.supply }, (_, i) => c.firstId + i);
}

/** The traits of one token (one value per trait type, seeded by collection and token). */
export function tokenTraits(c: DemoCollection, tokenId: number) {
  const rand = prng(`${c.link}/${tokenId}/traits`);
  return c.traits.map((t) => ({ trait_type: t.name, value: pick(rand, t.values) }));
}

/**
 * The art of a token. Launchpad collections mint up to 1,000 tokens that share 24 pictures
 * (by the token's traits), so a fresh start does not draw a thousand images.
 */
export function tokenArtSeed(c: DemoCollection, tokenId: number): string {
  return c.launchpad && c.type === 'ERC721'
    ? `${c.link}/variant/${tokenId % 24}`
    : `${c.link}/${tokenId}`;
}

export function tokenArt(c: DemoCollection, tokenId: number): Buffer {
  const traits = tokenTraits(c, tokenId);
  const rune = c.motif === 'rune' ? traits[0]!.value : undefined;
  const variant = tokenArtSeed(c, tokenId);
  return demoArt({
    width: 400,
    height: 400,
    hue: c.hue,
    motif: c.motif,
    seed: variant,
    rune,
    caption: c.launchpad && c.type === 'ERC721' ? c.name : `${c.name} #${tokenId}`,
  });
}

export function tokenMetadata(c: DemoCollection, tokenId: number, image: string): TokenMetadata {
  const traits = tokenTraits(c, tokenId);
  const rarity = traits.find((t) => t.trait_type === 'Rarity')?.value;
  return {
    name: `${c.name} #${tokenId}`,
    description: `${rarity ? `${rarity} ` : ''}${c.name.replace(/s$/, '').toLowerCase()} number ${tokenId}. ${c.description}`,
    image,
    attributes: traits,
  };
}

/**
 * The demo's item that levels up once the world is seeded: its owner points it at level-2
 * metadata with setTokenURI, whose ERC-4906 MetadataUpdate makes the indexer refresh it.
 */
export const DEMO_LEVEL_UP = { deploymentName: 'GameItems721', tokenId: 5, level: 2 } as const;

/** The art of an item at a higher level: its own picture, captioned with the level. */
export function levelUpArt(c: DemoCollection, tokenId: number, level: number): Buffer {
  return demoArt({
    width: 400,
    height: 400,
    hue: (c.hue + 40) % 360,
    motif: c.motif,
    seed: `${c.link}/${tokenId}/level-${level}`,
    caption: `${c.name} #${tokenId} Lv ${level}`,
  });
}

/** An item's metadata at a higher level: the name says it, a Level trait joins its traits. */
export function levelUpMetadata(
  c: DemoCollection,
  tokenId: number,
  level: number,
  image: string,
): TokenMetadata {
  const base = tokenMetadata(c, tokenId, image);
  return {
    ...base,
    name: `${base.name} (Level ${level})`,
    attributes: [...base.attributes, { trait_type: 'Level', value: String(level) }],
  };
}

/** The collection page images (profile 200x200, cover 600x400, background 1900x350). */
export function collectionArt(c: DemoCollection) {
  const art = (width: number, height: number, kind: string, caption?: string) =>
    demoArt({ width, height, hue: c.hue, motif: c.motif, seed: `${c.link}/${kind}`, caption });
  return {
    head: art(200, 200, 'head'),
    cover: art(600, 400, 'cover', c.name),
    background: art(1900, 350, 'background'),
  };
}

/** File name of a token's metadata in the collection's IPFS directory (ERC1155: `{id}` hex). */
export function metadataFileName(c: DemoCollection, tokenId: number): string {
  return c.type === 'ERC1155' ? tokenId.toString(16).padStart(64, '0') : String(tokenId);
}

/** The on-chain URI for a metadata directory: ERC721 base URI or ERC1155 `uri` with {id}. */
export function collectionUri(c: DemoCollection, directoryCid: string): string {
  return c.type === 'ERC1155' ? `ipfs://${directoryCid}/{id}` : `ipfs://${directoryCid}/`;
}

/** One document of a collection's published metadata: its picture and its file. */
export interface PublishedToken {
  tokenId: number;
  art: () => Buffer;
  /** The metadata's file name in the collection's directory. */
  name: string;
  /** The metadata document, given the URI its picture was stored at. */
  metadata: (image: string) => TokenMetadata;
}

/**
 * What a collection publishes for each of its tokens; tokens with the same `seed` have the same
 * picture (stored once).
 */
export function publishedTokens(c: DemoCollection): (PublishedToken & { seed: string })[] {
  return tokenIds(c).map((tokenId) => ({
    tokenId,
    seed: tokenArtSeed(c, tokenId),
    art: () => tokenArt(c, tokenId),
    name: metadataFileName(c, tokenId),
    metadata: (image) => tokenMetadata(c, tokenId, image),
  }));
}

/** The level-up document (DEMO_LEVEL_UP) of the collection that has one, else null. */
export function publishedLevelUp(c: DemoCollection): PublishedToken | null {
  if (c.deploymentName !== DEMO_LEVEL_UP.deploymentName) return null;
  const { tokenId, level } = DEMO_LEVEL_UP;
  return {
    tokenId,
    art: () => levelUpArt(c, tokenId, level),
    name: metadataFileName(c, tokenId),
    metadata: (image) => levelUpMetadata(c, tokenId, level, image),
  };
}
