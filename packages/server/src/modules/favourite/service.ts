// The favourites' rules: an item is favourited only when it exists; every change answers the
// item's favourite info as the user now sees it.
import { ApiError, ERRORS, type FavouriteInfo } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import {
  addFavourite,
  favouriteInfo,
  itemExists,
  removeFavourite,
  type ItemKey,
} from './queries.js';

/** Favourites an item for `user` (again is harmless); an unknown item is a 404. */
export async function favourite(db: AppDb, user: string, key: ItemKey): Promise<FavouriteInfo> {
  if (!(await itemExists(db, key))) throw new ApiError(ERRORS.notFound, 'No such item');
  await addFavourite(db, user, key);
  return favouriteInfo(db, user, key);
}

/** Removes an item from `user`'s favourites (again is harmless). */
export async function unfavourite(db: AppDb, user: string, key: ItemKey): Promise<FavouriteInfo> {
  await removeFavourite(db, user, key);
  return favouriteInfo(db, user, key);
}

export { favouriteInfo };
