import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem';
import { CONTRACT_ERROR_FALLBACK, contractErrorMessage } from '@aiamarket/shared';
import { WrongChainError } from './wallet';

export interface ChainErrorText {
  key: string;
  values: Record<string, string | number>;
}

/** The wallet's user declined the request (EIP-1193 code 4001). */
export function isUserRejection(error: unknown): boolean {
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof UserRejectedRequestError)) return true;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return code === 4001 || code === UserRejectedRequestError.code;
}

/** The i18n key shown when the user declines in the wallet. */
export const WALLET_REJECTED_KEY = 'trade.tx.rejected';

/**
 * The message of a failed transaction: a declined request, the contract's decoded custom error,
 * or 'Transaction failed' (CONTRACT_ERROR_FALLBACK) for anything else.
 */
export function chainErrorMessage(error: unknown): ChainErrorText {
  if (isUserRejection(error)) return { key: WALLET_REJECTED_KEY, values: {} };
  if (error instanceof WrongChainError) return { key: 'wallet.errors.wrongChain', values: {} };
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      const m = contractErrorMessage(reverted.data.errorName, reverted.data.args ?? []);
      return { key: m.key, values: m.values };
    }
  }
  return { key: CONTRACT_ERROR_FALLBACK.key, values: {} };
}
