import { describe, expect, it } from 'vitest';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  UserRejectedRequestError,
  encodeErrorResult,
} from 'viem';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { chainErrorMessage, isUserRejection } from './errors';
import { explorerTxUrl } from './explorer';
import { WrongChainError } from './wallet';

const HASH = `0x${'ab'.repeat(32)}`;

/** What viem throws when a simulated market call reverts with `errorName`. */
function reverted(errorName: string, args: readonly unknown[]) {
  const data = encodeErrorResult({
    abi: marketplaceAbi,
    errorName,
    args,
  } as Parameters<typeof encodeErrorResult>[0]);
  const cause = new ContractFunctionRevertedError({
    abi: marketplaceAbi,
    data,
    functionName: 'createMarketSale',
  });
  return new ContractFunctionExecutionError(cause, {
    abi: marketplaceAbi,
    functionName: 'createMarketSale',
    args: [1n, 1n, HASH],
  });
}

describe('chain error messages', () => {
  it("decodes the market's custom errors into their translated keys", () => {
    expect(chainErrorMessage(reverted('PriceChanged', [7n]))).toEqual({
      key: 'market.errors.priceChanged',
      values: {},
    });
    expect(chainErrorMessage(reverted('ExceedsLeftAmount', [1n, 2n])).key).toBe(
      'market.errors.nftAmount',
    );
    expect(chainErrorMessage(reverted('ListingStillValid', [3n])).key).toBe(
      'market.errors.listingStillValid',
    );
  });

  it('names a wallet rejection, however the wallet reports it', () => {
    const viemRejection = new UserRejectedRequestError(new Error('User rejected the request.'));
    expect(isUserRejection(viemRejection)).toBe(true);
    expect(chainErrorMessage(viemRejection).key).toBe('trade.tx.rejected');
    expect(chainErrorMessage({ code: 4001, message: 'denied' }).key).toBe('trade.tx.rejected');
    expect(isUserRejection(new Error('boom'))).toBe(false);
  });

  it('asks to switch chains when the wallet would not', () => {
    expect(chainErrorMessage(new WrongChainError()).key).toBe('wallet.errors.wrongChain');
  });

  it("falls back to 'Transaction failed'", () => {
    expect(chainErrorMessage(new Error('socket hang up'))).toEqual({
      key: 'launchpad.transactionErr',
      values: {},
    });
  });
});

describe('explorer links', () => {
  const chain = (chainId: number, explorerUrl: string | null) => ({
    chainId,
    name: 'x',
    rpcUrl: 'http://127.0.0.1:8545',
    explorerUrl,
    nativeCurrency: { name: 'AIA', symbol: 'AIA', decimals: 18 },
    contracts: {},
  });

  it("uses the chain's explorer from the shared chain list", () => {
    expect(explorerTxUrl(chain(1319, null), HASH)).toBe(`https://aiascan.com/tx/${HASH}`);
    expect(explorerTxUrl(chain(1320, null), HASH)).toBe(`https://testnet.aiascan.com/tx/${HASH}`);
  });

  it("prefers the deployment's explorer and has none on anvil", () => {
    expect(explorerTxUrl(chain(31337, 'https://scan.example/'), HASH)).toBe(
      `https://scan.example/tx/${HASH}`,
    );
    expect(explorerTxUrl(chain(31337, null), HASH)).toBeNull();
  });
});
