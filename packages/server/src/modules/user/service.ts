// The rules of profiles: a profile by address (also an address known only from the chain; the
// email only to its owner), the signed-in user's own, and what an edit may change. Routes parse
// and answer only.
import { zeroAddress } from 'viem';
import { ApiError, ERRORS, type ProfileUpdate } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import {
  findUser,
  hasChainHistory,
  updateProfile,
  type ProfileChanges,
  type UserRow,
} from './queries.js';
import type { AccountData, UserData } from './view.js';

/** The profile of an address known only from the chain: no name, picture or bio yet. */
function chainOnlyAccount(address: string): AccountData {
  return {
    id: null,
    userAddr: address,
    name: null,
    username: null,
    email: null,
    bio: null,
    imageUrl: null,
    headUrl: null,
    bannerUrl: null,
    createDate: null,
  };
}

function toUserData(row: UserRow, showEmail: boolean): UserData {
  return {
    id: row.id,
    userAddr: row.address,
    name: row.username,
    username: row.username,
    email: showEmail ? row.email : null,
    bio: row.bio,
    imageUrl: row.avatarUrl,
    headUrl: row.avatarUrl,
    bannerUrl: row.bannerUrl,
    createDate: row.createdAt.toISOString(),
  };
}

/** The profiles of one server's database. */
export function userService(ctx: ServerContext) {
  const db = ctx.database.db;

  /**
   * The profile of `address`, null when it neither signed in nor has on-chain history.
   * `viewer` (who asks) is read only for a stored profile: the email is shown to its owner.
   */
  async function byAddress(
    address: string,
    viewer: () => Promise<string | null>,
  ): Promise<AccountData | null> {
    const row = await findUser(db, address);
    if (!row) {
      const known =
        address !== zeroAddress && (await hasChainHistory(db, ctx.config.chainId, address));
      return known ? chainOnlyAccount(address) : null;
    }
    return toUserData(row, (await viewer()) === address);
  }

  /** The signed-in user's own profile (stored on first read). */
  async function current(address: string) {
    const row = (await findUser(db, address)) ?? (await updateProfile(db, address, {}));
    return toUserData(row, true);
  }

  /** Edits `address`'s own profile; a `userAddr` sent must be that address. */
  async function update(address: string, input: ProfileUpdate & { userAddr?: string }) {
    const { userAddr, avatar, banner, ...rest } = input;
    if (userAddr && userAddr.toLowerCase() !== address) throw new ApiError(ERRORS.forbidden);
    const changes: ProfileChanges = { ...rest };
    if (avatar !== undefined) changes.avatarUrl = avatar === '' ? null : avatar;
    if (banner !== undefined) changes.bannerUrl = banner === '' ? null : banner;
    const row = await updateProfile(db, address, changes);
    return toUserData(row, true);
  }

  return { byAddress, current, update };
}
