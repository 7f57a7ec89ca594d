// What a main range's write needs that its facts alone give: the COPY text of its transfers and
// of their activities, and the state keys it touches. Built in slices with the range's read,
// while the range before is written, instead of inside its own transaction, where PostgreSQL
// waited for it (the writes of a 60,000-event back-fill: about 0.1 s less on PostgreSQL, medians
// of five runs; more where the server has cores of its own).
import { CopyText } from '../../db/copy-rows.js';
import { activities, nftTransfers } from '../../db/schema-chain.js';
import { contextOfFacts } from '../derive/activities.js';
import { transferActivity } from '../derive/activity-rows.js';
import { type ActivityRow, type RangeFacts } from './fact-rows.js';
import { emptyTouched, touch, type Touched } from '../derive/keys.js';
import { forEachSlice } from './slices.js';

export interface PreparedRange {
  transfers: CopyText<typeof nftTransfers>;
  /** The transfers' activities; null for a collection's back-fill (their context is stored). */
  transferActivities: CopyText<typeof activities> | null;
  /** The keys the facts touch (the write adds those of its reads). */
  touched: Touched;
}

/**
 * `typeOf`: the collection type of a transfer's contract, for a main range (its transfers'
 * context is in its own facts); none for a collection's back-fill.
 */
export async function prepareRange(
  facts: RangeFacts,
  launchpads: ReadonlySet<string>,
  typeOf?: (contract: string) => string,
): Promise<PreparedRange> {
  const transfers = new CopyText(nftTransfers);
  const main = typeOf && { typeOf, context: contextOfFacts(facts), text: new CopyText(activities) };
  await forEachSlice(facts.transfers, (slice) => {
    transfers.add(slice);
    if (!main) return;
    const rows: ActivityRow[] = [];
    for (const t of slice) {
      const type = main.typeOf(t.contractAddr);
      const row = transferActivity(t, type, main.context.get(t.txHash), launchpads);
      if (row) rows.push(row);
    }
    main.text.add(rows);
  });
  const touched = emptyTouched();
  touch(touched, facts);
  return { transfers, transferActivities: main ? main.text : null, touched };
}
