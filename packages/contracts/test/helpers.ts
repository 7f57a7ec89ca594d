import { chainFor } from '@aiamarket/shared';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  concat,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  keccak256,
} from 'viem';
import type { Abi, Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { startAnvil } from '../ts/index.js';
import type { AnvilInstance } from '../ts/index.js';
import type { Actor, Call, Fixture } from './fixture.js';

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
 * Runs one property sequence on `model`: each operation in turn, then the invariants. A failure
 * names the step (its index and the operation, bigints written `1n`) and keeps the original as
 * its cause.
 */
export async function runSteps<Model, Op>(
  ops: readonly Op[],
  model: Model,
  step: (model: Model, op: Op) => Promise<void>,
  checkInvariants: (model: Model) => Promise<void>,
): Promise<void> {
  for (const [i, o] of ops.entries()) {
    try {
      await step(model, o);
      await checkInvariants(model);
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
const missingOutcomes = (seen: ReadonlyMap<string, number>, known: readonly string[]) =>
  known.filter((key) => !seen.has(key));

/** The outcomes sequences produced that the model's list does not name. */
const unknownOutcomes = (seen: ReadonlyMap<string, number>, known: readonly string[]) =>
  [...seen.keys()].filter((key) => !known.includes(key));

/**
 * A model-based property suite's two tests, on the outcomes (`function:result`) its steps count
 * in `seen`. `run` starts one sequence from the saved state. The fixed input `everyOutcome` must
 * produce every outcome in `known` and nothing the list does not name; the random inputs must
 * keep the model's invariants. `everyOutcome` is also the random test's first example, so every
 * outcome occurs whatever the seed and the number of runs; the outcome counts are printed.
 */
export function modelPropertyTests<Input>(
  label: string,
  outcomes: { seen: Map<string, number>; known: readonly string[] },
  run: (input: Input) => Promise<void>,
  everyOutcome: Input,
  random: { title: string; inputs: fc.Arbitrary<Input>; numRuns: number },
): void {
  const { seen, known } = outcomes;
  it('the fixed sequence produces every outcome the model knows', async () => {
    seen.clear();
    await run(everyOutcome);
    expect(missingOutcomes(seen, known)).toEqual([]);
    expect(unknownOutcomes(seen, known)).toEqual([]);
  }, 600_000);

  it(
    random.title,
    async () => {
      seen.clear();
      await fc.assert(fc.asyncProperty(random.inputs, run), {
        numRuns: random.numRuns,
        examples: [[everyOutcome]],
      });
      console.log(`${label} property outcomes`, Object.fromEntries([...seen].sort()));
      expect(missingOutcomes(seen, known)).toEqual([]);
    },
    1_800_000,
  );
}

/**
 * startAnvil for one test file: every node it starts is stopped after the file's tests (a test
 * that starts its own chains need not stop them on failure).
 */
export function anvilsOfThisFile() {
  const running: AnvilInstance[] = [];
  afterAll(async () => {
    await Promise.all(running.map((node) => node.stop()));
  });
  return async (opts: Parameters<typeof startAnvil>[0] = {}) => {
    const node = await startAnvil(opts);
    running.push(node);
    return node;
  };
}

/**
 * The EIP-712 struct encoding of `message` (`typeHash`, then its `fields` in order, one word
 * each) and copies of it with one word changed: words no EIP-712 encoder produces, which a
 * signer can still sign (tests of a contract's own check of its calldata).
 */
export function structWords<Message extends object>(
  typeHash: Hex,
  fields: readonly { name: keyof Message; type: string }[],
  message: Message,
) {
  const clean = encodeAbiParameters(
    [{ type: 'bytes32' }, ...fields.map((t) => ({ type: t.type }))],
    [typeHash, ...fields.map((t) => message[t.name])] as never,
  );
  /** Field `i`'s word of `encoded` (64 hex digits). */
  const word = (encoded: Hex, i: number) => encoded.slice(2 + 64 * (i + 1), 2 + 64 * (i + 2));
  /** The clean encoding with field `i`'s word replaced by `value`. */
  const patch = (i: number, value: string): Hex =>
    `0x${clean.slice(2, 2 + 64 * (i + 1))}${value}${clean.slice(2 + 64 * (i + 2))}` as Hex;
  /** Field `i` (an address) with bits set above its 20 bytes. */
  const high = (i: number) => patch(i, `ff${word(clean, i).slice(2)}`);
  /** Field `i` holding the number `n`. */
  const number = (i: number, n: bigint) => patch(i, n.toString(16).padStart(64, '0'));
  return { clean, word, patch, high, number };
}

/** `signer`'s EIP-712 signature of an encoded struct (structWords) under `domainSeparator`. */
export const signEncodedStruct = (
  signer: { privateKey: Hex },
  domainSeparator: Hex,
  encoded: Hex,
) =>
  privateKeyToAccount(signer.privateKey).sign({
    hash: keccak256(concat(['0x1901', domainSeparator, keccak256(encoded)])),
  });

/**
 * A model-based suite's calls: `attempt` counts the call's outcome (`function:result`) in
 * `outcomes`, then expects success when `error` is undefined (returning the receipt), else exactly
 * that custom error. DEBUG_PROPS prints the call a refusal did not match.
 */
export function outcomeAttempts(f: Pick<Fixture, 'expectRevert' | 'write'>) {
  const outcomes = new Map<string, number>();
  async function attempt(actor: Actor, call: Call, error: string | undefined) {
    const key = `${call.functionName}:${error ?? 'ok'}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if (error) {
      try {
        await f.expectRevert(actor, call, error);
      } catch (err) {
        if (process.env.DEBUG_PROPS)
          console.log('MISMATCH', actor.name, call.functionName, call.args, call.value, error);
        throw err;
      }
      return undefined;
    }
    return f.write(actor, call);
  }
  return { outcomes, attempt };
}
