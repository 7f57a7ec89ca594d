import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { rowsOf } from '../../db/bulk.js';

/** A replay batch: its frames as one text, how many events it holds and the last one's id. */
export interface ReplayBatch {
  count: number;
  lastId: number;
  text: string;
}

/**
 * Up to `limit` events after `afterId` naming one of `topics` (array overlap), in id order, as
 * SSE `change` frames (the LiveEventVO of `toLiveEvent`, built by the database). A replay for one
 * item reads that item's events, not the whole market's since the client left. The database
 * writes the frames because parsing each row's JSON and array and writing it again was most of
 * a replay's cost on the event loop; here the server parses one text per batch. Raw CR and LF
 * can only be whitespace between JSON tokens, so they become spaces: an SSE line ends at either.
 */
export async function replayBatch(
  db: AppDb,
  afterId: number,
  limit: number,
  topics: readonly string[],
): Promise<ReplayBatch> {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(max(id), 0)::text as last_id,
      coalesce(string_agg(frame, '' order by id), '') as text
    from (
      select id,
        'id: ' || id || E'\nevent: change\ndata: {"id":"' || id || '","kind":' || to_json(kind)
          || ',"op":' || to_json(op) || ',"topics":' || to_json(topics)
          || ',"data":' || translate(data::text, E'\r\n', '  ')
          || ',"blockNumber":' || coalesce(block_number::text, 'null')
          || ',"at":"' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          || E'"}\n\n' as frame
      from change_feed
      where id > ${afterId} and topics && ${sql.param([...topics])}::text[]
      order by id
      limit ${limit}
    ) batch`);
  const row = rowsOf<{ count: number; last_id: string; text: string }>(result)[0];
  return { count: row?.count ?? 0, lastId: Number(row?.last_id ?? 0), text: row?.text ?? '' };
}
