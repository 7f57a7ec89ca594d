import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { replaceById } from '../../db/replace-by-id.js';
import { collections, launchpadProjects } from '../../db/schema.js';
import { sanitizeHtml } from '../../http/html.js';
import type { ProjectValues } from './input.js';

export type ProjectRow = typeof launchpadProjects.$inferSelect;

/** Projects matching the off-chain filters, in display order (sort, then newest). */
export async function findProjects(
  db: AppDb,
  filter: { id?: number; contractAddr?: string; name?: string },
): Promise<ProjectRow[]> {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(eq(launchpadProjects.id, filter.id));
  if (filter.contractAddr) where.push(eq(launchpadProjects.contractAddr, filter.contractAddr));
  if (filter.name) {
    const escaped = filter.name.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(ilike(launchpadProjects.name, `%${escaped}%`));
  }
  return db
    .select()
    .from(launchpadProjects)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(launchpadProjects.sort), desc(launchpadProjects.id));
}

/** The indexer's record of an NFT contract (name and type), when it follows it. */
export async function findCollection(db: AppDb, chainId: number, address: string) {
  const rows = await db
    .select({ contractType: collections.contractType, name: collections.name })
    .from(collections)
    .where(and(eq(collections.chainId, chainId), eq(collections.address, address)));
  return rows[0];
}

/**
 * Creates a project, or replaces the one with `id`; one project per sale (contract + token id),
 * so saving the same sale again updates it. projectDesc is sanitised.
 */
export async function saveProject(db: AppDb, input: ProjectValues): Promise<ProjectRow> {
  const values = {
    contractAddr: input.contractAddr.toLowerCase(),
    contractType: input.contractType,
    tokenId: input.contractType === 'ERC721' ? '0' : input.tokenId,
    name: input.name,
    description: input.description,
    coverUrl: input.coverUrl ?? null,
    boxUrl: input.boxUrl ?? null,
    headUrl: input.headUrl ?? null,
    backgroundUrl: input.backgroundUrl ?? null,
    projectDesc: sanitizeHtml(input.projectDesc),
    linkCollection: input.linkCollection ?? null,
    linkSkypegmwcn: input.linkSkypegmwcn ?? null,
    linkTwitter: input.linkTwitter ?? null,
    linkDiscord: input.linkDiscord ?? null,
    linkInstagram: input.linkInstagram ?? null,
    linkMedium: input.linkMedium ?? null,
    coins: input.coins.map((c) => ({
      address: c.address.toLowerCase(),
      symbol: c.symbol,
      decimals: c.decimals,
      iconUrl: c.iconUrl ?? null,
    })),
    sort: input.sort ?? 0,
  };
  if (input.id === undefined) {
    const rows = await db
      .insert(launchpadProjects)
      .values(values)
      .onConflictDoUpdate({
        target: [launchpadProjects.contractAddr, launchpadProjects.tokenId],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    return rows[0]!;
  }
  try {
    return await replaceById(
      db,
      launchpadProjects,
      input.id,
      values,
      `No launchpad project ${input.id}`,
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(
      ERRORS.badRequest,
      `${ERRORS.badRequest.message}: another project already uses this sale`,
    );
  }
}
