// Model-based property test of both launchpads: each run draws a random configuration (supply,
// per-transaction, per-wallet and per-coin caps, prices, swap ratio), then a random sequence of
// mints (721 and 1155, with AIA, the stable coin or a coin that is not accepted; exact, short
// or excess payment), swaps (721 and 1155 sources) and transfers. A TypeScript model predicts
// every outcome (success or the exact custom error). After every step:
//   - supply never passes collectionSize; no wallet passes maxUserSize; no coin passes its cap;
//   - a successful transaction never mints more than maxBatchSize;
//   - the bank received exactly price x count; the launchpads hold no coin;
//   - swaps follow the ratio exactly (received = selected / fromAmount x toAmount) and the
//     source NFTs are at the bank;
//   - numberMinted / amountMinted / getState / balances equal the model.
// The first run is EVERY_OUTCOME (below), which produces every outcome the model knows, so the
// coverage check at the end holds whatever the seed. Seeds: tools/testing/fast-check-seed.ts
// (fixed in `npm test`; FC_SEED=random in test:deep; FC_SEED / FC_PATH replay a failure).
// NUM_RUNS (default 1000) sets the number of sequences.
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
} from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { zeroAddress } from 'viem';
import type { Address } from 'viem';
import { describe, expect } from 'vitest';
import { CONTRACT_KIND } from '../ts/index.js';
import { alice, bank, bob, carol, owner, useFixture } from './fixture.js';
import { modelPropertyTests, outcomeAttempts, runSteps, startingState } from './helpers.js';
import type { Actor, Call } from './fixture.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 1000);
const users: Actor[] = [alice, bob, carol];
const SOURCE_721_PER_USER = 6;

const source721: bigint[][] = [];
let coins: Address[] = [];

const f = useFixture(
  [],
  async () => {
    coins = [zeroAddress, f.c.usdt, f.c.coin18];
    for (const u of users) {
      source721.push(await f.mint721(u, SOURCE_721_PER_USER));
      await f.mint1155(u, 1n, 6n);
      await f.mint1155(u, 2n, 6n);
    }
    await start.save();
  },
  { isolate: false, timeout: 120_000 },
);
const start = startingState(f);

const configArb = fc.record({
  collectionSize: fc.integer({ min: 1, max: 25 }),
  maxBatchSize: fc.integer({ min: 1, max: 6 }),
  maxUserSize: fc.integer({ min: 1, max: 12 }),
  nativeMax: fc.integer({ min: 0, max: 15 }),
  stableMax: fc.integer({ min: 0, max: 15 }),
  nativePrice: fc.bigInt({ min: 0n, max: 10n ** 17n }),
  stablePrice: fc.bigInt({ min: 0n, max: 10n ** 7n }),
  fromAmount: fc.integer({ min: 1, max: 3 }),
  toAmount: fc.integer({ min: 1, max: 3 }),
});
type Config = typeof configArb extends fc.Arbitrary<infer T> ? T : never;

const userIdx = fc.integer({ min: 0, max: 2 });
const lp = fc.constantFrom(721 as const, 1155 as const);
const op = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('mint' as const),
      lp,
      user: userIdx,
      coin: fc.constantFrom(0, 0, 1, 1, 2),
      count: fc.integer({ min: 0, max: 8 }),
      pay: fc.constantFrom(0, 0, 0, 0, -1, 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('swap' as const),
      lp,
      user: userIdx,
      // 721 source: how many held source tokens; 1155 source: amounts of ids 1 and 2
      k: fc.integer({ min: 0, max: 7 }),
      a1: fc.integer({ min: 0, max: 5 }),
      a2: fc.integer({ min: 0, max: 4 }),
      wrongSource: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('transfer' as const), from: userIdx, to: userIdx }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface Sale {
  supply: number;
  minted: number[]; // per user
  coinMinted: number[]; // per coin index (0 native, 1 stable)
  balance: number[]; // launchpad tokens held per user
}
interface Model {
  cfg: Config;
  sales: Record<721 | 1155, Sale>;
  sources721: bigint[][]; // source 721 tokens still held per user
  sources1155: number[][]; // [user][id 1, id 2]
  bankSource721: number;
  bankSource1155: number[];
  lp721Tokens: bigint[][]; // launchpad 721 token ids held per user
  bankNative: bigint;
  bankStable: bigint;
  nextLp721: bigint;
}

const lpCall = (
  kind: 721 | 1155,
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
): Call =>
  kind === 721
    ? { address: f.c.lp721, abi: launchpad721Abi, functionName, args, value }
    : { address: f.c.lp1155, abi: launchpad1155Abi, functionName, args: [0n, ...args], value };

const { outcomes, attempt } = outcomeAttempts(f);

/** The error the supply and wallet checks give for `count` (shared by mint and swap). */
function supplyAndWalletError(model: Model, sale: Sale, user: number, count: number) {
  const remaining = model.cfg.collectionSize - sale.supply;
  if (remaining === 0) return 'SoldOut';
  if (count > remaining) return 'InsufficientSupply';
  if (sale.minted[user]! + count > model.cfg.maxUserSize) return 'WalletLimitExceeded';
  return undefined;
}

function record(model: Model, kind: 721 | 1155, user: number, count: number) {
  const sale = model.sales[kind];
  sale.supply += count;
  sale.minted[user]! += count;
  sale.balance[user]! += count;
  if (kind === 721) {
    for (let i = 0; i < count; i++) model.lp721Tokens[user]!.push(model.nextLp721++);
  }
}

async function step(model: Model, o: Op) {
  const { cfg } = model;
  const user = users['user' in o ? o.user : o.from]!;
  if (o.kind === 'mint') {
    const sale = model.sales[o.lp];
    const price = o.coin === 0 ? cfg.nativePrice : o.coin === 1 ? cfg.stablePrice : 0n;
    const cost = price * BigInt(o.count);
    const value = o.coin === 0 ? cost + BigInt(o.pay) : 0n;
    if (value < 0n) return;
    const coinMax = o.coin === 0 ? cfg.nativeMax : cfg.stableMax;
    const error =
      o.count === 0
        ? 'ZeroQuantity'
        : o.count > cfg.maxBatchSize
          ? 'TransactionLimitExceeded'
          : (supplyAndWalletError(model, sale, o.user, o.count) ??
            (o.coin === 2
              ? 'CoinNotAccepted'
              : sale.coinMinted[o.coin]! + o.count > coinMax
                ? 'CoinLimitExceeded'
                : o.coin === 0 && value < cost
                  ? 'InsufficientBalance'
                  : o.coin === 0 && value > cost
                    ? 'IncorrectPayment'
                    : undefined));
    const receipt = await attempt(
      user,
      lpCall(o.lp, 'mint', [coins[o.coin]!, BigInt(o.count)], value),
      error,
    );
    if (!receipt) return;
    const abi = o.lp === 721 ? launchpad721Abi : launchpad1155Abi;
    const [minted] = f.events<{ count: bigint; cost: bigint }>(receipt, abi, 'Minted');
    // a transaction never mints more than maxBatchSize, and costs price x count
    expect(Number(minted!.count)).toBeLessThanOrEqual(cfg.maxBatchSize);
    expect(minted!.cost).toBe(cost);
    sale.coinMinted[o.coin]! += o.count;
    if (o.coin === 0) model.bankNative += cost;
    else model.bankStable += cost;
    record(model, o.lp, o.user, o.count);
    return;
  }
  if (o.kind === 'swap') {
    const sale = model.sales[o.lp];
    // The sale's swap source is the game collection of `sourceKind` (set per run below).
    // mostly the sale's own source (the 721 sale swaps GameItems721, the 1155 sale GameItems1155)
    const is721 = (o.lp === 721) !== o.wrongSource;
    const sourceType = is721 ? CONTRACT_KIND.erc721 : CONTRACT_KIND.erc1155;
    const source = is721 ? f.c.game721 : f.c.game1155;
    const ids = is721 ? model.sources721[o.user]!.slice(0, o.k) : [1n, 2n];
    const amounts = is721 ? ids.map(() => 1n) : [BigInt(o.a1), BigInt(o.a2)];
    const total = Number(amounts.reduce((a, b) => a + b, 0n));
    const held = model.sources1155[o.user]!;
    const received = Math.floor(total / cfg.fromAmount) * cfg.toAmount;
    const expectedSource = sourceOf(o.lp);
    const error =
      source !== expectedSource
        ? 'WrongSwapSource'
        : total === 0
          ? 'NothingSelected'
          : total % cfg.fromAmount !== 0
            ? 'SwapRatioMismatch'
            : received > cfg.maxBatchSize
              ? 'SwapLimitExceeded'
              : (supplyAndWalletError(model, sale, o.user, received) ??
                (!is721 && (o.a1 > held[0]! || o.a2 > held[1]!)
                  ? 'ERC1155InsufficientBalance'
                  : undefined));
    const receipt = await attempt(
      user,
      lpCall(o.lp, 'swap', [sourceType, source, ids, amounts]),
      error,
    );
    if (!receipt) return;
    const abi = o.lp === 721 ? launchpad721Abi : launchpad1155Abi;
    const [swapped] = f.events<{ received: bigint }>(receipt, abi, 'Swapped');
    // the ratio holds exactly
    expect(Number(swapped!.received) * cfg.fromAmount).toBe(total * cfg.toAmount);
    if (is721) {
      model.sources721[o.user] = model.sources721[o.user]!.slice(o.k);
      model.bankSource721 += ids.length;
    } else {
      held[0]! -= o.a1;
      held[1]! -= o.a2;
      model.bankSource1155[0]! += o.a1;
      model.bankSource1155[1]! += o.a2;
    }
    record(model, o.lp, o.user, received);
    return;
  }
  // transfer one launchpad 721 token: holdings move, minted counts do not
  const token = model.lp721Tokens[o.from]![0];
  if (token === undefined || o.from === o.to) return;
  await f.write(users[o.from]!, {
    address: f.c.lp721,
    abi: launchpad721Abi,
    functionName: 'transferFrom',
    args: [users[o.from]!.address, users[o.to]!.address, token],
  });
  model.lp721Tokens[o.from]!.shift();
  model.lp721Tokens[o.to]!.push(token);
  model.sales[721].balance[o.from]! -= 1;
  model.sales[721].balance[o.to]! += 1;
}

/** The 721 sale swaps from GameItems721, the 1155 sale from GameItems1155. */
const sourceOf = (kind: 721 | 1155) => (kind === 721 ? f.c.game721 : f.c.game1155);

async function configure(cfg: Config) {
  const { timestamp } = await f.publicClient.getBlock();
  const common = { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: bank.address };
  const baseCfg = {
    collectionSize: cfg.collectionSize,
    maxBatchSize: cfg.maxBatchSize,
    maxUserSize: cfg.maxUserSize,
    totalSupply: 0,
    startAt: timestamp - 10n,
    endAt: timestamp + 10_000_000n,
  };
  const coinList = [
    { coinAddr: zeroAddress, coinAmount: cfg.nativePrice, coinMaxAmount: BigInt(cfg.nativeMax) },
    { coinAddr: f.c.usdt, coinAmount: cfg.stablePrice, coinMaxAmount: BigInt(cfg.stableMax) },
  ];
  for (const kind of [721, 1155] as const) {
    const swapCfg = { fromNft: sourceOf(kind), fromAmount: cfg.fromAmount, toAmount: cfg.toAmount };
    await f.write(owner, lpCall(kind, 'configure', [common, baseCfg, swapCfg, coinList]));
  }
}

async function checkInvariants(model: Model) {
  const { cfg } = model;
  const reads = await Promise.all([
    f.read<[number, bigint, bigint]>(lpCall(721, 'getState', [])),
    f.read<[number, bigint, bigint]>(lpCall(1155, 'getState', [])),
    Promise.all(
      users.map((u) => f.read<[bigint, bigint]>(lpCall(721, 'numberMinted', [u.address]))),
    ),
    Promise.all(
      users.map((u) =>
        f.read<[bigint, bigint]>({ ...lpCall(1155, 'numberMinted', []), args: [0n, u.address] }),
      ),
    ),
    Promise.all(coins.slice(0, 2).map((c) => f.read<bigint>(lpCall(721, 'amountMinted', [c])))),
    Promise.all(coins.slice(0, 2).map((c) => f.read<bigint>(lpCall(1155, 'amountMinted', [c])))),
    Promise.all(users.map((u) => f.read<bigint>(lpCall(721, 'balanceOf', [u.address])))),
    Promise.all(
      users.map((u) => f.read<bigint>({ ...lpCall(1155, 'balanceOf', []), args: [u.address, 0n] })),
    ),
    Promise.all(
      [f.c.lp721, f.c.lp1155].flatMap((a) => [f.balance(zeroAddress, a), f.balance(f.c.usdt, a)]),
    ),
    Promise.all([f.nativeBalance(bank.address), f.balance(f.c.usdt, bank.address)]),
    f.read<bigint>({
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'balanceOf',
      args: [bank.address],
    }),
    Promise.all(
      [1n, 2n].map((id) =>
        f.read<bigint>({
          address: f.c.game1155,
          abi: gameItems1155Abi,
          functionName: 'balanceOf',
          args: [bank.address, id],
        }),
      ),
    ),
  ]);
  const [
    state721,
    state1155,
    minted721,
    minted1155,
    coin721,
    coin1155,
    bal721,
    bal1155,
    lpCoins,
    bankCoins,
    bank721,
    bank1155,
  ] = reads;
  for (const [kind, state, minted, coinMinted, bal] of [
    [721, state721, minted721, coin721, bal721],
    [1155, state1155, minted1155, coin1155, bal1155],
  ] as const) {
    const sale = model.sales[kind];
    // supply: model value and never above collectionSize
    expect(Number(state[1])).toBe(sale.supply);
    expect(sale.supply).toBeLessThanOrEqual(cfg.collectionSize);
    // per wallet: model value, never above maxUserSize, remaining = max - minted
    minted.forEach(([m, remaining], i) => {
      expect(Number(m)).toBe(sale.minted[i]);
      expect(Number(m)).toBeLessThanOrEqual(cfg.maxUserSize);
      expect(Number(remaining)).toBe(cfg.maxUserSize - Number(m));
    });
    // per coin
    expect(coinMinted.map(Number)).toEqual(sale.coinMinted);
    expect(Number(coinMinted[0])).toBeLessThanOrEqual(cfg.nativeMax);
    expect(Number(coinMinted[1])).toBeLessThanOrEqual(cfg.stableMax);
    expect(bal.map(Number)).toEqual(sale.balance);
  }
  // the launchpads hold no coin; the bank got exactly what was paid
  expect(lpCoins).toEqual([0n, 0n, 0n, 0n]);
  expect(bankCoins).toEqual([model.bankNative, model.bankStable]);
  // swapped source NFTs are at the bank
  expect(Number(bank721)).toBe(model.bankSource721);
  expect(bank1155.map(Number)).toEqual(model.bankSource1155);
}

async function runSequence(cfg: Config, ops: Op[]) {
  await start.restore();
  await configure(cfg);
  const [bankNative, bankStable] = await Promise.all([
    f.nativeBalance(bank.address),
    f.balance(f.c.usdt, bank.address),
  ]);
  const sale = (): Sale => ({
    supply: 0,
    minted: [0, 0, 0],
    coinMinted: [0, 0],
    balance: [0, 0, 0],
  });
  const model: Model = {
    cfg,
    sales: { 721: sale(), 1155: sale() },
    sources721: source721.map((ids) => [...ids]),
    sources1155: users.map(() => [6, 6]),
    bankSource721: 0,
    bankSource1155: [0, 0],
    lp721Tokens: users.map(() => []),
    bankNative,
    bankStable,
    nextLp721: 1n,
  };
  await runSteps(ops, model, step, checkInvariants);
}

// The first run: every success and every refusal the model knows, in an order that makes each
// certain. Both sales: 6 in all, 3 a transaction, 4 a wallet; AIA 10 each (5 at most), the
// stable coin 5 each (1 at most); swaps 2 source items for 1. Everyone starts with 6 source
// 721s and 6 of each source 1155 id.
const EVERY_OUTCOME_CONFIG: Config = {
  collectionSize: 6,
  maxBatchSize: 3,
  maxUserSize: 4,
  nativeMax: 5,
  stableMax: 1,
  nativePrice: 10n,
  stablePrice: 5n,
  fromAmount: 2,
  toAmount: 1,
};
const mint = (user: number, coin: 0 | 1 | 2, count: number, pay: -1 | 0 | 1 = 0): Op => ({
  kind: 'mint',
  lp: 721,
  user,
  coin,
  count,
  pay,
});
const swap = (
  lp: 721 | 1155,
  user: number,
  a1: number,
  a2: number,
  k = 0,
  wrongSource = false,
): Op => ({
  kind: 'swap',
  lp,
  user,
  k,
  a1,
  a2,
  wrongSource,
});
const EVERY_OUTCOME: Op[] = [
  // the 721 sale, by mints
  mint(0, 0, 0), // ZeroQuantity
  mint(0, 0, 4), // TransactionLimitExceeded
  mint(0, 2, 1), // CoinNotAccepted
  mint(0, 0, 1, -1), // InsufficientBalance
  mint(0, 0, 1, 1), // IncorrectPayment
  mint(0, 1, 1), // ok (stable coin cap reached), supply 1
  swap(721, 2, 0, 0, 2), // ok: 2 source 721s for 1, supply 2
  mint(1, 1, 1), // CoinLimitExceeded
  mint(0, 0, 3), // ok: user 0 at the wallet cap, supply 5
  mint(0, 0, 1), // WalletLimitExceeded
  mint(1, 0, 3), // InsufficientSupply
  mint(1, 0, 1), // ok: supply 6
  mint(1, 0, 1), // SoldOut
  { kind: 'transfer', from: 0, to: 1 },
  // the 1155 sale, by swaps of GameItems1155 ids 1 and 2
  swap(1155, 0, 0, 0, 0, true), // WrongSwapSource
  swap(1155, 0, 0, 0), // NothingSelected
  swap(1155, 0, 1, 0), // SwapRatioMismatch
  swap(1155, 0, 4, 4), // SwapLimitExceeded (4 > 3)
  swap(1155, 0, 4, 0), // ok: supply 2, user 0 keeps 2 of id 1
  swap(1155, 0, 4, 0), // ERC1155InsufficientBalance
  swap(1155, 0, 2, 2), // ok: user 0 at the wallet cap, supply 4
  swap(1155, 0, 0, 2), // WalletLimitExceeded
  swap(1155, 1, 4, 2), // InsufficientSupply (3 > 2 left)
  swap(1155, 1, 2, 2), // ok: supply 6
  swap(1155, 1, 2, 0), // SoldOut
];

/** Every outcome the model can predict; EVERY_OUTCOME produces each of them. */
const OUTCOMES = [
  'mint:ok',
  'mint:ZeroQuantity',
  'mint:TransactionLimitExceeded',
  'mint:SoldOut',
  'mint:InsufficientSupply',
  'mint:WalletLimitExceeded',
  'mint:CoinNotAccepted',
  'mint:CoinLimitExceeded',
  'mint:InsufficientBalance',
  'mint:IncorrectPayment',
  'swap:ok',
  'swap:WrongSwapSource',
  'swap:NothingSelected',
  'swap:SwapRatioMismatch',
  'swap:SwapLimitExceeded',
  'swap:SoldOut',
  'swap:InsufficientSupply',
  'swap:WalletLimitExceeded',
  'swap:ERC1155InsufficientBalance',
];

describe('Launchpad properties', () => {
  modelPropertyTests(
    'launchpad',
    { seen: outcomes, known: OUTCOMES },
    ([cfg, ops]: [Config, Op[]]) => runSequence(cfg, ops),
    [EVERY_OUTCOME_CONFIG, EVERY_OUTCOME],
    {
      title: `random configurations and sequences respect every cap (${NUM_RUNS} runs)`,
      inputs: fc.tuple(configArb, fc.array(op, { minLength: 2, maxLength: 8 })),
      numRuns: NUM_RUNS,
    },
  );
});
