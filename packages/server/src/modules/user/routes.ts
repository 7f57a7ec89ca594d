import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zeroAddress } from 'viem';
import { ApiError, ERRORS, profileUpdateFields, requireNameAndEmail } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import {
  OPTIONAL_TOKEN_SECURITY,
  optionalUser,
  requireUser,
  TOKEN_SECURITY,
} from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { addressSchema } from '../../http/schemas.js';
import {
  findUser,
  hasChainHistory,
  updateProfile,
  type ProfileChanges,
  type UserRow,
} from './queries.js';

/** The user as the spec names its fields (imageUrl and headUrl are both the avatar). */
const userData = z.object({
  id: z.number(),
  userAddr: z.string().describe('lowercased address'),
  name: z.string().nullable().describe('same as username'),
  username: z.string().nullable(),
  email: z.string().nullable().describe("only in the owner's own view, null for others"),
  bio: z.string().nullable(),
  imageUrl: z.string().nullable().describe('avatar'),
  headUrl: z.string().nullable().describe('avatar'),
  bannerUrl: z.string().nullable(),
  createDate: z.string().describe('ISO 8601, first sign-in'),
});

type UserData = z.infer<typeof userData>;

/** A profile by address: also an address that never signed in but has on-chain history. */
const accountData = userData.extend({
  id: z.number().nullable().describe('null for an address that never signed in'),
  createDate: z
    .string()
    .nullable()
    .describe('ISO 8601, first sign-in; null for an address that never signed in'),
});

/** The profile of an address known only from the chain: no name, picture or bio yet. */
function chainOnlyAccount(address: string): z.infer<typeof accountData> {
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

const updateBody = profileUpdateFields
  .extend({
    userAddr: addressSchema
      .optional()
      .describe('optional; when sent it must be the signed-in address (403 otherwise)'),
  })
  .superRefine(requireNameAndEmail);

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    app.get(
      '/user/address/:address',
      {
        schema: {
          tags: ['user'],
          summary: 'A profile by address; data is null for an unknown address',
          description:
            'An address is known when it signed in, or holds, minted, traded, listed or ' +
            'transferred an NFT; an address known only from the chain has id and createDate ' +
            'null and no profile fields. Unknown (data null): no profile and no on-chain ' +
            'history. email is only returned to the owner (token header of that address); a ' +
            'token that is sent must be valid (10003 / 1008).',
          security: OPTIONAL_TOKEN_SECURITY,
          params: z.object({ address: addressSchema }),
          response: { 200: envelopeOf(accountData.nullable()) },
        },
      },
      async (request) => {
        const address = request.params.address.toLowerCase();
        const row = await findUser(db, address);
        if (!row) {
          const known =
            address !== zeroAddress && (await hasChainHistory(db, ctx.config.chainId, address));
          return ok(known ? chainOnlyAccount(address) : null);
        }
        const viewer = await optionalUser(db, request);
        return ok(toUserData(row, viewer === address));
      },
    );

    app.get(
      '/user/current',
      {
        schema: {
          tags: ['user'],
          summary: 'The signed-in user (checks the token: 10002, 10003 or 1008 otherwise)',
          security: TOKEN_SECURITY,
          response: { 200: envelopeOf(userData) },
        },
      },
      async (request) => {
        const address = await requireUser(db, request);
        const row = (await findUser(db, address)) ?? (await updateProfile(db, address, {}));
        return ok(toUserData(row, true));
      },
    );

    app.post(
      '/user/update',
      {
        config: { errors: ['forbidden'] },
        schema: {
          tags: ['user'],
          summary: 'Edit the own profile (username, email, bio, avatar, banner)',
          description:
            'Missing fields keep their value; username and email are saved together, both ' +
            "filled ('This field must be filled' on the missing or empty one), the email valid; " +
            'bio may span lines; avatar and banner are URLs ' +
            'from /v1/api/ipfs/upload (or http(s) URLs), an empty string clears them.',
          security: TOKEN_SECURITY,
          body: updateBody,
          response: { 200: envelopeOf(userData) },
        },
      },
      async (request) => {
        const address = await requireUser(db, request);
        const { userAddr, avatar, banner, ...rest } = request.body;
        if (userAddr && userAddr.toLowerCase() !== address) throw new ApiError(ERRORS.forbidden);
        const changes: ProfileChanges = { ...rest };
        if (avatar !== undefined) changes.avatarUrl = avatar === '' ? null : avatar;
        if (banner !== undefined) changes.bannerUrl = banner === '' ? null : banner;
        const row = await updateProfile(db, address, changes);
        return ok(toUserData(row, true));
      },
    );
  };
}
