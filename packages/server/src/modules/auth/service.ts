// The rules of wallet sign-in: nonces, the EIP-4361 message of a nonce, what authNew checks
// before it opens a session (the message issued for an unused nonce, a signature by the
// address), and sign-out. Routes parse and answer only.
import { getAddress, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, buildSignInMessage, ERRORS, signInDomain } from '@aiamarket/shared';
import { isChainUnreachable } from '../../chain/errors.js';
import type { ServerContext } from '../../context.js';
import { verifySignIn } from './signature.js';
import { endSession, issueNonce, openSession, usableNonce, type NonceRow } from './queries.js';

/** What authNew receives: the address, its signature and the message it signed. */
export interface SignInInput {
  address: string;
  signature: Hex;
  msg: string;
}

/** Sign-in of one server: its database, chain and public URL. */
export function authService(ctx: ServerContext) {
  const db = ctx.database.db;
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

  /** A fresh single-use nonce for `address`. */
  async function nonce(address: string) {
    return (await issueNonce(db, address)).nonce;
  }

  /** The message to sign for `address`'s `nonce`, or for a new nonce when none is given. */
  async function message(address: string, nonce: string | undefined) {
    const row = nonce ? await usableNonce(db, nonce, address) : await issueNonce(db, address);
    if (!row) throw new ApiError(ERRORS.nonceInvalid);
    return describe(row);
  }

  /**
   * Opens a session for a signed sign-in message and answers its token. A signature that cannot
   * be checked is an invalid one (logged on `log`), unless no node answered.
   */
  async function signIn({ address, signature, msg }: SignInInput, log: FastifyBaseLogger) {
    const nonce = parseSiweMessage(msg).nonce;
    if (!nonce) throw new ApiError(ERRORS.signMessageInvalid);
    const row = await usableNonce(db, nonce, address);
    if (!row) throw new ApiError(ERRORS.nonceInvalid);
    if (msg !== messageOf(row)) throw new ApiError(ERRORS.signMessageInvalid);

    let valid: boolean;
    try {
      valid = await verifySignIn(ctx.chain, { address, message: msg, signature });
    } catch (err) {
      if (isChainUnreachable(err)) throw err;
      log.info({ err }, 'signature verification failed');
      valid = false;
    }
    if (!valid) throw new ApiError(ERRORS.signatureInvalid);

    const token = await openSession(db, {
      nonce,
      address,
      ttlHours: ctx.config.sessionTtlHours,
    });
    if (!token) throw new ApiError(ERRORS.nonceInvalid);
    return token;
  }

  /** Ends the session of a token hash. */
  function signOut(tokenHash: string) {
    return endSession(db, tokenHash);
  }

  return { nonce, message, signIn, signOut };
}
