import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { replaceById } from '../../db/replace-by-id.js';
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
  return replaceById(db, banners, input.id, values, `No banner ${input.id}`);
}
