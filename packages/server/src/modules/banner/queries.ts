import { and, asc, eq, sql } from 'drizzle-orm';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { banners } from '../../db/schema.js';
import type { BannerInput } from './input.js';

export type BannerRow = typeof banners.$inferSelect;

/** The enabled banners, in carousel order (sort, then id). */
export async function listBanners(db: AppDb): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** Creates a banner, or replaces the one with `id`. Targets of other types are cleared. */
export async function saveBanner(db: AppDb, input: BannerInput): Promise<BannerRow> {
  const titles = Object.fromEntries(
    Object.entries(input.titles).filter(([, v]) => v !== undefined && v !== ''),
  ) as BannerRow['titles'];
  const values = {
    type: input.type,
    imageUrl: input.imageUrl,
    titles,
    articleId: input.type === 0 ? (input.articleId ?? null) : null,
    activityId: input.type === 1 ? (input.activityId ?? null) : null,
    linkCollection: input.type === 2 ? (input.linkCollection ?? null) : null,
    tokenId: input.type === 3 ? (input.tokenId ?? null) : null,
    contractAddr: input.type === 3 ? (input.contractAddr?.toLowerCase() ?? null) : null,
    sort: input.sort ?? 0,
    enabled: input.enabled ?? true,
  };
  if (input.id === undefined) {
    const rows = await db.insert(banners).values(values).returning();
    return rows[0]!;
  }
  const rows = await db
    .update(banners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(banners.id, input.id)))
    .returning();
  if (!rows[0]) throw new ApiError(ERRORS.notFound, `No banner ${input.id}`);
  return rows[0];
}
