import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ApiError, ERRORS, TOKEN_HEADER } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { userSessions } from '../db/schema.js';

/**
 * Sessions on the server side: the client sends its token in the `token` header; only the
 * SHA-256 of a token is stored. Answers:
 * - no token: 10002 'Please log in first!'
 * - unknown, malformed or expired token: 10003
 * - a session ended by logout (of that session; other devices' sessions stay open): 1008
 */

/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is refused unread. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token header as sent (the first one when repeated), or undefined. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[TOKEN_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.trim();
  return token ? token : undefined;
}

export type SessionState =
  | { state: 'none' }
  | { state: 'invalid' }
  | { state: 'ended' }
  | { state: 'active'; address: string; tokenHash: string };

export async function sessionOf(db: AppDb, request: FastifyRequest): Promise<SessionState> {
  const token = tokenOf(request);
  if (!token) return { state: 'none' };
  if (!TOKEN_SHAPE.test(token)) return { state: 'invalid' };
  const tokenHash = hashToken(token);
  const rows = await db
    .select({
      address: userSessions.address,
      expiresAt: userSessions.expiresAt,
      endedAt: userSessions.endedAt,
    })
    .from(userSessions)
    .where(eq(userSessions.tokenHash, tokenHash));
  const row = rows[0];
  if (!row) return { state: 'invalid' };
  if (row.endedAt) return { state: 'ended' };
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'invalid' };
  return { state: 'active', address: row.address, tokenHash };
}

/** The signed-in address (lowercased), or an ApiError 10002 / 10003 / 1008. */
export async function requireUser(db: AppDb, request: FastifyRequest): Promise<string> {
  const session = await sessionOf(db, request);
  switch (session.state) {
    case 'active':
      return session.address;
    case 'none':
      throw new ApiError(ERRORS.notLoggedIn);
    case 'ended':
      throw new ApiError(ERRORS.sessionEnded);
    default:
      throw new ApiError(ERRORS.tokenInvalid);
  }
}

/**
 * Reads where signing in is optional: no token is an anonymous visitor (null), a valid token
 * the signed-in address; a token that is sent but unknown, expired or ended answers 10003 / 1008
 * like a protected call, so that the client clears its stale session instead of silently
 * browsing as a visitor.
 */
export async function optionalUser(db: AppDb, request: FastifyRequest): Promise<string | null> {
  if (!tokenOf(request)) return null;
  return requireUser(db, request);
}

/** OpenAPI: routes that need the `token` header. */
export const TOKEN_SECURITY = [{ token: [] as string[] }];

/** OpenAPI: reads where the `token` header is optional (optionalUser); `{}` is "no token". */
export const OPTIONAL_TOKEN_SECURITY: Record<string, string[]>[] = [{}, { token: [] }];
