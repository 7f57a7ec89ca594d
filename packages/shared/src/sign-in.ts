import { createSiweMessage } from 'viem/siwe';
import type { Address } from 'viem';

/**
 * Wallet sign-in (EIP-4361, "Sign-In with Ethereum"). The server builds the message from its
 * public URL, the chain id and a stored nonce, and later compares the signed text with the same
 * build byte for byte; the web app only displays and signs what the server returns.
 */
export const SIGN_IN = {
  /** How long a nonce (and the message built on it) stays valid. */
  nonceTtlSeconds: 5 * 60,
  /** Random bytes of a nonce (hex encoded: EIP-4361 wants at least 8 alphanumerics). */
  nonceBytes: 16,
  /** Random bytes of a session token. */
  tokenBytes: 32,
  /** Default session lifetime (the server's SESSION_TTL_HOURS overrides it). */
  sessionTtlHours: 7 * 24,
  /** The page the statement links to (the terms, per the spec's /privacy route). */
  termsPath: '/privacy',
} as const;

/** The welcome statement with the terms link. One line: EIP-4361 statements may not break. */
export function signInStatement(publicUrl: string): string {
  return (
    'Welcome to AIA Market! Sign in to buy, sell and favourite NFTs. ' +
    `By signing you accept the Terms of Service: ${termsUrl(publicUrl)}. ` +
    'This request will not trigger a blockchain transaction or cost any gas fees.'
  );
}

export function termsUrl(publicUrl: string): string {
  return `${new URL(publicUrl).origin}${SIGN_IN.termsPath}`;
}

/** The EIP-4361 domain: host and port of the public URL. */
export function signInDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}

export interface SignInMessageFields {
  /** The public origin of the marketplace (PUBLIC_URL). */
  publicUrl: string;
  chainId: number;
  address: Address;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

/** The exact text a wallet signs to sign in. */
export function buildSignInMessage(f: SignInMessageFields): string {
  return createSiweMessage({
    domain: signInDomain(f.publicUrl),
    address: f.address,
    statement: signInStatement(f.publicUrl),
    uri: new URL(f.publicUrl).origin,
    version: '1',
    chainId: f.chainId,
    nonce: f.nonce,
    issuedAt: f.issuedAt,
    expirationTime: f.expirationTime,
  });
}
