import { and, eq } from 'drizzle-orm';
import type { CollectionVO } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collectionProfiles } from '../../db/schema-market.js';
import { currentCoinRates } from '../../db/coin-rates.js';
import { selectCollectionRows, toCollectionVO } from '../../read-models/collection-view.js';

/** The collection of an item as CollectionVO (null when the collection has no page). */
export async function collectionOf(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  now = new Date(),
): Promise<CollectionVO | null> {
  const [row] = await selectCollectionRows(db, now).where(
    and(eq(collectionProfiles.chainId, chainId), eq(collectionProfiles.contractAddr, contractAddr)),
  );
  return row ? toCollectionVO(row, await currentCoinRates(db, chainId)) : null;
}
