import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateFields, requireNameAndEmail } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import {
  OPTIONAL_TOKEN_SECURITY,
  optionalUser,
  requireUser,
  TOKEN_SECURITY,
} from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { addressSchema } from '../../http/schemas.js';
import { userService } from './service.js';
import { accountData, userData } from './view.js';

const updateBody = profileUpdateFields
  .extend({
    userAddr: addressSchema
      .optional()
      .describe('optional; when sent it must be the signed-in address (403 otherwise)'),
  })
  .superRefine(requireNameAndEmail);

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const users = userService(ctx);
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
        return ok(await users.byAddress(address, () => optionalUser(db, request)));
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
        return ok(await users.current(address));
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
        return ok(await users.update(address, request.body));
      },
    );
  };
}
