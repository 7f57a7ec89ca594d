import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionReturnType,
  Hash,
} from 'viem';
import { contractAddress, publicClient } from './client';
import { sendContractCall, type TxResult } from './send';
import type { ConnectedWallet } from './wallet';

type ReadName<A extends Abi> = ContractFunctionName<A, 'view' | 'pure'>;
type ReadArgs<A extends Abi, F extends ReadName<A>> = ContractFunctionArgs<A, 'view' | 'pure', F>;
type WriteName<A extends Abi> = ContractFunctionName<A, 'nonpayable' | 'payable'>;

/** A contract with its reads and writes bound to its address and ABI. */
export interface BoundContract<A extends Abi> {
  address: () => Promise<Address>;
  /** A view call through the read client. */
  read<F extends ReadName<A>, Args extends ReadArgs<A, F>>(
    functionName: F,
    args: Args,
  ): Promise<ContractFunctionReturnType<A, 'view' | 'pure', F, Args>>;
  /** A transaction through the wallet (sendContractCall), `value` in native AIA. */
  write(
    wallet: ConnectedWallet,
    functionName: WriteName<A>,
    args: readonly unknown[],
    onHash?: (hash: Hash) => void,
    value?: bigint,
  ): Promise<TxResult>;
}

/** The contract at `at`: a fixed address, or one resolved when a call needs it. */
export function contractAt<const A extends Abi>(
  at: Address | (() => Promise<Address>),
  abi: A,
): BoundContract<A> {
  const address = typeof at === 'function' ? at : async () => at;
  return {
    address,
    async read(functionName, args) {
      const [client, resolved] = await Promise.all([publicClient(), address()]);
      const call = { address: resolved, abi, functionName, args };
      // viem cannot narrow a generic ABI's function here; the signature above keeps callers typed.
      return client.readContract(call as Parameters<typeof client.readContract>[0]) as never;
    },
    async write(wallet, functionName, args, onHash, value) {
      const call = { address: await address(), abi, functionName, args };
      return sendContractCall(wallet, value === undefined ? call : { ...call, value }, onHash);
    },
  };
}

/** A contract of this deployment, by its deploy name (e.g. 'Marketplace'). */
export const deployedContract = <const A extends Abi>(name: string, abi: A) =>
  contractAt(() => contractAddress(name), abi);
