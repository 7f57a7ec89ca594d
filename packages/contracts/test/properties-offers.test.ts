// Model-based property test of the Offers contract: random sequences of signed offers (item,
// collection and trait offers on ERC721 and ERC1155, in two coins, active / not started /
// expired, signed right or for another chain, another contract, with a high-s signature or an
// old counter), acceptances (whole and partial, by holders and non-holders, with good and bad
// Merkle proofs), cancels by hash (by the offerer and by others), counter bumps, allowance
// revocations and the market refusing a coin. A TypeScript model predicts every outcome
// (success or the exact custom error) and, after every step, the chain must agree:
//   - funds are conserved: on every acceptance the offerer pays exactly price x units, and
//     seller + fee + royalty (as the market computes them for a sale) add up to it;
//   - nothing fills beyond its units: filled of every offer equals the model (never > units);
//   - cancelled, expired, not yet started and counter-bumped offers never fill;
//   - a signature for another chain or another contract, or a high-s one, never fills;
//   - a token outside a trait set (or with a proof of another token) is refused;
//   - the Offers contract never holds a coin.
// The first sequence is EVERY_OUTCOME, which produces every outcome, so coverage never depends
// on the seed (tools/testing/fast-check-seed.ts; FC_SEED / FC_PATH replay a failure). NUM_RUNS
// (default 1000) sets the number of sequences.
import { OFFER_KIND, traitTree } from '@aiamarket/shared';
import type { SignedOfferFields } from '@aiamarket/shared';
import { gameItems1155Abi, marketplaceAbi } from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { hexToBigInt, maxUint256 } from 'viem';
import type { Address, Hex } from 'viem';
import { describe, expect } from 'vitest';
import { alice, bob, carol, feeAccount, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor } from './fixture.js';
import {
  OFFERS_ABIS,
  acceptCall,
  approveOffers,
  highS,
  offersAddresses,
  offersCall,
  orderHashOf,
  signOffer,
} from './offers-helpers.js';
import { modelPropertyTests, outcomeAttempts, runSteps, startingState } from './helpers.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 1000);
const users: Actor[] = [alice, bob, carol];
const ids1155 = [1n, 2n];
const FEE = { num: 25n, den: 1000n };
const ERC2981_BPS = 500n; // GameItems721 (fixture): royalty from ERC-2981
const RATE_1155 = 300n; // GameItems1155: royalty set on the market
const FAR = 2n ** 40n; // an end no test run reaches

let offers: Address;
let coins: Address[] = [];
const tokens721: bigint[] = []; // user i holds indices 2i and 2i + 1
// Trait sets: 721 indices 0, 2, 4 plus ids nobody holds; 1155 id 1 plus an unminted id.
let trait721: ReturnType<typeof traitTree>;
let trait1155: ReturnType<typeof traitTree>;

const f = useFixture(
  OFFERS_ABIS,
  async () => {
    ({ offers } = offersAddresses(f));
    coins = [f.c.usdt, f.c.coin18];
    for (const u of users) {
      tokens721.push(...(await f.mint721(u, 2)));
      for (const id of ids1155) await f.mint1155(u, id, 5n);
    }
    for (const u of users) {
      // Enough of the 6-decimal coin for the largest random offer (10^15 x 4 units).
      await f.write(owner, tokenCall.mint(f.c.usdt, u.address, 10n ** 30n));
    }
    await approveOffers(f, users);
    await f.write(
      owner,
      f.mk.call('setRoyaltyRate', [f.c.game1155, royaltyAccount.address, RATE_1155]),
    );
    trait721 = traitTree([tokens721[0]!, tokens721[2]!, tokens721[4]!, 900n, 901n]);
    trait1155 = traitTree([ids1155[0]!, 77n]);
    await start.save();
  },
  { isolate: false, timeout: 120_000 },
);
const start = startingState(f);

// ---------------------------------------------------------------- model

type Window = 'active' | 'notStarted' | 'expired';
type Sig = 'valid' | 'wrongChain' | 'wrongContract' | 'highS' | 'oldCounter';
interface ModelOffer {
  fields: SignedOfferFields;
  signature: Hex;
  hash: Hex;
  offerer: number;
  sig: Sig;
  filled: bigint;
  cancelled: boolean;
}
interface Model {
  owner721: number[];
  bal1155: bigint[][]; // [user][id index]
  counters: bigint[];
  allowance: boolean[][]; // [user][coin index]
  coin18Allowed: boolean;
  offers: ModelOffer[];
}
const initialModel = (): Model => ({
  owner721: [0, 0, 1, 1, 2, 2],
  bal1155: users.map(() => ids1155.map(() => 5n)),
  counters: users.map(() => 0n),
  allowance: users.map(() => [true, true]),
  coin18Allowed: true,
  offers: [],
});

/** One sequence from the saved starting state. */
async function runSequence(ops: Op[]) {
  await start.restore();
  await runSteps(ops, initialModel(), step, checkInvariants);
}

const userIdx = fc.nat(2);
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      user: userIdx,
      what: fc.constantFrom(OFFER_KIND.item, OFFER_KIND.collection, OFFER_KIND.trait),
      erc1155: fc.boolean(),
      item: fc.nat(5),
      units: fc.integer({ min: 1, max: 4 }),
      coin: fc.nat(1),
      price: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0n) },
        { weight: 19, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 15n }) },
      ),
      // Mostly offers that can fill, so acceptances (whole and partial) are frequent.
      window: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Window>('active') },
        { weight: 2, arbitrary: fc.constantFrom<Window>('notStarted', 'expired') },
      ),
      sig: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Sig>('valid') },
        {
          weight: 2,
          arbitrary: fc.constantFrom<Sig>('wrongChain', 'wrongContract', 'highS', 'oldCounter'),
        },
      ),
      salt: fc.bigInt({ min: 0n, max: 2n ** 64n }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('accept' as const),
      pick: fc.nat(),
      seller: userIdx,
      token: fc.nat(),
      units: fc.oneof(
        { weight: 4, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: fc.integer({ min: 0, max: 5 }) },
      ),
      badProof: fc.nat(9).map((n) => n === 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), by: userIdx }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bump' as const), user: userIdx }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('allowance' as const),
      user: userIdx,
      coin: fc.nat(1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('coinAllowed' as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const { outcomes, attempt } = outcomeAttempts(f);

const nftOf = (o: ModelOffer) => (o.fields.erc1155 ? f.c.game1155 : f.c.game721);
const royaltyOf = (o: ModelOffer, gross: bigint) =>
  (gross * (o.fields.erc1155 ? RATE_1155 : ERC2981_BPS)) / 10_000n;
const inTrait = (o: ModelOffer, tokenId: bigint) =>
  (o.fields.erc1155
    ? [ids1155[0]!, 77n]
    : [tokens721[0]!, tokens721[2]!, tokens721[4]!, 900n, 901n]
  ).includes(tokenId);

function pickOffer(model: Model, pick: number): ModelOffer | undefined {
  if (model.offers.length === 0) return undefined;
  return model.offers[pick % model.offers.length];
}

/** The token an acceptance delivers: mostly one the offer wants and the seller holds. */
function chooseToken(model: Model, o: ModelOffer, seller: number, pick: number): bigint {
  const erc1155 = o.fields.erc1155;
  if (o.fields.kind === OFFER_KIND.item && pick % 4 !== 0) return o.fields.identifier;
  if (erc1155) return ids1155[pick % 2]!;
  const own = model.owner721.flatMap((u, i) => (u === seller ? [i] : []));
  if (o.fields.kind === OFFER_KIND.trait) {
    const ownIn = own.filter((i) => inTrait(o, tokens721[i]!));
    if (ownIn.length > 0 && pick % 4 !== 0) return tokens721[ownIn[pick % ownIn.length]!]!;
  }
  if (own.length > 0 && pick % 5 !== 0) return tokens721[own[pick % own.length]!]!;
  return tokens721[pick % tokens721.length]!;
}

function expectedAcceptError(
  model: Model,
  o: ModelOffer,
  seller: number,
  tokenId: bigint,
  units: bigint,
  badProof: boolean,
) {
  const F = o.fields;
  if (units === 0n || (!F.erc1155 && units !== 1n)) return 'InvalidUnits';
  if (F.pricePerUnit === 0n) return 'InvalidPrice';
  if (F.start > 1n) return 'OfferNotStarted';
  if (F.end <= 1n) return 'OfferExpired';
  if (F.counter !== model.counters[o.offerer]) return 'CounterBumped';
  if (F.kind === OFFER_KIND.item && tokenId !== F.identifier) return 'TokenNotInOffer';
  if (F.kind === OFFER_KIND.trait && (badProof || !inTrait(o, tokenId)))
    return 'TokenNotInTraitSet';
  if (seller === o.offerer) return 'SellerIsOfferer';
  if (o.cancelled) return 'OfferCancelledError';
  if (units > F.units - o.filled) return 'ExceedsRemaining';
  if (o.sig !== 'valid' && o.sig !== 'oldCounter') return 'InvalidSignature';
  if (F.coin === f.c.coin18 && !model.coin18Allowed) return 'CoinNotAllowed';
  if (F.erc1155) {
    const held = model.bal1155[seller]![ids1155.indexOf(tokenId)] ?? 0n;
    if (held < units) return 'ERC1155InsufficientBalance';
  } else {
    const index = tokens721.indexOf(tokenId);
    if (index < 0) return 'ERC721NonexistentToken';
    if (model.owner721[index] !== seller) return 'ERC721IncorrectOwner';
  }
  if (!model.allowance[o.offerer]![coins.indexOf(F.coin)]) return 'ERC20InsufficientAllowance';
  return undefined;
}

async function step(model: Model, o: Op): Promise<void> {
  switch (o.kind) {
    case 'offer': {
      const offerer = users[o.user]!;
      const counter = model.counters[o.user]!;
      const erc1155 = o.erc1155;
      const identifier =
        o.what === OFFER_KIND.item
          ? erc1155
            ? ids1155[o.item % 2]!
            : tokens721[o.item]!
          : o.what === OFFER_KIND.trait
            ? hexToBigInt((erc1155 ? trait1155 : trait721).root)
            : 0n;
      const fields: SignedOfferFields = {
        offerer: offerer.address,
        collection: erc1155 ? f.c.game1155 : f.c.game721,
        kind: o.what,
        erc1155,
        identifier,
        // An ERC721 item offer wants one token.
        units: !erc1155 && o.what === OFFER_KIND.item ? 1n : BigInt(o.units),
        coin: coins[o.coin]!,
        pricePerUnit: o.price,
        start: o.window === 'notStarted' ? FAR : 0n,
        end: o.window === 'expired' ? 1n : FAR,
        salt: o.salt,
        // An old counter: one the offerer no longer has (or a future one when still at 0).
        counter: o.sig === 'oldCounter' ? (counter === 0n ? 1n : counter - 1n) : counter,
      };
      const chainId = o.sig === 'wrongChain' ? f.anvil.chainId + 1 : f.anvil.chainId;
      const contract = o.sig === 'wrongContract' ? f.c.market : offers;
      let signature = await signOffer(offerer, fields, chainId, contract);
      if (o.sig === 'highS') signature = highS(signature);
      model.offers.push({
        fields,
        signature,
        hash: orderHashOf(fields, f.anvil.chainId, offers),
        offerer: o.user,
        sig: o.sig,
        filled: 0n,
        cancelled: false,
      });
      return;
    }
    case 'accept': {
      const offer = pickOffer(model, o.pick);
      if (!offer) return;
      const tokenId = chooseToken(model, offer, o.seller, o.token);
      const units = BigInt(o.units);
      const F = offer.fields;
      let proof: Hex[] = [];
      if (F.kind === OFFER_KIND.trait) {
        const tree = F.erc1155 ? trait1155 : trait721;
        // A bad proof is the proof of another member (or of the first one for an outsider).
        const other = F.erc1155 ? 77n : 900n;
        proof =
          inTrait(offer, tokenId) && !o.badProof
            ? tree.proof(tokenId)
            : tree.proof(tokenId === other ? (F.erc1155 ? 1n : 901n) : other);
      }
      const seller = users[o.seller]!;
      const error = expectedAcceptError(
        model,
        offer,
        o.seller,
        tokenId,
        units,
        o.badProof && F.kind === OFFER_KIND.trait,
      );
      const offerer = users[offer.offerer]!;
      const gross = F.pricePerUnit * units;
      const parties = [offerer.address, seller.address, feeAccount.address, royaltyAccount.address];
      const before = error ? [] : await Promise.all(parties.map((a) => f.balance(F.coin, a)));
      const receipt = await attempt(
        seller,
        acceptCall(offers, F, offer.signature, tokenId, units, proof),
        error,
      );
      if (!receipt) return;
      // Funds conserved, split as the market splits a sale.
      const after = await Promise.all(parties.map((a) => f.balance(F.coin, a)));
      const fee = (gross * FEE.num) / FEE.den;
      const royalty = royaltyOf(offer, gross);
      expect(before[0]! - after[0]!).toBe(gross);
      expect([after[1]! - before[1]!, after[2]! - before[2]!, after[3]! - before[3]!]).toEqual([
        gross - fee - royalty,
        fee,
        royalty,
      ]);
      expect(after[1]! - before[1]! + (after[2]! - before[2]!) + (after[3]! - before[3]!)).toBe(
        gross,
      );
      offer.filled += units;
      if (F.erc1155) {
        const i = ids1155.indexOf(tokenId);
        model.bal1155[o.seller]![i]! -= units;
        model.bal1155[offer.offerer]![i]! += units;
        const [sellerBalance, offererBalance] = await Promise.all(
          [seller, offerer].map((u) =>
            f.read<bigint>({
              address: f.c.game1155,
              abi: gameItems1155Abi,
              functionName: 'balanceOf',
              args: [u.address, tokenId],
            }),
          ),
        );
        expect([sellerBalance, offererBalance]).toEqual([
          model.bal1155[o.seller]![i],
          model.bal1155[offer.offerer]![i],
        ]);
      } else {
        model.owner721[tokens721.indexOf(tokenId)] = offer.offerer;
        expect(await f.read(tokenCall.ownerOf(nftOf(offer), tokenId))).toBe(offerer.address);
      }
      return;
    }
    case 'cancel': {
      const offer = pickOffer(model, o.pick);
      if (!offer) return;
      await attempt(users[o.by]!, offersCall(offers, 'cancelOffers', [[offer.hash]]), undefined);
      // Someone else's cancel marks the hash under their own address only.
      if (o.by === offer.offerer) offer.cancelled = true;
      return;
    }
    case 'bump': {
      await attempt(users[o.user]!, offersCall(offers, 'incrementCounter'), undefined);
      model.counters[o.user]! += 1n;
      return;
    }
    case 'allowance': {
      const allowed = !model.allowance[o.user]![o.coin]!;
      await attempt(
        users[o.user]!,
        tokenCall.approve(coins[o.coin]!, offers, allowed ? maxUint256 : 0n),
        undefined,
      );
      model.allowance[o.user]![o.coin] = allowed;
      return;
    }
    case 'coinAllowed': {
      model.coin18Allowed = !model.coin18Allowed;
      await attempt(
        owner,
        {
          address: f.c.market,
          abi: marketplaceAbi,
          functionName: 'setCoinAllowed',
          args: [f.c.coin18, model.coin18Allowed],
        },
        undefined,
      );
      return;
    }
  }
}

async function checkInvariants(model: Model) {
  const [statuses, held] = await Promise.all([
    Promise.all(
      model.offers.map((o) =>
        f.read<readonly [bigint, boolean]>(
          offersCall(offers, 'offerStatus', [o.fields.offerer, o.hash]),
        ),
      ),
    ),
    Promise.all(coins.map((coin) => f.balance(coin, offers))),
  ]);
  model.offers.forEach((o, i) => {
    expect(statuses[i], `offer ${i}`).toEqual([o.cancelled ? 0n : o.filled, o.cancelled]);
    expect(o.filled <= o.fields.units).toBe(true);
    // What must never fill did not.
    if (
      (o.sig !== 'valid' && o.sig !== 'oldCounter') ||
      o.fields.start > 1n ||
      o.fields.end <= 1n ||
      o.fields.pricePerUnit === 0n
    ) {
      expect(o.filled).toBe(0n);
    }
  });
  expect(held).toEqual([0n, 0n]);
}

const accept = (pick: number, seller: number, token: number, units = 1, badProof = false): Op => ({
  kind: 'accept',
  pick,
  seller,
  token,
  units,
  badProof,
});
const offer = (
  user: number,
  what: 0 | 1 | 2,
  erc1155: boolean,
  units: number,
  extra: Partial<Extract<Op, { kind: 'offer' }>> = {},
): Op => ({
  kind: 'offer',
  user,
  what,
  erc1155,
  item: 2,
  units,
  coin: 0,
  price: 1_000_000n,
  window: 'active',
  sig: 'valid',
  salt: 1n,
  ...extra,
});

const OUTCOMES = [
  'acceptOffer:ok',
  'acceptOffer:InvalidUnits',
  'acceptOffer:InvalidPrice',
  'acceptOffer:OfferNotStarted',
  'acceptOffer:OfferExpired',
  'acceptOffer:CounterBumped',
  'acceptOffer:TokenNotInOffer',
  'acceptOffer:TokenNotInTraitSet',
  'acceptOffer:SellerIsOfferer',
  'acceptOffer:OfferCancelledError',
  'acceptOffer:ExceedsRemaining',
  'acceptOffer:InvalidSignature',
  'acceptOffer:CoinNotAllowed',
  'acceptOffer:ERC721IncorrectOwner',
  'acceptOffer:ERC1155InsufficientBalance',
  'acceptOffer:ERC20InsufficientAllowance',
  'cancelOffers:ok',
  'incrementCounter:ok',
  'approve:ok',
  'setCoinAllowed:ok',
];

// Every success and refusal, each certain: user 0 holds 721 indices 0 and 1, user 1 indices 2
// and 3, user 2 indices 4 and 5; everyone 5 of each 1155 id. Offer k is `pick` k.
const EVERY_OUTCOME: Op[] = [
  offer(0, OFFER_KIND.item, false, 1), // O0: 721 index 2 (user 1's)
  accept(0, 1, 1, 0), // InvalidUnits
  accept(0, 1, 0), // TokenNotInOffer (token pick 0 -> not the identifier)
  accept(0, 0, 1), // SellerIsOfferer
  accept(0, 2, 1), // ERC721IncorrectOwner (user 2 does not hold index 2)
  accept(0, 1, 1), // ok
  accept(0, 1, 1), // ExceedsRemaining
  offer(0, OFFER_KIND.item, false, 1, { price: 0n, salt: 2n }), // O1
  accept(1, 1, 1), // InvalidPrice
  offer(0, OFFER_KIND.collection, false, 2, { window: 'notStarted', salt: 3n }), // O2
  accept(2, 1, 1), // OfferNotStarted
  offer(0, OFFER_KIND.collection, false, 2, { window: 'expired', salt: 4n }), // O3
  accept(3, 1, 1), // OfferExpired
  offer(0, OFFER_KIND.collection, true, 4, { sig: 'wrongChain', salt: 5n }), // O4
  accept(4, 1, 1), // InvalidSignature
  offer(0, OFFER_KIND.collection, true, 4, { sig: 'highS', salt: 6n }), // O5
  accept(5, 1, 1), // InvalidSignature
  offer(0, OFFER_KIND.collection, true, 4, { sig: 'oldCounter', salt: 7n }), // O6
  accept(6, 1, 1), // CounterBumped
  offer(0, OFFER_KIND.trait, false, 2, { salt: 8n }), // O7: indices 0, 2, 4
  accept(7, 2, 1, 1, true), // TokenNotInTraitSet (bad proof for index 4)
  accept(7, 1, 3), // TokenNotInTraitSet (index 3 is outside)
  accept(7, 2, 1), // ok: index 4
  offer(1, OFFER_KIND.collection, true, 4, { coin: 1, salt: 9n }), // O8 in coin18
  accept(8, 2, 1, 3), // ok: 3 of 4
  accept(8, 2, 1, 2), // ExceedsRemaining
  { kind: 'coinAllowed' },
  accept(8, 2, 1, 1), // CoinNotAllowed
  { kind: 'coinAllowed' },
  { kind: 'allowance', user: 1, coin: 1 },
  accept(8, 2, 1, 1), // ERC20InsufficientAllowance (revoked between partial fills)
  { kind: 'allowance', user: 1, coin: 1 },
  accept(8, 0, 1, 6), // ExceedsRemaining
  offer(2, OFFER_KIND.item, true, 9, { item: 0, salt: 10n }), // O9: 9 of 1155 id 1
  accept(9, 0, 1, 5), // ok (user 0 held 5 of id 1... minus none)
  accept(9, 0, 1, 1), // ERC1155InsufficientBalance
  { kind: 'cancel', pick: 9, by: 0 }, // someone else's cancel: no effect
  accept(9, 1, 1, 1), // ok
  { kind: 'cancel', pick: 9, by: 2 }, // the offerer's cancel
  accept(9, 1, 1, 1), // OfferCancelledError
  offer(1, OFFER_KIND.collection, false, 2, { salt: 11n }), // O10
  { kind: 'bump', user: 1 },
  accept(10, 0, 1), // CounterBumped
];

describe('Offers properties', () => {
  modelPropertyTests('offers', { seen: outcomes, known: OUTCOMES }, runSequence, EVERY_OUTCOME, {
    title: `random sequences keep offers consistent and funds conserved (${NUM_RUNS} runs)`,
    inputs: fc.array(op, { minLength: 2, maxLength: 8 }),
    numRuns: NUM_RUNS,
  });
});
