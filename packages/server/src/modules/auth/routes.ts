import { z } from 'zod';
import { getAddress, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, buildSignInMessage, ERRORS, signInDomain } from '@aiamarket/shared';
import { isChainUnreachable } from '../../chain/errors.js';
import type { ServerContext } from '../../context.js';
import { sessionOf, TOKEN_SECURITY } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { perMinute } from '../../http/rate-limit.js';
import { addressSchema } from '../../http/schemas.js';
import { verifySignIn } from './signature.js';
import { endSession, issueNonce, openSession, usableNonce, type NonceRow } from './queries.js';

const signMessageData = z.object({
  message: z.string().describe('The exact EIP-4361 text to sign (personal_sign)'),
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chainId: z.number(),
  issuedAt: z.string().describe('ISO 8601'),
  expirationTime: z.string().describe('ISO 8601; the nonce expires then'),
});

const authBody = z.object({
  userAddr: addressSchema,
  signature: z
    .string()
    .max(20_000)
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex'),
  msg: z.string().min(1).max(4_000).describe('The message exactly as returned by signMessage'),
});

/**
 * Wallet sign-in and sign-out: nonce, the EIP-4361 message, authNew, loginOut. Sign-in and
 * nonce routes are rate limited per client address (RATE_LIMIT_AUTH_PER_MINUTE).
 */
export function authRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const { publicUrl, chainId } = ctx.config;
  const messageOf = (row: NonceRow) =>
    buildSignInMessage({
      publicUrl,
      chainId,
      address: getAddress(row.address),
      nonce: row.nonce,
      issuedAt: row.issuedAt,
      expirationTime: row.expiresAt,
    });
  const describe = (row: NonceRow) => ({
    message: messageOf(row),
    nonce: row.nonce,
    domain: signInDomain(publicUrl),
    uri: publicUrl,
    chainId,
    issuedAt: row.issuedAt.toISOString(),
    expirationTime: row.expiresAt.toISOString(),
  });
  const rateLimit = perMinute(ctx.config.rateLimit.authPerMinute);

  return async (app) => {
    app.get(
      '/user/nonce/:address',
      {
        config: { rateLimit },
        schema: {
          tags: ['user'],
          summary: 'A fresh single-use sign-in nonce for an address (valid 5 minutes)',
          description:
            'data is the nonce. The exact message to sign for it comes from ' +
            'GET /v1/api/user/signMessage/{address}?nonce=... (or call that route without a ' +
            'nonce to get a new nonce and its message in one call).',
          params: z.object({ address: addressSchema }),
          response: { 200: envelopeOf(z.string()) },
        },
      },
      async (request) => {
        const row = await issueNonce(ctx.database.db, request.params.address.toLowerCase());
        return ok(row.nonce);
      },
    );

    app.get(
      '/user/signMessage/:address',
      {
        config: { rateLimit },
        schema: {
          tags: ['user'],
          summary: 'The EIP-4361 sign-in message for a nonce (a new nonce when none is given)',
          description:
            'The wallet signs `message` exactly (personal_sign), then POST /v1/api/user/authNew ' +
            'with userAddr, signature and msg = message. An unknown, used, expired or other ' +
            "address's nonce answers 10010.",
          params: z.object({ address: addressSchema }),
          querystring: z.object({
            nonce: z
              .string()
              .regex(/^[0-9a-f]{8,64}$/)
              .optional(),
          }),
          response: { 200: envelopeOf(signMessageData) },
        },
      },
      async (request) => {
        const address = request.params.address.toLowerCase();
        const { nonce } = request.query;
        const row = nonce
          ? await usableNonce(ctx.database.db, nonce, address)
          : await issueNonce(ctx.database.db, address);
        if (!row) throw new ApiError(ERRORS.nonceInvalid);
        return ok(describe(row));
      },
    );

    app.post(
      '/user/authNew',
      {
        config: { rateLimit },
        schema: {
          tags: ['user'],
          summary: 'Sign in with a signed EIP-4361 message; data is the session token',
          description:
            'Send the token in the `token` header afterwards. The message must be exactly the ' +
            'one issued for the nonce (10012 otherwise); the nonce must be unused and unexpired ' +
            '(10010); the signature must be by userAddr: an account key, or a smart-contract ' +
            'wallet through EIP-1271 / EIP-6492 (10011). Sessions are per device: a new ' +
            'sign-in leaves the other sessions of the address open.',
          body: authBody,
          response: { 200: envelopeOf(z.string()) },
        },
      },
      async (request) => {
        const { signature, msg } = request.body;
        const address = request.body.userAddr.toLowerCase();
        const nonce = parseSiweMessage(msg).nonce;
        if (!nonce) throw new ApiError(ERRORS.signMessageInvalid);
        const row = await usableNonce(ctx.database.db, nonce, address);
        if (!row) throw new ApiError(ERRORS.nonceInvalid);
        if (msg !== messageOf(row)) throw new ApiError(ERRORS.signMessageInvalid);

        let valid: boolean;
        try {
          valid = await verifySignIn(ctx.chain, {
            address,
            message: msg,
            signature: signature as Hex,
          });
        } catch (err) {
          if (isChainUnreachable(err)) throw err;
          request.log.info({ err }, 'signature verification failed');
          valid = false;
        }
        if (!valid) throw new ApiError(ERRORS.signatureInvalid);

        const token = await openSession(ctx.database.db, {
          nonce,
          address,
          ttlHours: ctx.config.sessionTtlHours,
        });
        if (!token) throw new ApiError(ERRORS.nonceInvalid);
        return ok(token);
      },
    );

    app.get(
      '/user/loginOut',
      {
        schema: {
          tags: ['user'],
          summary:
            'Sign out: ends the session of the token header only (always succeeds); later calls with it answer 1008',
          security: TOKEN_SECURITY,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        const session = await sessionOf(ctx.database.db, request);
        if (session.state === 'active') {
          await endSession(ctx.database.db, session.tokenHash);
        }
        return ok(null);
      },
    );
  };
}
