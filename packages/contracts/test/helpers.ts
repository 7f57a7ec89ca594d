import { chainFor } from '@aiamarket/shared';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
} from 'viem';
import type { Abi, Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Call, Fixture } from './fixture.js';

/** Clients for one anvil: a public client, an anvil test client and a wallet per private key. */
export function clientsFor(rpcUrl: string, chainId = 31337) {
  const chain = chainFor(chainId, rpcUrl);
  const transport = http(rpcUrl);
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    testClient: createTestClient({ chain, transport, mode: 'anvil' }),
    wallet: (privateKey: Hex) =>
      createWalletClient({
        account: privateKeyToAccount(privateKey),
        chain,
        transport,
        pollingInterval: 50,
      }),
  };
}

/** Asserts that `promise` rejects with the custom Solidity error `errorName` (and its args). */
export async function expectRevert(
  promise: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const revert = (caught as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  expect(revert, `expected a contract revert, got: ${String(caught)}`).toBeInstanceOf(
    ContractFunctionRevertedError,
  );
  const data = (revert as ContractFunctionRevertedError).data;
  expect(data?.errorName).toBe(errorName);
  if (args) expect(data?.args).toEqual(args);
}

/**
 * Runs one property sequence: each operation in turn, then the invariants. A failure names the
 * step (its index and the operation, bigints written `1n`) and keeps the original as its cause.
 */
export async function runSteps<Op>(
  ops: readonly Op[],
  step: (op: Op) => Promise<void>,
  checkInvariants: () => Promise<void>,
): Promise<void> {
  for (const [i, o] of ops.entries()) {
    try {
      await step(o);
      await checkInvariants();
    } catch (err) {
      throw new Error(
        `step ${i} ${JSON.stringify(o, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }
}

/**
 * `wallet`, a test contract with `execute(target, value, data)` (RefusingWallet, ReentrantActor),
 * makes `call`: it is msg.sender, and whoever sends the transaction controls it.
 */
export const through = (wallet: Address, walletAbi: Abi, call: Call): Call => ({
  address: wallet,
  abi: walletAbi,
  functionName: 'execute',
  args: [
    call.address,
    call.value ?? 0n,
    encodeFunctionData({
      abi: call.abi,
      functionName: call.functionName,
      args: call.args ?? [],
    } as never),
  ],
});

/**
 * The chain state every property sequence starts from: saved once after the set-up, restored
 * before each sequence (anvil consumes a snapshot when it reverts to it, so it is taken again).
 */
export function startingState(f: Pick<Fixture, 'snapshot' | 'revert'>) {
  let id: Hex | undefined;
  return {
    save: async () => {
      id = await f.snapshot();
    },
    restore: async () => {
      await f.revert(id!);
      id = await f.snapshot();
    },
  };
}

/** The outcomes (`function:result`) the model knows that no sequence produced. */
export const missingOutcomes = (seen: ReadonlyMap<string, number>, known: readonly string[]) =>
  known.filter((key) => !seen.has(key));

/** The outcomes sequences produced that the model's list does not name. */
export const unknownOutcomes = (seen: ReadonlyMap<string, number>, known: readonly string[]) =>
  [...seen.keys()].filter((key) => !known.includes(key));
