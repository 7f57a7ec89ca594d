import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { collections, favourites, holdings, tokenMetadata } from '../../db/schema.js';
import { ofContract } from '../../db/keys.js';

export interface ItemKey {
  chainId: number;
  contractAddr: string;
  tokenId: string;
}

/** An item can be favourited when its collection is followed and the token is known. */
export async function itemExists(db: AppDb, k: ItemKey): Promise<boolean> {
  const [row] = await db
    .select({
      known: sql<boolean>`exists (select 1 from ${collections} where ${collections.chainId} = ${k.chainId} and ${collections.address} = ${k.contractAddr})
        and (exists (select 1 from ${holdings} where ${holdings.chainId} = ${k.chainId} and ${holdings.contractAddr} = ${k.contractAddr} and ${holdings.tokenId} = ${k.tokenId})
          or exists (select 1 from ${tokenMetadata} where ${tokenMetadata.chainId} = ${k.chainId} and ${tokenMetadata.contractAddr} = ${k.contractAddr} and ${tokenMetadata.tokenId} = ${k.tokenId}))`,
    })
    .from(sql`(select 1) as one`);
  return row?.known === true;
}

const keyOf = (k: ItemKey) =>
  and(ofContract(favourites, k.chainId, k.contractAddr), eq(favourites.tokenId, k.tokenId));

export async function addFavourite(db: AppDb, userAddr: string, k: ItemKey) {
  await db
    .insert(favourites)
    .values({ userAddr, ...k })
    .onConflictDoNothing();
}

export async function removeFavourite(db: AppDb, userAddr: string, k: ItemKey) {
  await db.delete(favourites).where(and(eq(favourites.userAddr, userAddr), keyOf(k)));
}

/** How many users favourited the item, and whether `userAddr` did. */
export async function favouriteInfo(db: AppDb, userAddr: string | null, k: ItemKey) {
  const [row] = await db
    .select({
      collectNum: sql<number>`count(*)::int`,
      collect: sql<boolean>`coalesce(bool_or(${favourites.userAddr} = ${userAddr ?? ''}), false)`,
    })
    .from(favourites)
    .where(keyOf(k));
  return { collect: row?.collect ?? false, collectNum: row?.collectNum ?? 0 };
}
