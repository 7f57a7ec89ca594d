// Model-based property test of the marketplace: random sequences of list (721/1155), buy,
// partial buy, buy with a stale price, cancel, force cancel, modify, transfer and approval
// changes. A plain TypeScript model predicts every outcome (success, or the exact custom
// error); after every step the chain must agree with the model and the invariants must hold:
//   - the market holds no coin (native, 6- and 18-decimal ERC-20s) after any step;
//   - every sale pays seller + fee + royalty == price x amount exactly, and the buyer pays
//     exactly price x amount;
//   - leftAmount/status of every listing, and every holding, equal the model;
//   - a listing is valid (buyable) iff its seller holds the listed amount and approved.
// NUM_RUNS (default 1000) sets the number of sequences.
import {
  gameItems1155Abi,
  gameItems721Abi,
  marketplaceAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { zeroAddress } from 'viem';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS, priceHash } from '../ts/index.js';
import {
  alice,
  bob,
  carol,
  feeAccount,
  m,
  owner,
  royaltyAccount,
  startFixture,
} from './fixture.js';
import type { Actor, Call, Fixture, MarketItem } from './fixture.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 1000);
const users: Actor[] = [alice, bob, carol];
const ids1155 = [1n, 2n];
const FEE = { num: 25n, den: 1000n };
const ROYALTY_721 = 500n; // ERC-2981 of GameItems721, in 1/10 000
const ROYALTY_1155 = 300n; // set on the market for GameItems1155

let f: Fixture;
let mk: ReturnType<typeof m>;
let base: Hex;
const tokens721: bigint[] = [];
let coins: Address[] = [];

beforeAll(async () => {
  f = await startFixture();
  mk = m(f.c.market);
  coins = [zeroAddress, f.c.usdt, f.c.coin18];
  for (const u of users) {
    tokens721.push(...(await f.mint721(u, 2)));
    for (const id of ids1155) await f.mint1155(u, id, 5n);
    await f.write(owner, {
      address: f.c.usdt,
      abi: stableCoinAbi,
      functionName: 'mint',
      args: [u.address, 10n ** 30n],
    });
  }
  await f.write(
    owner,
    mk.call('setRoyaltyRate', [f.c.game1155, royaltyAccount.address, ROYALTY_1155]),
  );
  base = await f.snapshot();
}, 120_000);
afterAll(() => f?.stop());

interface Listing {
  itemId: bigint;
  kind: 721 | 1155;
  tokenId: bigint;
  token: number; // index into tokens721 (721 only)
  seller: number;
  coin: Address;
  price: bigint;
  left: bigint;
  status: number;
}

interface Model {
  owner721: number[]; // user index holding each 721
  bal1155: bigint[][]; // [user][id index]
  approved: boolean[];
  listings: Listing[];
  active721: Map<number, number>; // token index -> listing index
  active1155: Map<string, number>; // `${user}-${idIndex}` -> listing index
}

const userIdx = fc.integer({ min: 0, max: 2 });
const price = fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 1n, max: 10n ** 18n }));
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('list721' as const),
      user: userIdx,
      token: fc.nat(5),
      price,
      coin: fc.nat(2),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('list1155' as const),
      user: userIdx,
      id: fc.nat(1),
      amount: fc.integer({ min: 0, max: 6 }),
      price,
      coin: fc.nat(2),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      pick: fc.nat(),
      user: userIdx,
      amount: fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 6 })),
      stale: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), user: userIdx }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      pick: fc.nat(),
      user: userIdx,
      price,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer721' as const),
      token: fc.nat(5),
      to: userIdx,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer1155' as const),
      from: userIdx,
      id: fc.nat(1),
      amount: fc.integer({ min: 1, max: 3 }),
      to: userIdx,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('approval' as const), user: userIdx }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** Picks a listing: mostly one that is still listed, sometimes any (closed ones included). */
function pickListing(model: Model, pick: number): Listing | undefined {
  if (model.listings.length === 0) return undefined;
  const open = model.listings.filter((l) => l.status === ITEM_STATUS.listed);
  const pool = open.length > 0 && pick % 5 !== 0 ? open : model.listings;
  return pool[Math.floor(pick / 5) % pool.length];
}

function held(model: Model, l: Listing): boolean {
  return l.kind === 721
    ? model.owner721[l.token] === l.seller
    : model.bal1155[l.seller]![ids1155.indexOf(l.tokenId)]! >= l.left;
}
function valid(model: Model, l: Listing): boolean {
  return l.status === ITEM_STATUS.listed && held(model, l) && model.approved[l.seller]!;
}
const nftOf = (l: Listing) => (l.kind === 721 ? f.c.game721 : f.c.game1155);

/** Runs `call`: expects success when `error` is undefined, else exactly that custom error. */
const outcomes = new Map<string, number>();
async function attempt(actor: Actor, call: Call, error: string | undefined) {
  const key = `${call.functionName}:${error ?? 'ok'}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  if (error) {
    await f.expectRevert(actor, call, error);
    return undefined;
  }
  return f.write(actor, call);
}

async function step(model: Model, o: Op): Promise<void> {
  switch (o.kind) {
    case 'list721': {
      // mostly a token the user holds
      const own = model.owner721.flatMap((u, i) => (u === o.user ? [i] : []));
      const token = own.length > 0 && o.token % 3 !== 0 ? own[o.token % own.length]! : o.token;
      const seller = users[o.user]!;
      const tokenId = tokens721[token]!;
      const error =
        model.owner721[token] !== o.user
          ? 'NotTokenOwner'
          : !model.approved[o.user]
            ? 'MarketNotApproved'
            : undefined;
      const receipt = await attempt(
        seller,
        mk.list(f.c.game721, tokenId, 1n, o.price, coins[o.coin]!),
        error,
      );
      if (!receipt) return;
      const previous = model.active721.get(token);
      if (previous !== undefined && model.listings[previous]!.status === ITEM_STATUS.listed) {
        const old = model.listings[previous]!;
        old.status = old.seller === o.user ? ITEM_STATUS.cancelled : ITEM_STATUS.forceCancelled;
        old.left = 0n;
      }
      model.listings.push({
        itemId: BigInt(model.listings.length + 1),
        kind: 721,
        tokenId,
        token: token,
        seller: o.user,
        coin: coins[o.coin]!,
        price: o.price,
        left: 1n,
        status: ITEM_STATUS.listed,
      });
      model.active721.set(token, model.listings.length - 1);
      return;
    }
    case 'list1155': {
      const seller = users[o.user]!;
      const amount = BigInt(o.amount);
      const heldAmount = model.bal1155[o.user]![o.id]!;
      const error =
        amount === 0n
          ? 'InvalidAmount'
          : heldAmount < amount
            ? 'InsufficientHolding'
            : !model.approved[o.user]
              ? 'MarketNotApproved'
              : undefined;
      const receipt = await attempt(
        seller,
        mk.list(f.c.game1155, ids1155[o.id]!, amount, o.price, coins[o.coin]!),
        error,
      );
      if (!receipt) return;
      const key = `${o.user}-${o.id}`;
      const previous = model.active1155.get(key);
      if (previous !== undefined && model.listings[previous]!.status === ITEM_STATUS.listed) {
        model.listings[previous]!.status = ITEM_STATUS.cancelled;
        model.listings[previous]!.left = 0n;
      }
      model.listings.push({
        itemId: BigInt(model.listings.length + 1),
        kind: 1155,
        tokenId: ids1155[o.id]!,
        token: -1,
        seller: o.user,
        coin: coins[o.coin]!,
        price: o.price,
        left: amount,
        status: ITEM_STATUS.listed,
      });
      model.active1155.set(key, model.listings.length - 1);
      return;
    }
    case 'buy': {
      const l = pickListing(model, o.pick);
      if (!l) return;
      const buyer = users[o.user]!;
      const amount = BigInt(o.amount);
      const gross = l.price * amount;
      const error =
        l.status !== ITEM_STATUS.listed
          ? 'NotListed'
          : o.stale
            ? 'PriceChanged'
            : amount === 0n
              ? 'InvalidAmount'
              : amount > l.left
                ? 'ExceedsLeftAmount'
                : o.user === l.seller
                  ? 'BuyerIsSeller'
                  : !held(model, l)
                    ? 'ListingNotValid'
                    : !model.approved[l.seller]
                      ? l.kind === 721
                        ? 'ERC721InsufficientApproval'
                        : 'ERC1155MissingApprovalForAll'
                      : undefined;
      const hash = priceHash(nftOf(l), l.tokenId, o.stale ? l.price + 1n : l.price);
      const value = l.coin === zeroAddress ? gross : 0n;
      const who = [
        users[l.seller]!.address,
        buyer.address,
        feeAccount.address,
        royaltyAccount.address,
      ];
      const before = error ? [] : await Promise.all(who.map((a) => f.balance(l.coin, a)));
      const receipt = await attempt(buyer, mk.buy(l.itemId, amount, hash, value), error);
      if (!receipt) return;
      const after = await Promise.all(who.map((a) => f.balance(l.coin, a)));
      const fee = (gross * FEE.num) / FEE.den;
      const royalty = (gross * (l.kind === 721 ? ROYALTY_721 : ROYALTY_1155)) / 10_000n;
      const sellerGot = after[0]! - before[0]!;
      const feeGot = after[2]! - before[2]!;
      const royaltyGot = after[3]! - before[3]!;
      // payouts add up exactly, and the buyer paid exactly price x amount
      expect(sellerGot + feeGot + royaltyGot).toBe(gross);
      expect(before[1]! - after[1]!).toBe(gross);
      expect([feeGot, royaltyGot]).toEqual([fee, royalty]);
      const [sold] = f.events<{ fee: bigint; royalty: bigint; leftAmount: bigint }>(
        receipt,
        marketplaceAbi,
        'MarketItemSold',
      );
      expect(sold).toMatchObject({ fee, royalty, leftAmount: l.left - amount });
      l.left -= amount;
      if (l.left === 0n) l.status = ITEM_STATUS.sold;
      if (l.kind === 721) model.owner721[l.token] = o.user;
      else {
        const i = ids1155.indexOf(l.tokenId);
        model.bal1155[l.seller]![i]! -= amount;
        model.bal1155[o.user]![i]! += amount;
      }
      return;
    }
    case 'cancel': {
      const l = pickListing(model, o.pick);
      if (!l) return;
      const error =
        l.status !== ITEM_STATUS.listed
          ? 'NotListed'
          : o.user !== l.seller && valid(model, l)
            ? 'ListingStillValid'
            : undefined;
      const receipt = await attempt(users[o.user]!, mk.cancel(l.itemId), error);
      if (!receipt) return;
      l.status = o.user === l.seller ? ITEM_STATUS.cancelled : ITEM_STATUS.forceCancelled;
      l.left = 0n;
      return;
    }
    case 'modify': {
      const l = pickListing(model, o.pick);
      if (!l) return;
      const error =
        l.status !== ITEM_STATUS.listed
          ? 'NotListed'
          : o.user !== l.seller
            ? 'NotSeller'
            : undefined;
      const receipt = await attempt(users[o.user]!, mk.modify(l.itemId, o.price), error);
      if (receipt) l.price = o.price;
      return;
    }
    case 'transfer721': {
      // mostly a token that is listed, to make stale listings
      const listed = model.listings.filter(
        (l) => l.kind === 721 && l.status === ITEM_STATUS.listed,
      );
      const token =
        listed.length > 0 && o.token % 2 === 0 ? listed[o.token % listed.length]!.token : o.token;
      const from = model.owner721[token]!;
      if (from === o.to) return;
      await f.write(users[from]!, {
        address: f.c.game721,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [users[from]!.address, users[o.to]!.address, tokens721[token]!],
      });
      model.owner721[token] = o.to;
      return;
    }
    case 'transfer1155': {
      const amount = BigInt(o.amount);
      if (o.from === o.to || model.bal1155[o.from]![o.id]! < amount) return;
      await f.write(users[o.from]!, {
        address: f.c.game1155,
        abi: gameItems1155Abi,
        functionName: 'safeTransferFrom',
        args: [users[o.from]!.address, users[o.to]!.address, ids1155[o.id]!, amount, '0x'],
      });
      model.bal1155[o.from]![o.id]! -= amount;
      model.bal1155[o.to]![o.id]! += amount;
      return;
    }
    case 'approval': {
      const approved = !model.approved[o.user];
      for (const nft of [f.c.game721, f.c.game1155]) {
        await f.write(users[o.user]!, {
          address: nft,
          abi: gameItems721Abi,
          functionName: 'setApprovalForAll',
          args: [f.c.market, approved],
        });
      }
      model.approved[o.user] = approved;
      return;
    }
  }
}

async function checkInvariants(model: Model) {
  const [marketCoins, items, validity, owners, balances] = await Promise.all([
    Promise.all(coins.map((coin) => f.balance(coin, f.c.market))),
    Promise.all(
      model.listings.map((l) => f.read<MarketItem>(mk.call('getMarketItem', [l.itemId]))),
    ),
    Promise.all(model.listings.map((l) => f.read<boolean>(mk.call('isListingValid', [l.itemId])))),
    Promise.all(
      tokens721.map((id) =>
        f.read<Address>({
          address: f.c.game721,
          abi: gameItems721Abi,
          functionName: 'ownerOf',
          args: [id],
        }),
      ),
    ),
    Promise.all(
      users.flatMap((u) =>
        ids1155.map((id) =>
          f.read<bigint>({
            address: f.c.game1155,
            abi: gameItems1155Abi,
            functionName: 'balanceOf',
            args: [u.address, id],
          }),
        ),
      ),
    ),
  ]);
  // The market holds nothing.
  expect(marketCoins).toEqual([0n, 0n, 0n]);
  // Listings agree with the model: status, leftAmount, price; validity as the rule says.
  model.listings.forEach((l, i) => {
    expect(items[i]).toMatchObject({
      status: l.status,
      leftAmount: l.left,
      price: l.price,
      seller: users[l.seller]!.address,
    });
    expect(validity[i], `validity of item ${l.itemId}`).toBe(valid(model, l));
  });
  // Holdings agree with the model.
  expect(owners).toEqual(model.owner721.map((u) => users[u]!.address));
  expect(balances).toEqual(model.bal1155.flat());
}

describe('Marketplace properties', () => {
  it(`random sequences keep the market consistent (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 8 }), async (ops) => {
        await f.revert(base);
        base = await f.snapshot();
        const model: Model = {
          owner721: [0, 0, 1, 1, 2, 2],
          bal1155: users.map(() => ids1155.map(() => 5n)),
          approved: users.map(() => true),
          listings: [],
          active721: new Map(),
          active1155: new Map(),
        };
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
      }),
      {
        numRuns: NUM_RUNS,
        ...(process.env.FC_SEED
          ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH }
          : {}),
      },
    );
    console.log('market property outcomes', Object.fromEntries([...outcomes].sort()));
    // The sequences really exercised the rules (successes and each kind of refusal).
    if (NUM_RUNS >= 200) {
      for (const key of [
        'createMarketItem:ok',
        'createMarketSale:ok',
        'cancelMarketItem:ok',
        'modifyPrice:ok',
        'createMarketSale:ExceedsLeftAmount',
        'createMarketSale:ListingNotValid',
        'createMarketSale:PriceChanged',
        'cancelMarketItem:ListingStillValid',
      ]) {
        expect(outcomes.get(key) ?? 0, key).toBeGreaterThan(0);
      }
    }
  }, 1_800_000);
});
