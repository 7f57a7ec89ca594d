import { ApiError } from '@aiamarket/shared';

/** A translatable description of a failed wallet step. */
export interface WalletErrorText {
  key:
    | 'wallet.errors.rejected'
    | 'wallet.errors.pending'
    | 'wallet.errors.noRequest'
    | 'wallet.errors.noEthereum'
    | 'wallet.errors.wrongChain'
    | 'wallet.errors.noAccount'
    | 'wallet.errors.failed';
  values?: Record<string, string | number>;
}

interface WithCode {
  code?: unknown;
  name?: unknown;
  cause?: unknown;
  message?: unknown;
}

/** The error and its causes (viem and wagmi wrap the provider's error). */
function chain(error: unknown): WithCode[] {
  const out: WithCode[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 8) {
    out.push(current as WithCode);
    current = (current as WithCode).cause;
  }
  return out;
}

/** Thrown by the wallet layer itself. */
export class WalletError extends Error {
  constructor(
    readonly text: WalletErrorText,
    options?: { cause?: unknown },
  ) {
    super(text.key, options);
    this.name = 'WalletError';
  }
}

/**
 * What to tell the user about a failed connect, switch or signature. ApiErrors are left to
 * errorText (they carry the server's message); null means "nothing to tell".
 */
export function walletErrorText(error: unknown): WalletErrorText | null {
  if (error instanceof ApiError) return null;
  const errors = chain(error);
  for (const e of errors) {
    if (e instanceof WalletError) return e.text;
  }
  for (const e of errors) {
    // EIP-1193 4001 user rejected; wagmi's UserRejectedRequestError also for a refused add-chain.
    if (e.code === 4001 || e.name === 'UserRejectedRequestError') {
      return { key: 'wallet.errors.rejected' };
    }
    // -32002: the wallet already shows a request for this site.
    if (e.code === -32002 || e.name === 'ResourceUnavailableRpcError') {
      return { key: 'wallet.errors.pending' };
    }
    if (e.name === 'ProviderNotFoundError') return { key: 'wallet.errors.noEthereum' };
    if (e.name === 'SwitchChainError' || e.name === 'ChainNotConfiguredError') {
      return { key: 'wallet.errors.wrongChain' };
    }
  }
  return { key: 'wallet.errors.failed' };
}
