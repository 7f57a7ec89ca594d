import { and, asc, gt, sql } from 'drizzle-orm';
import type { LiveEventVO } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { changeFeed } from '../../db/schema-live.js';
import { toLiveEvent } from '../../live/feed.js';

/**
 * Up to `limit` events after `afterId` naming one of `topics` (array overlap), in id order: a
 * replay for one item reads that item's events, not the whole market's since the client left.
 */
export async function feedForTopics(
  db: AppDb,
  afterId: number,
  limit: number,
  topics: readonly string[],
): Promise<LiveEventVO[]> {
  const rows = await db
    .select()
    .from(changeFeed)
    .where(
      and(
        gt(changeFeed.id, afterId),
        sql`${changeFeed.topics} && ${sql.param([...topics])}::text[]`,
      ),
    )
    .orderBy(asc(changeFeed.id))
    .limit(limit);
  return rows.map(toLiveEvent);
}
