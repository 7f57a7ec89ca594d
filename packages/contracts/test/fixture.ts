// A full deployment on a gas-free anvil (base fee 0, so native balances change only by what
// the contracts move) plus test coins, with small typed-enough helpers to send, read and expect
// reverts. Each test file starts one fixture and snapshots/reverts around its tests.
import type { Deployment } from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
  marketplaceAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  http,
  zeroAddress,
} from 'viem';
import type { Abi, Address, Hex, Log, TransactionReceipt } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { chainFor } from '@aiamarket/shared';
import {
  oddErc20Abi,
  oddErc20Bytecode,
  testErc20Abi,
  testErc20Bytecode,
} from '../out/testing-abis.js';
import { ANVIL_MNEMONIC, deployContracts, startAnvil } from '../ts/index.js';
import type { AnvilInstance } from '../ts/index.js';
import { tokenCall } from './token-calls.js';

export interface Actor {
  name: string;
  address: Address;
  privateKey: Hex;
}

/** anvil's 10 funded accounts, named by role in the tests. */
export const ACTORS: Actor[] = [
  'owner',
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'bank',
  'fee',
  'royalty',
].map((name, addressIndex) => {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
  const key = account.getHdKey().privateKey!;
  return {
    name,
    address: account.address,
    privateKey: `0x${Buffer.from(key).toString('hex')}` as Hex,
  };
});
export const [owner, alice, bob, carol, dave, erin, frank, bank, feeAccount, royaltyAccount] =
  ACTORS as [Actor, Actor, Actor, Actor, Actor, Actor, Actor, Actor, Actor, Actor];

/** Every ABI the tests decode errors and events with. */
const ALL_ABIS: Abi[] = [
  marketplaceAbi,
  launchpad721Abi,
  launchpad1155Abi,
  gameItems721Abi,
  gameItems1155Abi,
  stableCoinAbi,
];

export const GAS = 8_000_000n;

export interface Call {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
}

export type Fixture = Awaited<ReturnType<typeof startFixture>>;

export async function startFixture(extraAbis: Abi[] = []) {
  const anvil: AnvilInstance = await startAnvil({
    extraArgs: ['--base-fee', '0', '--gas-price', '0'],
  });
  const chain = chainFor(anvil.chainId, anvil.rpcUrl);
  const transport = http(anvil.rpcUrl, { batch: { wait: 0 } });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const wallets = new Map<Address, ReturnType<typeof makeWallet>>();
  function makeWallet(privateKey: Hex) {
    return createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport });
  }
  const wallet = (actor: Actor) => {
    let w = wallets.get(actor.address);
    if (!w) wallets.set(actor.address, (w = makeWallet(actor.privateKey)));
    return w;
  };
  const abis = [...ALL_ABIS, ...extraAbis];

  const deployment: Deployment = await deployContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: owner.privateKey,
    chainId: anvil.chainId,
  });
  const at = (name: string) => deployment.contracts[name]!.address as Address;

  /**
   * The receipt of a sent transaction (anvil mines right away, but may answer the hash first).
   * Bounded by time, not by tries: on a busy machine anvil can take far longer than usual.
   */
  async function receiptOf(hash: Hex): Promise<TransactionReceipt> {
    const deadline = Date.now() + 30_000;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      try {
        return await publicClient.getTransactionReceipt({ hash });
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Sends calldata as it is (fixed gas, gas price 0); returns the receipt, reverted or not. */
  async function sendData(
    from: Actor,
    to: Address,
    data: Hex,
    value = 0n,
  ): Promise<TransactionReceipt> {
    const hash = await wallet(from).sendTransaction({
      to,
      data,
      value,
      gas: GAS,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    return receiptOf(hash);
  }

  /** Sends a transaction (fixed gas, gas price 0) and returns its receipt, reverted or not. */
  async function send(from: Actor, call: Call): Promise<TransactionReceipt> {
    const data = encodeFunctionData({
      abi: call.abi,
      functionName: call.functionName,
      args: call.args ?? [],
    } as never);
    return sendData(from, call.address, data, call.value ?? 0n);
  }

  /** Sends and expects success; returns the receipt. Failing sends are simulated for the reason. */
  async function write(from: Actor, call: Call): Promise<TransactionReceipt> {
    const receipt = await send(from, call);
    if (receipt.status !== 'success') {
      let reason = 'unknown';
      try {
        await simulate(from, call);
      } catch (err) {
        reason = errorName(err) ?? String(err);
      }
      throw new Error(`${call.functionName} by ${from.name} reverted: ${reason}`);
    }
    return receipt;
  }

  function simulate(from: Actor | Address, call: Call) {
    return publicClient.call({
      account: typeof from === 'string' ? from : from.address,
      to: call.address,
      data: encodeFunctionData({
        abi: call.abi,
        functionName: call.functionName,
        args: call.args ?? [],
      } as never),
      value: call.value ?? 0n,
      gas: GAS,
    });
  }

  /** The decoded custom error name (and args) of a failed call, from any known ABI. */
  function decodeRevert(err: unknown): { errorName: string; args: readonly unknown[] } | undefined {
    if (!(err instanceof BaseError)) return undefined;
    const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError) as
      ContractFunctionRevertedError | undefined;
    if (reverted?.data)
      return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
    const raw = err.walk((e) => typeof (e as { data?: unknown }).data === 'string') as
      { data?: Hex } | undefined;
    const data = raw?.data;
    if (!data || data === '0x') return undefined;
    for (const abi of abis) {
      try {
        const decoded = decodeErrorResult({ abi, data });
        return { errorName: decoded.errorName, args: decoded.args ?? [] };
      } catch {
        // try the next ABI
      }
    }
    return { errorName: `raw:${data.slice(0, 10)}`, args: [] };
  }

  function errorName(err: unknown): string | undefined {
    return decodeRevert(err)?.errorName;
  }

  /** Expects the call from `from` to revert with `name` (and `args` when given); mines nothing. */
  async function expectRevert(
    from: Actor | Address,
    call: Call,
    name: string,
    args?: readonly unknown[],
  ): Promise<void> {
    let caught: unknown;
    try {
      await simulate(from, call);
    } catch (err) {
      caught = err;
    }
    expect(caught, `${call.functionName} should revert with ${name}`).toBeDefined();
    const decoded = decodeRevert(caught);
    expect(decoded?.errorName, String(caught)).toBe(name);
    if (args) expect(decoded?.args).toEqual(args);
  }

  function read<T = unknown>(call: Omit<Call, 'value'>): Promise<T> {
    return publicClient.readContract({
      address: call.address,
      abi: call.abi,
      functionName: call.functionName,
      args: call.args ?? [],
    } as never) as Promise<T>;
  }

  /** Decoded events of `eventName` in a receipt (from the given contract when `address`). */
  function events<T = Record<string, unknown>>(
    receipt: TransactionReceipt,
    abi: Abi,
    eventName: string,
    address?: Address,
  ): T[] {
    const out: T[] = [];
    for (const log of receipt.logs as Log[]) {
      if (address && log.address.toLowerCase() !== address.toLowerCase()) continue;
      try {
        const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
        if (decoded.eventName === eventName) out.push(decoded.args as T);
      } catch {
        // another contract's event
      }
    }
    return out;
  }

  async function deploy(from: Actor, abi: Abi, bytecode: Hex, args: readonly unknown[] = []) {
    const hash = await wallet(from).deployContract({
      abi,
      bytecode,
      args,
      gas: 15_000_000n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    } as never);
    const receipt = await receiptOf(hash);
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deploy failed');
    return getAddress(receipt.contractAddress);
  }

  const nativeBalance = (address: Address) => publicClient.getBalance({ address });

  const c = {
    market: at('Marketplace'),
    marketImpl: at('MarketplaceImplementation'),
    usdt: at('StableCoin'),
    game721: at('GameItems721'),
    game1155: at('GameItems1155'),
    lp721: at('Launchpad721'),
    lp1155: at('Launchpad1155'),
    /** An 18-decimal ERC-20, allowed on the market. */
    coin18: zeroAddress as Address,
  };
  c.coin18 = await deploy(owner, testErc20Abi, testErc20Bytecode, ['Test Gold', 'GOLD', 18]);

  // Roles of the tests: fee to its own account, 2981 royalty of the game collections to
  // `royalty`, the coin with 18 decimals allowed, users funded with coins.
  await write(owner, {
    address: c.market,
    abi: marketplaceAbi,
    functionName: 'setFeeAddress',
    args: [feeAccount.address],
  });
  await write(owner, {
    address: c.market,
    abi: marketplaceAbi,
    functionName: 'setCoinAllowed',
    args: [c.coin18, true],
  });
  for (const nft of [c.game721, c.game1155]) {
    await write(owner, {
      address: nft,
      abi: gameItems721Abi,
      functionName: 'setDefaultRoyalty',
      args: [royaltyAccount.address, 500n],
    });
  }
  for (const user of [alice, bob, carol, dave, erin, frank]) {
    await write(owner, tokenCall.mint(c.usdt, user.address, 1_000_000_000_000n));
    await write(user, tokenCall.mint(c.coin18, user.address, 10n ** 30n));
    for (const coin of [c.usdt, c.coin18]) {
      for (const spender of [c.market, c.lp721, c.lp1155]) {
        await write(user, tokenCall.approve(coin, spender));
      }
    }
    for (const nft of [c.game721, c.game1155, c.lp721, c.lp1155]) {
      for (const operator of [c.market, c.lp721, c.lp1155]) {
        await write(user, tokenCall.approveAll(nft, operator));
      }
    }
  }

  const erc20Balance = (coin: Address, account: Address) =>
    read<bigint>({ address: coin, abi: stableCoinAbi, functionName: 'balanceOf', args: [account] });
  /** Balance in `coin` (zero address = native AIA). */
  const balance = (coin: Address, account: Address) =>
    coin === zeroAddress ? nativeBalance(account) : erc20Balance(coin, account);

  async function snapshot() {
    return testClient.snapshot();
  }
  async function revert(id: Hex) {
    await testClient.revert({ id });
  }

  /** Owner mints `count` GameItems721 to `to`; returns the new ids. */
  async function mint721(to: Actor | Address, count = 1): Promise<bigint[]> {
    const address = typeof to === 'string' ? to : to.address;
    const receipt = await write(owner, {
      address: c.game721,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [address, BigInt(count)],
    });
    return events<{ tokenId: bigint }>(receipt, gameItems721Abi, 'Transfer', c.game721).map(
      (e) => e.tokenId,
    );
  }

  async function mint1155(to: Actor | Address, id: bigint, amount: bigint) {
    const address = typeof to === 'string' ? to : to.address;
    await write(owner, {
      address: c.game1155,
      abi: gameItems1155Abi,
      functionName: 'mint',
      args: [address, id, amount],
    });
  }

  return {
    anvil,
    chain,
    publicClient,
    testClient,
    deployment,
    c,
    /** The market's call shorthands. */
    mk: m(c.market),
    send,
    sendData,
    write,
    simulate,
    expectRevert,
    decodeRevert,
    errorName,
    read,
    events,
    deploy,
    balance,
    nativeBalance,
    snapshot,
    revert,
    mint721,
    mint1155,
    wallet,
    oddErc20: { abi: oddErc20Abi, bytecode: oddErc20Bytecode },
    stop: () => anvil.stop(),
  };
}

/**
 * Every test of the file starts from the same chain state (a snapshot before it, reverted after
 * it), and the file's anvil stops after its last test. `fixture` reads the file's fixture.
 */
export function isolateTests(fixture: () => Fixture | undefined): void {
  let snap: Hex;
  afterAll(async () => {
    await fixture()?.stop();
  });
  beforeEach(async () => {
    snap = await fixture()!.snapshot();
  });
  afterEach(async () => {
    await fixture()!.revert(snap);
  });
}

/**
 * The file's fixture, started before its first test with `extraAbis` and then `setup` (the
 * file's approvals and mints); with `isolate`, each test starts from the same chain state
 * (isolateTests), otherwise the anvil only stops after the last test (property tests keep their
 * own snapshot). The object is filled when the fixture starts, so tests may close over it.
 */
export function useFixture(
  extraAbis: Abi[] = [],
  setup: (f: Fixture) => Promise<void> = async () => {},
  { isolate = true, timeout = 180_000 } = {},
): Fixture {
  const f = {} as Fixture;
  const started = () => ('stop' in f ? f : undefined);
  beforeAll(async () => {
    Object.assign(f, await startFixture(extraAbis));
    await setup(f);
  }, timeout);
  if (isolate) isolateTests(started);
  else afterAll(() => started()?.stop());
  return f;
}

/** Market call shorthands. */
export const m = (market: Address) => ({
  list: (nft: Address, tokenId: bigint, amount: bigint, price: bigint, coin: Address): Call => ({
    address: market,
    abi: marketplaceAbi,
    functionName: 'createMarketItem',
    args: [nft, tokenId, amount, price, coin],
  }),
  buy: (itemId: bigint, amount: bigint, hash: Hex, value = 0n): Call => ({
    address: market,
    abi: marketplaceAbi,
    functionName: 'createMarketSale',
    args: [itemId, amount, hash],
    value,
  }),
  cancel: (itemId: bigint): Call => ({
    address: market,
    abi: marketplaceAbi,
    functionName: 'cancelMarketItem',
    args: [itemId],
  }),
  modify: (itemId: bigint, price: bigint): Call => ({
    address: market,
    abi: marketplaceAbi,
    functionName: 'modifyPrice',
    args: [itemId, price],
  }),
  call: (functionName: string, args: readonly unknown[] = [], value?: bigint): Call => ({
    address: market,
    abi: marketplaceAbi,
    functionName,
    args,
    value,
  }),
});

/** Launchpad call shorthands; `f.c` is read when a call is made, so files may make them early. */
export const launchpadCalls = (f: Pick<Fixture, 'c'>) => ({
  lp721: (functionName: string, args: readonly unknown[] = [], value?: bigint): Call => ({
    address: f.c.lp721,
    abi: launchpad721Abi,
    functionName,
    args,
    value,
  }),
  lp1155: (functionName: string, args: readonly unknown[] = [], value?: bigint): Call => ({
    address: f.c.lp1155,
    abi: launchpad1155Abi,
    functionName,
    args,
    value,
  }),
});

export interface MarketItem {
  nftContract: Address;
  contractType: number;
  status: number;
  tokenId: bigint;
  seller: Address;
  amount: bigint;
  coin: Address;
  leftAmount: bigint;
  price: bigint;
}
