import { and, eq, isNull } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import { COLLECTION_LIMITS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collections } from '../../db/schema-chain.js';
import { collectionProfiles, type CollectionProfileRow } from '../../db/schema-market.js';
import { isChainUnreachable } from '../../chain/errors.js';
import { isLinkTaken, sampleTokenId, storeErc2981 } from './queries.js';
import { ChainReads } from '../../indexer/chain-reads.js';
import { syncProfileRoyalty } from '../../indexer/derive/royalty.js';

const p = collectionProfiles;

/** "AIA Héroes #2" -> "aia-heroes-2"; empty when nothing usable is left. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, COLLECTION_LIMITS.linkMaxLength - 8)
    .replace(/-+$/, '');
}

/** The slug of the name (or "collection-<address prefix>"), with -2, -3, ... until it is free. */
export async function defaultLinkCollection(
  db: AppDb,
  name: string | null | undefined,
  contractAddr: string,
): Promise<string> {
  const base = slugOf(name ?? '') || `collection-${contractAddr.slice(2, 10).toLowerCase()}`;
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isLinkTaken(db, candidate))) return candidate;
  }
  return `${base}-${contractAddr.slice(2, 10).toLowerCase()}`;
}

/**
 * owner() of an Ownable contract (lowercased), null when it has none. Throws when the node does
 * not answer, so that a page is not created without its owner because of a passing outage.
 */
export async function readContractOwner(
  chain: PublicClient,
  address: string,
): Promise<string | null> {
  try {
    const owner = await chain.readContract({
      address: address as Address,
      abi: gameItems721Abi,
      functionName: 'owner',
    });
    return owner.toLowerCase();
  } catch (err) {
    if (isChainUnreachable(err)) throw err;
    return null;
  }
}

export interface NewProfile {
  chainId: number;
  contractAddr: string;
  name: string;
  /** Default: from the name, made unique. */
  linkCollection?: string | undefined;
  description?: string | null | undefined;
  headUrl?: string | null | undefined;
  coverUrl?: string | null | undefined;
  backgroundUrl?: string | null | undefined;
  linkSkypegmwcn?: string | null | undefined;
  linkTwitter?: string | null | undefined;
  linkDiscord?: string | null | undefined;
  linkInstagram?: string | null | undefined;
  linkMedium?: string | null | undefined;
  ownerAddr?: string | null | undefined;
  createAddr?: string | null | undefined;
  featuredRank?: number | null | undefined;
}

/**
 * Creates the page of a collection unless it has one. Without a link, a free one is derived from
 * the name (retried when another writer takes it meanwhile). Returns the profile (new or
 * existing) and whether it was created.
 */
export async function ensureCollectionProfile(
  db: AppDb,
  input: NewProfile,
): Promise<{ profile: CollectionProfileRow; created: boolean }> {
  const contractAddr = input.contractAddr.toLowerCase();
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db
      .select()
      .from(p)
      .where(and(eq(p.chainId, input.chainId), eq(p.contractAddr, contractAddr)));
    if (existing[0]) return { profile: existing[0], created: false };
    const linkCollection =
      input.linkCollection ?? (await defaultLinkCollection(db, input.name, contractAddr));
    const inserted = await db
      .insert(p)
      .values({
        chainId: input.chainId,
        contractAddr,
        linkCollection,
        name: input.name.slice(0, COLLECTION_LIMITS.nameMaxLength),
        description: input.description ?? null,
        headUrl: input.headUrl ?? null,
        coverUrl: input.coverUrl ?? null,
        backgroundUrl: input.backgroundUrl ?? null,
        linkSkypegmwcn: input.linkSkypegmwcn ?? null,
        linkTwitter: input.linkTwitter ?? null,
        linkDiscord: input.linkDiscord ?? null,
        linkInstagram: input.linkInstagram ?? null,
        linkMedium: input.linkMedium ?? null,
        ownerAddr: input.ownerAddr?.toLowerCase() ?? null,
        createAddr: input.createAddr?.toLowerCase() ?? null,
        featuredRank: input.featuredRank ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) {
      // A page made after the market's RoyaltyRateSet shows that royalty from the start.
      await syncProfileRoyalty(db, input.chainId, [contractAddr]);
      const [profile] = await db.select().from(p).where(eq(p.id, inserted[0].id));
      return { profile: profile ?? inserted[0], created: true };
    }
    // A given link that is taken stays taken: only a derived one is worth another try.
    if (input.linkCollection !== undefined && (await isLinkTaken(db, input.linkCollection))) {
      throw new LinkTakenError(input.linkCollection);
    }
  }
  throw new Error(`could not create a profile for ${contractAddr}`);
}

export class LinkTakenError extends Error {
  constructor(readonly link: string) {
    super(`the link '${link}' is already used by another collection`);
  }
}

/**
 * Gives every registered collection without a page one (launchpad and deployment collections
 * that the indexer registers, collections added by any other path): named after the contract's
 * name (or symbol), link derived from it, owner = the contract's owner() so that its owner can
 * edit it. Returns the profiles created. Stops at the first chain outage (the next pass retries).
 */
export async function syncCollectionProfiles(
  db: AppDb,
  chainId: number,
  chain: PublicClient | null,
): Promise<CollectionProfileRow[]> {
  const missing = await db
    .select({ address: collections.address, name: collections.name, symbol: collections.symbol })
    .from(collections)
    .leftJoin(p, and(eq(p.chainId, collections.chainId), eq(p.contractAddr, collections.address)))
    .where(and(eq(collections.chainId, chainId), isNull(p.id)));
  const created: CollectionProfileRow[] = [];
  const reads = chain ? new ChainReads(chain) : null;
  for (const c of missing) {
    const owner = chain ? await readContractOwner(chain, c.address) : null;
    // The ERC-2981 royalty of a collection never listed on the market (a listing's read at its
    // block replaces it): what its signed listings and page show until then.
    if (reads) {
      const erc2981 = await reads.erc2981Royalty(
        c.address,
        await sampleTokenId(db, chainId, c.address),
      );
      await storeErc2981(db, chainId, c.address, erc2981);
    }
    const name = c.name?.trim() || c.symbol?.trim() || `Collection ${c.address.slice(0, 10)}`;
    const result = await ensureCollectionProfile(db, {
      chainId,
      contractAddr: c.address,
      name,
      ownerAddr: owner,
      createAddr: owner,
    });
    if (result.created) created.push(result.profile);
  }
  return created;
}
