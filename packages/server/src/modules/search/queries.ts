import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { SEARCH_RESULTS_PER_GROUP } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collectionProfiles, collectionStats, tokenMetadata, users } from '../../db/schema.js';
import { containsPattern } from '../../db/like-pattern.js';
import { ofContract } from '../../db/keys.js';

/**
 * The global search: a few collections (name or address), items (name) and accounts (username
 * or address) containing the keyword, case-insensitively. The ILIKE '%…%' filters are served by
 * the pg_trgm GIN indexes of migration 0007.
 */
export async function searchAll(db: AppDb, chainId: number, keyWord: string) {
  const pattern = containsPattern(keyWord);
  const limit = SEARCH_RESULTS_PER_GROUP;
  const [collectionList, nftList, userList] = await Promise.all([
    db
      .select({
        id: collectionProfiles.id,
        name: collectionProfiles.name,
        headUrl: collectionProfiles.headUrl,
        nftSum: sql<number>`coalesce(${collectionStats.totalTokens}, 0)`,
        linkCollection: collectionProfiles.linkCollection,
      })
      .from(collectionProfiles)
      .leftJoin(
        collectionStats,
        ofContract(collectionStats, collectionProfiles.chainId, collectionProfiles.contractAddr),
      )
      .where(
        and(
          eq(collectionProfiles.chainId, chainId),
          or(
            ilike(collectionProfiles.name, pattern),
            ilike(collectionProfiles.contractAddr, pattern),
          ),
        ),
      )
      .limit(limit),
    db
      .select({
        tokenId: sql<string>`${tokenMetadata.tokenId}::text`,
        contractAddr: tokenMetadata.contractAddr,
        name: tokenMetadata.name,
        imageUrl: tokenMetadata.imageUrl,
      })
      .from(tokenMetadata)
      .where(and(eq(tokenMetadata.chainId, chainId), ilike(tokenMetadata.name, pattern)))
      .limit(limit),
    db
      .select({ userAddr: users.address, username: users.username, imageUrl: users.avatarUrl })
      .from(users)
      .where(or(ilike(users.username, pattern), ilike(users.address, pattern)))
      .limit(limit),
  ]);
  return { collectionList, nftList, userList };
}
