import { z } from 'zod';
import type { Hex } from 'viem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context.js';
import { sessionOf, TOKEN_SECURITY } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { perMinute } from '../../http/rate-limit.js';
import { addressSchema } from '../../http/schemas.js';
import { authService } from './service.js';

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
  const auth = authService(ctx);
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
        return ok(await auth.nonce(request.params.address.toLowerCase()));
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
        return ok(await auth.message(address, request.query.nonce));
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
        const input = { address, signature: signature as Hex, msg };
        return ok(await auth.signIn(input, request.log));
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
          await auth.signOut(session.tokenHash);
        }
        return ok(null);
      },
    );
  };
}
