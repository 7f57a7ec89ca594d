import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { findBy } from '../../db/find-by.js';
import { countWhere, pageWithTotal } from '../../db/page-with-total.js';
import { primaryActivities, primaryActivityItems, type LocalizedText } from '../../db/schema.js';
import type { ActivityItemInput, ActivityValues } from './input.js';

export type ActivityRow = typeof primaryActivities.$inferSelect;
export type ActivityItemRow = typeof primaryActivityItems.$inferSelect;

/** Per activity: how many items it has and how many pieces are left in total. */
async function residues(db: AppDb, ids: number[]) {
  const map = new Map<number, { items: number; residue: number }>();
  if (!ids.length) return map;
  const rows = await db
    .select({
      activityId: primaryActivityItems.activityId,
      items: count(),
      residue: sql<number>`coalesce(sum(${primaryActivityItems.residueNum}), 0)::int`,
    })
    .from(primaryActivityItems)
    .where(inArray(primaryActivityItems.activityId, ids))
    .groupBy(primaryActivityItems.activityId);
  for (const r of rows) map.set(r.activityId, { items: r.items, residue: Number(r.residue) });
  return map;
}

const soldOutOf = (r: { items: number; residue: number } | undefined) =>
  Boolean(r && r.items > 0 && r.residue === 0);

export async function activityPage(
  db: AppDb,
  types: readonly number[] | undefined,
  page: number,
  size: number,
) {
  const where = types === undefined ? undefined : inArray(primaryActivities.type, [...types]);
  const { rows, total } = await pageWithTotal(
    db
      .select()
      .from(primaryActivities)
      .where(where)
      .orderBy(asc(primaryActivities.sort), desc(primaryActivities.id))
      .$dynamic(),
    countWhere(db, primaryActivities, where),
    page,
    size,
  );
  const left = await residues(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    rows: rows.map((row) => ({ row, soldOut: soldOutOf(left.get(row.id)) })),
  };
}

export async function findActivity(db: AppDb, id: number) {
  const row = await findBy(db, primaryActivities, primaryActivities.id, id);
  if (!row) return undefined;
  const left = await residues(db, [id]);
  return { row, soldOut: soldOutOf(left.get(id)) };
}

export async function itemPage(db: AppDb, activityId: number, page: number, size: number) {
  const where = eq(primaryActivityItems.activityId, activityId);
  return pageWithTotal(
    db
      .select()
      .from(primaryActivityItems)
      .where(where)
      .orderBy(asc(primaryActivityItems.sort), asc(primaryActivityItems.id))
      .$dynamic(),
    countWhere(db, primaryActivityItems, where),
    page,
    size,
  );
}

const texts = (t: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(t).filter(([, v]) => v)) as LocalizedText;

const itemValues = (activityId: number, item: ActivityItemInput) => ({
  activityId,
  names: texts(item.names),
  blindBoxId: item.blindBoxId ?? null,
  tokenId: item.tokenId ?? null,
  contractAddr: item.contractAddr?.toLowerCase() ?? null,
  imageUrl: item.imageUrl,
  num: item.num,
  residueNum: item.residueNum ?? item.num,
  price: item.price,
  coin: item.coin ?? null,
  sort: item.sort ?? 0,
});

/**
 * Creates an activity, or replaces the one with `id` (404 when unknown). When `items` is given
 * the activity's items are replaced by them, in one transaction.
 */
export async function saveActivity(
  db: AppDb,
  input: ActivityValues,
): Promise<{ activity: ActivityRow; items: number }> {
  const values = {
    type: input.type,
    names: texts(input.names),
    remarks: texts(input.remarks),
    coverUrl: input.coverUrl,
    backgroundUrl: input.backgroundUrl ?? null,
    price: input.price ?? null,
    coin: input.coin ?? null,
    totalNum: input.totalNum ?? null,
    buyUrl: input.buyUrl ?? null,
    startAt: input.startTime,
    endAt: input.endTime,
    sort: input.sort ?? 0,
  };
  return db.transaction(async (tx) => {
    let activity: ActivityRow | undefined;
    if (input.id === undefined) {
      activity = (await tx.insert(primaryActivities).values(values).returning())[0];
    } else {
      activity = (
        await tx
          .update(primaryActivities)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(primaryActivities.id, input.id))
          .returning()
      )[0];
      if (!activity) throw new ApiError(ERRORS.notFound, `No activity ${input.id}`);
    }
    const id = activity!.id;
    if (input.items) {
      await tx.delete(primaryActivityItems).where(eq(primaryActivityItems.activityId, id));
      if (input.items.length) {
        await tx.insert(primaryActivityItems).values(input.items.map((i) => itemValues(id, i)));
      }
    }
    const [n] = await tx
      .select({ n: count() })
      .from(primaryActivityItems)
      .where(eq(primaryActivityItems.activityId, id));
    return { activity: activity!, items: n?.n ?? 0 };
  });
}
