// `banner save`: the target a banner links to must exist, as the page it opens would find it.
import { BANNER_TYPE } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { findArticle } from '../modules/article/queries.js';
import type { BannerInput } from '../modules/banner/input.js';
import { findCollection } from '../modules/collection/queries.js';
import { findItem } from '../modules/item/queries.js';
import { findActivity } from '../modules/primary-sale/queries.js';

type TargetField = 'articleId' | 'activityId' | 'linkCollection' | 'tokenId' | 'contractAddr';

/** The target fields each banner type takes (the others are cleared when it is saved). */
const TARGETS: Record<number, TargetField[]> = {
  [BANNER_TYPE.article]: ['articleId'],
  [BANNER_TYPE.activity]: ['activityId'],
  [BANNER_TYPE.collection]: ['linkCollection'],
  [BANNER_TYPE.item]: ['contractAddr', 'tokenId'],
};
const ALL_TARGETS: TargetField[] = Object.values(TARGETS).flat();

/**
 * Why the banner's target is refused, as `{ field, message }`, or null when it exists: type 0 an
 * article, 1 a primary activity, 2 a collection page (its link in any letter case, like the page
 * route), 3 an item the indexer knows (like the item page). A target field of another type is
 * refused too, since saving would silently drop it.
 */
export async function bannerTargetProblem(
  db: AppDb,
  chainId: number,
  input: BannerInput,
): Promise<{ field: TargetField; message: string } | null> {
  const own = TARGETS[input.type] ?? [];
  const stray = ALL_TARGETS.find((f) => !own.includes(f) && input[f] !== undefined);
  if (stray) {
    const takes = own.join(' and ');
    return {
      field: stray,
      message: `not a target of a type ${input.type} banner (it takes ${takes})`,
    };
  }
  if (input.type === BANNER_TYPE.article && input.articleId !== undefined) {
    if (!(await findArticle(db, input.articleId))) {
      return { field: 'articleId', message: `no article ${input.articleId}` };
    }
  }
  if (input.type === BANNER_TYPE.activity && input.activityId !== undefined) {
    if (!(await findActivity(db, input.activityId))) {
      return { field: 'activityId', message: `no primary activity ${input.activityId}` };
    }
  }
  if (input.type === BANNER_TYPE.collection && input.linkCollection !== undefined) {
    if (!(await findCollection(db, chainId, { link: input.linkCollection }))) {
      return {
        field: 'linkCollection',
        message: `no collection page '${input.linkCollection}'`,
      };
    }
  }
  if (input.type === BANNER_TYPE.item && input.contractAddr && input.tokenId !== undefined) {
    const contract = input.contractAddr.toLowerCase();
    if (!(await findItem(db, chainId, contract, input.tokenId))) {
      return { field: 'tokenId', message: `no item ${input.tokenId} of ${contract}` };
    }
  }
  return null;
}
