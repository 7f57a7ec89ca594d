// The rules of primary sales: the activities and their items with the status and countdown of
// the server's clock, in the reader's language. Routes parse and answer only.
import {
  ACTIVITY_STATUS,
  ApiError,
  ERRORS,
  type Locale,
  type PrimaryActivityItemVO,
  type PrimaryActivityVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { pickText } from '../../http/locale.js';
import { paged } from '../../http/paging.js';
import {
  activityPage,
  findActivity,
  itemPage,
  type ActivityItemRow,
  type ActivityRow,
} from './queries.js';
import { activityCountdown, activityStatus } from './status.js';

function activityOf(
  row: ActivityRow,
  soldOut: boolean,
  locale: Locale,
  now: Date,
): PrimaryActivityVO {
  const status = activityStatus(row, soldOut, now);
  return {
    id: row.id,
    type: row.type,
    status,
    countdown: activityCountdown(row, status, now),
    inName: pickText(row.names, locale),
    inRemark: pickText(row.remarks, locale),
    coverUrl: row.coverUrl,
    backgroundUrl: row.backgroundUrl,
    price: row.price,
    coin: row.coin,
    totalNum: row.totalNum,
    buyUrl: row.buyUrl,
    startTime: row.startAt.getTime(),
    endTime: row.endAt.getTime(),
  };
}

function itemOf(
  item: ActivityItemRow,
  activityStatusNow: number,
  locale: Locale,
): PrimaryActivityItemVO {
  const status =
    activityStatusNow === ACTIVITY_STATUS.inProgress && item.residueNum === 0
      ? ACTIVITY_STATUS.soldOut
      : activityStatusNow;
  return {
    nftId: item.id,
    blindBoxId: item.blindBoxId,
    name: pickText(item.names, locale),
    tokenId: item.tokenId,
    contractAddr: item.contractAddr,
    imageUrl: item.imageUrl,
    num: item.num,
    residueNum: item.residueNum,
    price: item.price,
    coin: item.coin,
    status,
  };
}

/** The primary sales of one server's database. */
export function primarySaleService(ctx: ServerContext) {
  const db = ctx.database.db;

  /** A page of activities, of the given types (all without). */
  async function activities(
    types: number[] | undefined,
    page: number,
    size: number,
    locale: Locale,
  ) {
    const now = new Date();
    const { total, rows } = await activityPage(db, types, page, size);
    const records = rows.map((r) => activityOf(r.row, r.soldOut, locale, now));
    return paged(records, total, page, size);
  }

  /** A page of an activity's items; an unknown activity is not found. */
  async function items(id: number, page: number, size: number, locale: Locale) {
    const found = await findActivity(db, id);
    if (!found) throw new ApiError(ERRORS.notFound, `No activity ${id}`);
    const status = activityStatus(found.row, found.soldOut, new Date());
    const { total, rows } = await itemPage(db, id, page, size);
    return paged(
      rows.map((item) => itemOf(item, status, locale)),
      total,
      page,
      size,
    );
  }

  /** One activity with its status and countdown; an unknown one is not found. */
  async function activity(id: number, locale: Locale) {
    const found = await findActivity(db, id);
    if (!found) throw new ApiError(ERRORS.notFound, `No activity ${id}`);
    return activityOf(found.row, found.soldOut, locale, new Date());
  }

  return { activities, items, activity };
}
