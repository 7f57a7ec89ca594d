import type { Abi, Address, Hash } from 'viem';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import type { ConnectedWallet } from './wallet';

export interface ContractCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
}

/** A successful transaction and the block that holds it (what the indexer must reach). */
export interface TxResult {
  hash: Hash;
  blockNumber: bigint;
}

/** A mined transaction that did not succeed. */
export class TransactionRevertedError extends Error {
  constructor(readonly hash: Hash) {
    super(`transaction ${hash} reverted`);
    this.name = 'TransactionRevertedError';
  }
}

/**
 * Simulates the call (so a revert is reported with its decoded reason before the wallet is
 * asked), sends it through the wallet, reports the hash as soon as it is known, and waits for
 * the receipt. Resolves with the hash and block of a successful transaction.
 */
export async function sendContractCall(
  wallet: ConnectedWallet,
  call: ContractCall,
  onHash?: (hash: Hash) => void,
): Promise<TxResult> {
  const { request } = await simulateContract(wallet.config, {
    ...call,
    account: wallet.account,
  } as Parameters<typeof simulateContract>[1]);
  const hash = await writeContract(wallet.config, request as Parameters<typeof writeContract>[1]);
  onHash?.(hash);
  const receipt = await waitForTransactionReceipt(wallet.config, { hash });
  if (receipt.status !== 'success') throw new TransactionRevertedError(hash);
  return { hash, blockNumber: receipt.blockNumber };
}
