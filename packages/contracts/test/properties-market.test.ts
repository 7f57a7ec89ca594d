// Model-based property test of the marketplace: random sequences of list (721/1155), buy,
// partial buy, buy with a stale price, cancel, force cancel, modify, transfer and approval
// changes, interleaved with owner actions (fee, royalty rates on the market and in ERC-2981,
// and the royalty denominator setter earlier versions had). A plain TypeScript model predicts
// every outcome (success, or the exact custom error: a panic never matches); after every step the
// chain must agree with the model and the invariants must hold:
//   - the market holds no coin (native, 6- and 18-decimal ERC-20s) after any step;
//   - every sale pays seller + fee + royalty == price x amount exactly, the buyer pays exactly
//     price x amount, and the royalty is never more than 10 % of it;
//   - leftAmount/status of every listing, every holding, the fee and the royalty rates equal
//     the model;
//   - a listing is valid (buyable) iff its seller holds the listed amount and approved.
// The first sequence is EVERY_OUTCOME (below), which produces every outcome the model knows, so
// the coverage check at the end holds whatever the seed. Seeds: tools/testing/fast-check-seed.ts
// (fixed in `npm test`; FC_SEED=random in test:deep; FC_SEED / FC_PATH replay a failure).
// NUM_RUNS (default 1000) sets the number of sequences.
import { gameItems1155Abi, gameItems721Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { zeroAddress } from 'viem';
import type { Address } from 'viem';
import { describe, expect } from 'vitest';
import { ITEM_STATUS, priceHash } from '../ts/index.js';
import { alice, bob, carol, feeAccount, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor, MarketItem } from './fixture.js';
import { oldDenominatorSetter } from './market-legacy.js';
import { modelPropertyTests, outcomeAttempts, runSteps, startingState } from './helpers.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 1000);
const users: Actor[] = [alice, bob, carol];
const ids1155 = [1n, 2n];
const FEE = { num: 25n, den: 1000n }; // set at deployment
const ERC2981_BPS = 500n; // ERC-2981 of both game collections (fixture), in 1/10 000
const ROYALTY_1155 = 300n; // set on the market for GameItems1155
const RATE_DENOMINATOR = 10_000n;
const MAX_ROYALTY_PERCENT = 10n;
// GameItems1155 is handed to carol, so "collection owner" and "market owner" differ for it.
const collectionOwner = (kind: 721 | 1155): Actor => (kind === 721 ? owner : carol);

const tokens721: bigint[] = [];
let coins: Address[] = [];

const f = useFixture(
  [],
  async () => {
    coins = [zeroAddress, f.c.usdt, f.c.coin18];
    for (const u of users) {
      tokens721.push(...(await f.mint721(u, 2)));
      for (const id of ids1155) await f.mint1155(u, id, 5n);
      await f.write(owner, tokenCall.mint(f.c.usdt, u.address, 10n ** 30n));
    }
    await f.write(
      owner,
      f.mk.call('setRoyaltyRate', [f.c.game1155, royaltyAccount.address, ROYALTY_1155]),
    );
    await f.write(owner, {
      address: f.c.game1155,
      abi: gameItems1155Abi,
      functionName: 'transferOwnership',
      args: [collectionOwner(1155).address],
    });
    await start.save();
  },
  { isolate: false, timeout: 120_000 },
);
const start = startingState(f);

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

interface MarketRate {
  set: boolean;
  receiver: Address;
  rate: bigint;
}

interface Model {
  fee: { num: bigint; den: bigint };
  rates: Record<721 | 1155, MarketRate>; // royaltyRateOf on the market
  erc2981: Record<721 | 1155, bigint>; // the collections' own ERC-2981 rate, in 1/10 000
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
  // owner actions
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('setFee' as const),
      byOwner: fc.integer({ min: 0, max: 7 }).map((n) => n !== 0),
      num: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })),
      den: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 2 ** 32 - 1 }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('setRoyalty' as const),
      nft: fc.constantFrom(721 as const, 1155 as const),
      // 0 market owner, 1 collection owner, 2 someone else
      by: fc.constantFrom(0, 1, 1, 2),
      rate: fc.oneof(
        fc.constant(0n),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 0n, max: 70_000n }),
      ),
      zeroReceiver: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('set2981' as const),
      nft: fc.constantFrom(721 as const, 1155 as const),
      bps: fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10_000n })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('setDenominator' as const),
      denominator: fc.integer({ min: 0, max: 65_535 }),
    }),
  },
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
const nftAddress = (kind: 721 | 1155) => (kind === 721 ? f.c.game721 : f.c.game1155);

/** The royalty a sale of `gross` pays, as the model has it: the market's rate, else ERC-2981 capped. */
function royaltyOf(model: Model, kind: 721 | 1155, gross: bigint): bigint {
  const r = model.rates[kind];
  if (r.set) return (gross * r.rate) / RATE_DENOMINATOR;
  const erc2981 = (gross * model.erc2981[kind]) / RATE_DENOMINATOR;
  const cap = (gross * MAX_ROYALTY_PERCENT) / 100n;
  return erc2981 < cap ? erc2981 : cap;
}

const { outcomes, attempt } = outcomeAttempts(f);

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
        f.mk.list(f.c.game721, tokenId, 1n, o.price, coins[o.coin]!),
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
        f.mk.list(f.c.game1155, ids1155[o.id]!, amount, o.price, coins[o.coin]!),
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
      const receipt = await attempt(buyer, f.mk.buy(l.itemId, amount, hash, value), error);
      if (!receipt) return;
      const after = await Promise.all(who.map((a) => f.balance(l.coin, a)));
      const fee = (gross * model.fee.num) / model.fee.den;
      const royalty = royaltyOf(model, l.kind, gross);
      const sellerGot = after[0]! - before[0]!;
      const feeGot = after[2]! - before[2]!;
      const royaltyGot = after[3]! - before[3]!;
      // payouts add up exactly, and the buyer paid exactly price x amount
      expect(sellerGot + feeGot + royaltyGot).toBe(gross);
      expect(before[1]! - after[1]!).toBe(gross);
      expect([feeGot, royaltyGot]).toEqual([fee, royalty]);
      // whatever the owner set: no royalty above 10 %, and the seller never pays in
      expect(
        royaltyGot * 100n <= gross * MAX_ROYALTY_PERCENT,
        `royalty ${royaltyGot} of ${gross}`,
      ).toBe(true);
      expect(sellerGot >= 0n).toBe(true);
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
      const receipt = await attempt(users[o.user]!, f.mk.cancel(l.itemId), error);
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
      const receipt = await attempt(users[o.user]!, f.mk.modify(l.itemId, o.price), error);
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
    case 'setFee': {
      const by = o.byOwner ? owner : alice;
      const [num, den] = [BigInt(o.num), BigInt(o.den)];
      const error = !o.byOwner
        ? 'OwnableUnauthorizedAccount'
        : den === 0n
          ? 'InvalidDenominator'
          : num * 100n > den * 50n
            ? 'FeeTooHigh'
            : undefined;
      if (await attempt(by, f.mk.call('setFee', [o.num, o.den]), error)) model.fee = { num, den };
      return;
    }
    case 'setRoyalty': {
      const by = o.by === 0 ? owner : o.by === 1 ? collectionOwner(o.nft) : alice;
      const receiver = o.zeroReceiver ? zeroAddress : royaltyAccount.address;
      const error =
        by !== owner && by !== collectionOwner(o.nft)
          ? 'NotCollectionOwner'
          : o.rate > 1000n
            ? 'RoyaltyTooHigh'
            : receiver === zeroAddress && o.rate !== 0n
              ? 'ZeroAddress'
              : undefined;
      const call = f.mk.call('setRoyaltyRate', [nftAddress(o.nft), receiver, o.rate]);
      if (await attempt(by, call, error))
        model.rates[o.nft] = { set: true, receiver, rate: o.rate };
      return;
    }
    case 'set2981': {
      await f.write(collectionOwner(o.nft), {
        address: nftAddress(o.nft),
        abi: gameItems721Abi,
        functionName: 'setDefaultRoyalty',
        args: [royaltyAccount.address, o.bps],
      });
      model.erc2981[o.nft] = o.bps;
      return;
    }
    case 'setDenominator': {
      // Earlier versions re-scaled every stored rate here; the market has no such function now.
      const receipt = await f.send(owner, oldDenominatorSetter(f.c.market, o.denominator));
      outcomes.set(
        `setRoyaltyRateDenominator:${receipt.status}`,
        (outcomes.get(`setRoyaltyRateDenominator:${receipt.status}`) ?? 0) + 1,
      );
      expect(receipt.status, 'setRoyaltyRateDenominator must not exist').toBe('reverted');
      return;
    }
  }
}

async function checkInvariants(model: Model) {
  const [marketCoins, items, validity, owners, balances, feeConfig, rates] = await Promise.all([
    Promise.all(coins.map((coin) => f.balance(coin, f.c.market))),
    Promise.all(
      model.listings.map((l) => f.read<MarketItem>(f.mk.call('getMarketItem', [l.itemId]))),
    ),
    Promise.all(
      model.listings.map((l) => f.read<boolean>(f.mk.call('isListingValid', [l.itemId]))),
    ),
    Promise.all(tokens721.map((id) => f.read<Address>(tokenCall.ownerOf(f.c.game721, id)))),
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
    f.read<readonly [Address, bigint, bigint, bigint]>(f.mk.call('feeConfig')),
    Promise.all(
      ([721, 1155] as const).map((kind) =>
        f.read<readonly [Address, bigint, boolean]>(f.mk.call('royaltyRateOf', [nftAddress(kind)])),
      ),
    ),
  ]);
  // Fee and royalty settings agree with the model; the royalty denominator never moves.
  expect(feeConfig).toEqual([feeAccount.address, model.fee.num, model.fee.den, RATE_DENOMINATOR]);
  expect(rates).toEqual(
    ([721, 1155] as const).map((kind) => {
      const r = model.rates[kind];
      return [r.set ? r.receiver : zeroAddress, r.set ? r.rate : 0n, r.set];
    }),
  );
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

/** The state every sequence starts from (see beforeAll). */
const initialModel = (): Model => ({
  fee: { ...FEE },
  rates: {
    721: { set: false, receiver: zeroAddress, rate: 0n },
    1155: { set: true, receiver: royaltyAccount.address, rate: ROYALTY_1155 },
  },
  erc2981: { 721: ERC2981_BPS, 1155: ERC2981_BPS },
  owner721: [0, 0, 1, 1, 2, 2],
  bal1155: users.map(() => ids1155.map(() => 5n)),
  approved: users.map(() => true),
  listings: [],
  active721: new Map(),
  active1155: new Map(),
});

/** One sequence from the saved starting state. */
async function runSequence(ops: Op[]) {
  await start.restore();
  await runSteps(ops, initialModel(), step, checkInvariants);
}

/** Every outcome the model can predict; EVERY_OUTCOME produces each of them. */
const OUTCOMES = [
  'createMarketItem:ok',
  'createMarketItem:NotTokenOwner',
  'createMarketItem:InvalidAmount',
  'createMarketItem:InsufficientHolding',
  'createMarketItem:MarketNotApproved',
  'createMarketSale:ok',
  'createMarketSale:NotListed',
  'createMarketSale:PriceChanged',
  'createMarketSale:InvalidAmount',
  'createMarketSale:ExceedsLeftAmount',
  'createMarketSale:BuyerIsSeller',
  'createMarketSale:ListingNotValid',
  'createMarketSale:ERC721InsufficientApproval',
  'createMarketSale:ERC1155MissingApprovalForAll',
  'cancelMarketItem:ok',
  'cancelMarketItem:NotListed',
  'cancelMarketItem:ListingStillValid',
  'modifyPrice:ok',
  'modifyPrice:NotListed',
  'modifyPrice:NotSeller',
  'setFee:ok',
  'setFee:OwnableUnauthorizedAccount',
  'setFee:InvalidDenominator',
  'setFee:FeeTooHigh',
  'setRoyaltyRate:ok',
  'setRoyaltyRate:NotCollectionOwner',
  'setRoyaltyRate:RoyaltyTooHigh',
  'setRoyaltyRate:ZeroAddress',
  'setRoyaltyRateDenominator:reverted',
];

// The first sequence run: every success and every refusal the model knows, in an order that
// makes each certain (user 0 holds 721 tokens 0 and 1, user 1 tokens 2 and 3, user 2 tokens 4
// and 5; everyone 5 of each 1155 id). `pick` 5k+1 is the k-th open listing, 5k the k-th of all.
const buy = (pick: number, user: number, amount: number, stale = false): Op => ({
  kind: 'buy',
  pick,
  user,
  amount,
  stale,
});
const EVERY_OUTCOME: Op[] = [
  { kind: 'list721', user: 0, token: 1, price: 100n, coin: 0 }, // ok: L1 (token 1)
  { kind: 'list721', user: 0, token: 3, price: 100n, coin: 0 }, // NotTokenOwner
  { kind: 'list1155', user: 1, id: 0, amount: 0, price: 10n, coin: 1 }, // InvalidAmount
  { kind: 'list1155', user: 1, id: 0, amount: 6, price: 10n, coin: 1 }, // InsufficientHolding
  { kind: 'list1155', user: 1, id: 0, amount: 3, price: 10n, coin: 1 }, // ok: L2
  buy(1, 1, 1, true), // L1: PriceChanged
  buy(6, 0, 0), // L2: InvalidAmount
  buy(6, 0, 4), // L2: ExceedsLeftAmount
  buy(6, 1, 1), // L2: BuyerIsSeller
  buy(6, 0, 1), // L2: ok, 2 left
  { kind: 'cancel', pick: 1, user: 2 }, // L1: ListingStillValid
  { kind: 'modify', pick: 1, user: 2, price: 7n }, // L1: NotSeller
  { kind: 'modify', pick: 1, user: 0, price: 200n }, // L1: ok
  { kind: 'transfer721', token: 0, to: 2 }, // token 1 (listed) to user 2
  buy(1, 1, 1), // L1: ListingNotValid
  { kind: 'cancel', pick: 1, user: 1 }, // L1: ok (force cancel)
  { kind: 'cancel', pick: 0, user: 0 }, // L1: NotListed
  buy(0, 1, 1), // L1: NotListed
  { kind: 'modify', pick: 0, user: 0, price: 5n }, // L1: NotListed
  { kind: 'cancel', pick: 1, user: 1 }, // L2: ok (by its seller)
  { kind: 'approval', user: 0 }, // user 0 revokes
  { kind: 'list721', user: 0, token: 1, price: 50n, coin: 2 }, // token 0: MarketNotApproved
  { kind: 'list1155', user: 0, id: 1, amount: 1, price: 3n, coin: 0 }, // MarketNotApproved
  { kind: 'approval', user: 0 },
  { kind: 'list721', user: 0, token: 1, price: 50n, coin: 2 }, // ok: L3 (token 0)
  { kind: 'approval', user: 0 },
  buy(1, 1, 1), // L3: ERC721InsufficientApproval
  { kind: 'approval', user: 0 },
  { kind: 'setFee', byOwner: false, num: 1, den: 100 }, // OwnableUnauthorizedAccount
  { kind: 'setFee', byOwner: true, num: 1, den: 0 }, // InvalidDenominator
  { kind: 'setFee', byOwner: true, num: 51, den: 100 }, // FeeTooHigh
  { kind: 'setFee', byOwner: true, num: 50, den: 100 }, // ok: 50 %
  { kind: 'setRoyalty', nft: 721, by: 0, rate: 1001n, zeroReceiver: false }, // RoyaltyTooHigh
  { kind: 'setRoyalty', nft: 1155, by: 2, rate: 10n, zeroReceiver: false }, // NotCollectionOwner
  { kind: 'setRoyalty', nft: 721, by: 1, rate: 5n, zeroReceiver: true }, // ZeroAddress
  { kind: 'setRoyalty', nft: 1155, by: 1, rate: 1000n, zeroReceiver: false }, // ok: 10 %
  { kind: 'setDenominator', denominator: 100 }, // reverts (would make 10 % into 100 %)
  { kind: 'set2981', nft: 721, bps: 10_000n }, // 100 % in ERC-2981: the market pays 10 %
  buy(1, 1, 1), // L3: ok, royalty capped
  { kind: 'list1155', user: 2, id: 1, amount: 2, price: 7n, coin: 0 }, // ok: L4
  buy(1, 1, 2), // L4: ok at 50 % fee + 10 % royalty
  { kind: 'list1155', user: 0, id: 1, amount: 1, price: 3n, coin: 0 }, // ok: L5
  { kind: 'approval', user: 0 },
  buy(1, 2, 1), // L5: ERC1155MissingApprovalForAll
  { kind: 'approval', user: 0 },
  { kind: 'setRoyalty', nft: 721, by: 0, rate: 0n, zeroReceiver: true }, // ok: explicit 0
];

describe('Marketplace properties', () => {
  modelPropertyTests('market', { seen: outcomes, known: OUTCOMES }, runSequence, EVERY_OUTCOME, {
    title: `random sequences keep the market consistent (${NUM_RUNS} runs)`,
    inputs: fc.array(op, { minLength: 2, maxLength: 10 }),
    numRuns: NUM_RUNS,
  });
});
