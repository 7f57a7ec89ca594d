// Property test of the Listings contract's sweep. Each run: two sellers sign 1..8
// listings (ERC721 and ERC1155, AIA and the stable coin; alone or in a bulk tree; active,
// expired or not yet started) and put 0..3 on the market's on-chain listings, then the chain
// changes under some of them (cancelled by hash, bought by someone else first, the NFT moved
// away, the seller's counter raised, an on-chain one repriced) and the buyer asks for some
// beyond their units or with another listing's bulk proof or leaf index; then one sweep of all of them with
// more AIA than needed. A model predicts, per item, bought or skipped, and the
// chain must agree:
//   - a sweep conserves funds to the wei: the buyer pays exactly the sum of the bought items
//     (skipped items' AIA and the extra come back), each seller and the royalty receiver get
//     exactly their split, the Listings contract holds exactly the fees of the signed items
//     bought, per coin, and withdrawing pays exactly those to the fee address (then it holds
//     nothing);
//   - a skipped item never reverts the others (every run mixes them);
//   - a bulk proof fits only its own listing at its own leaf index;
//   - signed listings never fill after cancel, counter bump, expiry, before start, or for more
//     units than signed; filled equals the model.
// Seeds: tools/testing/fast-check-seed.ts (FC_SEED / FC_PATH replay a failure); NUM_RUNS
// (default 1000) sets the number of runs.
import { listingOrderHash } from '@aiamarket/shared';
import type { SignedListingFields } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi, listingsAbi } from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { zeroAddress } from 'viem';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  alice,
  bob,
  carol,
  dave,
  erin,
  feeAccount,
  royaltyAccount,
  useFixture,
} from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor } from './fixture.js';
import {
  approveListings,
  buyCall,
  collectedOf,
  listingsAddress,
  listingsCall,
  signBulk,
  signListing,
  sweepCall,
  withdrawCollected,
} from './listings-helpers.js';
import type { Fill, MarketBuy } from './listings-helpers.js';
import { priceHash } from '../ts/index.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 1000);
const sellers = [alice, bob];
const FAR = 2n ** 40n;

let listings: Address;
const tokens721: bigint[][] = [[], []];
const marketTokens: bigint[][] = [[], []]; // listed on the market (on-chain) in some runs
const ids1155 = [
  [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n],
  [11n, 12n, 13n, 14n, 15n, 16n, 17n, 18n],
];

const f = useFixture(
  [listingsAbi],
  async () => {
    listings = listingsAddress(f);
    await approveListings(f, [alice, bob, carol, dave]);
    for (const [s, seller] of sellers.entries()) {
      tokens721[s] = await f.mint721(seller, 8);
      marketTokens[s] = await f.mint721(seller, 3);
      for (const id of ids1155[s]!) await f.mint1155(seller, id, 10n);
    }
  },
  { isolate: false, timeout: 180_000 },
);

type Change = 'none' | 'cancel' | 'soldFirst' | 'moved' | 'counter' | 'overUnits' | 'wrongProof';
interface Spec {
  seller: number;
  erc1155: boolean;
  units: bigint;
  aia: boolean;
  price: bigint;
  window: 'active' | 'expired' | 'notStarted';
  change: Change;
}

const spec: fc.Arbitrary<Spec> = fc.record({
  seller: fc.integer({ min: 0, max: 1 }),
  erc1155: fc.boolean(),
  units: fc.bigInt({ min: 1n, max: 5n }),
  aia: fc.boolean(),
  price: fc.bigInt({ min: 1n, max: 10n ** 10n }), // 8 x 5 units stay within the buyer's coins
  window: fc.constantFrom('active', 'active', 'active', 'expired', 'notStarted'),
  change: fc.constantFrom<Change>(
    'none',
    'none',
    'none',
    'cancel',
    'soldFirst',
    'moved',
    'counter',
    'overUnits',
    'wrongProof',
  ),
});

/** One of the market's on-chain listings in the sweep: bought by someone else or repriced first. */
interface MarketSpec {
  seller: number;
  aia: boolean;
  price: bigint;
  change: 'none' | 'soldFirst' | 'repriced';
}
const marketSpec: fc.Arbitrary<MarketSpec> = fc.record({
  seller: fc.integer({ min: 0, max: 1 }),
  aia: fc.boolean(),
  price: fc.bigInt({ min: 1n, max: 10n ** 10n }),
  change: fc.constantFrom<MarketSpec['change']>('none', 'none', 'soldFirst', 'repriced'),
});

const split = (gross: bigint) => {
  const fee = (gross * 25n) / 1000n;
  const royalty = (gross * 500n) / 10000n; // GameItems' ERC-2981 5 %
  return { fee, royalty, seller: gross - fee - royalty };
};

async function runCase(
  specs: Spec[],
  bulk: [boolean, boolean],
  marketSpecs: MarketSpec[],
  extra: bigint,
): Promise<void> {
  const snap = await f.snapshot();
  try {
    const now = (await f.publicClient.getBlock()).timestamp;
    const used = [0, 0];
    const items = specs.map((s, i) => {
      const k = used[s.seller]!++;
      const listing: SignedListingFields = {
        seller: sellers[s.seller]!.address,
        collection: s.erc1155 ? f.c.game1155 : f.c.game721,
        erc1155: s.erc1155,
        tokenId: s.erc1155 ? ids1155[s.seller]![k]! : tokens721[s.seller]![k]!,
        units: s.erc1155 ? s.units : 1n,
        coin: s.aia ? zeroAddress : f.c.usdt,
        pricePerUnit: s.price,
        start: s.window === 'notStarted' ? now + 10_000n : 0n,
        end: s.window === 'expired' ? 1n : FAR,
        salt: BigInt(i),
        counter: 0n,
      };
      return { spec: s, listing };
    });

    // Signatures: each seller's listings in one bulk tree (of one or more) or one by one.
    const fills: Fill[] = new Array(items.length);
    for (const [s, seller] of sellers.entries()) {
      const mine = items.map((it, i) => [it, i] as const).filter(([it]) => it.spec.seller === s);
      if (mine.length >= 1 && bulk[s]) {
        const signed = await signBulk(
          seller,
          mine.map(([it]) => it.listing),
          f.anvil.chainId,
          listings,
        );
        mine.forEach(([, i], j) => (fills[i] = signed[j]!));
      } else {
        for (const [it, i] of mine) {
          fills[i] = {
            listing: it.listing,
            signature: await signListing(seller, it.listing, f.anvil.chainId, listings),
            proof: [],
            index: 0n,
            units: it.listing.units,
          };
        }
      }
    }

    const signedFills = [...fills];
    // The chain changes under some of them; the buyer asks wrongly for others.
    const counterBumped = new Set<number>();
    const expected: boolean[] = [];
    for (const [i, { spec: s, listing }] of items.entries()) {
      const seller = sellers[s.seller]!;
      const active = s.window === 'active';
      let bought = active;
      switch (s.change) {
        case 'cancel':
          await f.write(
            seller,
            listingsCall(listings, 'cancelListings', [
              [listingOrderHash(listing, f.anvil.chainId, listings)],
            ]),
          );
          bought = false;
          break;
        case 'soldFirst':
          if (active) {
            const gross = listing.pricePerUnit * listing.units;
            await f.write(dave, buyCall(listings, fills[i]!, s.aia ? gross : 0n));
          }
          bought = false;
          break;
        case 'moved':
          await f.write(
            seller,
            s.erc1155
              ? {
                  address: f.c.game1155,
                  abi: gameItems1155Abi,
                  functionName: 'safeTransferFrom',
                  args: [seller.address, erin.address, listing.tokenId, 10n, '0x'],
                }
              : {
                  address: f.c.game721,
                  abi: gameItems721Abi,
                  functionName: 'transferFrom',
                  args: [seller.address, erin.address, listing.tokenId],
                },
          );
          bought = false;
          break;
        case 'counter':
          counterBumped.add(s.seller); // raised after every other change
          break;
        case 'overUnits':
          fills[i] = { ...fills[i]!, units: listing.units + 1n };
          bought = false;
          break;
        case 'wrongProof': {
          // Another listing's proof (bulk) or signature (single): it fits only its own.
          // Taken from the fills as signed, before any swap of this loop.
          const other = signedFills.findIndex((_, j) => j !== i);
          const mine = signedFills[i]!;
          // Two trees of one listing each share their proof (the padding leaf's hash).
          const sameProof = other >= 0 && signedFills[other]!.proof.join() === mine.proof.join();
          if (mine.proof.length > 0 && (i % 2 === 1 || other < 0 || sameProof)) {
            // Its own proof at the neighbouring leaf's index.
            fills[i] = { ...fills[i]!, index: mine.index ^ 1n };
            bought = false;
          } else if (other >= 0 && mine.proof.length > 0 && signedFills[other]!.proof.length > 0) {
            fills[i] = { ...fills[i]!, proof: signedFills[other]!.proof };
            bought = false;
          } else if (other >= 0 && signedFills[other]!.signature !== mine.signature) {
            fills[i] = { ...fills[i]!, signature: signedFills[other]!.signature };
            bought = false;
          }
          break;
        }
        default:
          break;
      }
      expected.push(bought);
    }
    // A counter bump cancels every listing of that seller signed before it.
    for (const s of counterBumped) {
      await f.write(sellers[s]!, listingsCall(listings, 'incrementCounter'));
    }
    items.forEach(({ spec: s }, i) => {
      if (counterBumped.has(s.seller)) expected[i] = false;
    });

    // On-chain listings: listed on the market, some bought by dave or repriced meanwhile.
    const usedMarket = [0, 0];
    const marketBuys: MarketBuy[] = [];
    const marketExpected: boolean[] = [];
    for (const ms of marketSpecs) {
      const seller = sellers[ms.seller]!;
      const tokenId = marketTokens[ms.seller]![usedMarket[ms.seller]!++]!;
      const coin = ms.aia ? zeroAddress : f.c.usdt;
      const created = await f.write(seller, f.mk.list(f.c.game721, tokenId, 1n, ms.price, coin));
      const itemId = BigInt(created.logs.at(-1)!.topics[1]!);
      if (ms.change === 'soldFirst') {
        await f.write(
          dave,
          f.mk.buy(itemId, 1n, priceHash(f.c.game721, tokenId, ms.price), ms.aia ? ms.price : 0n),
        );
      } else if (ms.change === 'repriced') {
        await f.write(seller, f.mk.modify(itemId, ms.price + 1n));
      }
      marketBuys.push({
        itemId,
        amount: 1n,
        nftContract: f.c.game721,
        erc1155: false,
        tokenId,
        coin,
        price: ms.price,
      });
      marketExpected.push(ms.change === 'none');
    }

    // The sweep, with every AIA item's price sent (skipped ones too) and some extra.
    const aiaAsked =
      items.reduce(
        (sum, { spec: s, listing }, i) =>
          s.aia ? sum + listing.pricePerUnit * fills[i]!.units : sum,
        0n,
      ) + marketSpecs.reduce((sum, ms) => (ms.aia ? sum + ms.price : sum), 0n);
    const parties = [carol, ...sellers, feeAccount, royaltyAccount].map((a: Actor) => a.address);
    await withdrawCollected(f, listings, erin);
    const before = await Promise.all(
      [zeroAddress, f.c.usdt].map((coin) => Promise.all(parties.map((p) => f.balance(coin, p)))),
    );
    const receipt = await f.write(carol, sweepCall(listings, fills, marketBuys, aiaAsked + extra));
    // The contract holds exactly the fees of the signed items bought (these collections' royalty
    // is ERC-2981, paid at once), per coin; the withdrawal pays them to the fee address.
    const collected = [0n, 0n];
    items.forEach(({ spec: s, listing }, i) => {
      if (expected[i]) collected[s.aia ? 0 : 1]! += split(listing.pricePerUnit * listing.units).fee;
    });
    expect([await f.nativeBalance(listings), await f.balance(f.c.usdt, listings)]).toEqual(
      collected,
    );
    expect(await collectedOf(f, listings)).toEqual(collected);
    await withdrawCollected(f, listings, erin);
    const after = await Promise.all(
      [zeroAddress, f.c.usdt].map((coin) => Promise.all(parties.map((p) => f.balance(coin, p)))),
    );

    // The model's deltas per coin: buyer, alice, bob, fee, royalty.
    const deltas = [0, 1].map(() => [0n, 0n, 0n, 0n, 0n]);
    items.forEach(({ spec: s, listing }, i) => {
      if (!expected[i]) return;
      const gross = listing.pricePerUnit * listing.units;
      const d = deltas[s.aia ? 0 : 1]!;
      const parts = split(gross);
      d[0]! -= gross;
      d[1 + s.seller]! += parts.seller;
      d[3]! += parts.fee;
      d[4]! += parts.royalty;
    });
    marketSpecs.forEach((ms, j) => {
      if (!marketExpected[j]) return;
      const d = deltas[ms.aia ? 0 : 1]!;
      const parts = split(ms.price);
      d[0]! -= ms.price;
      d[1 + ms.seller]! += parts.seller;
      d[3]! += parts.fee;
      d[4]! += parts.royalty;
    });
    expect(after.map((coin, c) => coin.map((v, p) => v - before[c]![p]!))).toEqual(deltas);
    expect(await f.nativeBalance(listings)).toBe(0n);
    expect(await f.balance(f.c.usdt, listings)).toBe(0n);

    const skipped = f
      .events<{ index: bigint }>(receipt, listingsAbi, 'SweepItemSkipped', listings)
      .map((e) => Number(e.index));
    expect(skipped).toEqual([...expected, ...marketExpected].flatMap((b, i) => (b ? [] : [i])));
    for (const [j, b] of marketBuys.entries()) {
      const holder = await f.read<Address>(tokenCall.ownerOf(f.c.game721, b.tokenId));
      // Bought: the sweeper holds it (never Listings); sold first: dave; repriced: the seller.
      const spec = marketSpecs[j]!;
      expect(holder).toBe(
        spec.change === 'none'
          ? carol.address
          : spec.change === 'soldFirst'
            ? dave.address
            : sellers[spec.seller]!.address,
      );
    }
    for (const [i, { listing }] of items.entries()) {
      const [filled, cancelled] = await f.read<readonly [bigint, boolean]>(
        listingsCall(listings, 'listingStatus', [
          listing.seller,
          listingOrderHash(listing, f.anvil.chainId, listings),
        ]),
      );
      const soldFirst = items[i]!.spec.change === 'soldFirst' && items[i]!.spec.window === 'active';
      expect(filled).toBe(expected[i] || soldFirst ? listing.units : 0n);
      expect(cancelled).toBe(items[i]!.spec.change === 'cancel');
      if (expected[i]) {
        const holder = listing.erc1155
          ? await f.read<bigint>({
              address: f.c.game1155,
              abi: gameItems1155Abi,
              functionName: 'balanceOf',
              args: [carol.address, listing.tokenId],
            })
          : await f.read<Address>(tokenCall.ownerOf(f.c.game721, listing.tokenId));
        expect(holder).toBe(listing.erc1155 ? listing.units : carol.address);
      }
    }
  } finally {
    await f.revert(snap);
  }
}

describe('Listings: sweep properties', () => {
  it(`a sweep conserves funds, skips only what cannot be bought (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(spec, { minLength: 1, maxLength: 8 }),
        fc.tuple(fc.boolean(), fc.boolean()),
        fc.array(marketSpec, { maxLength: 3 }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        runCase,
      ),
      { numRuns: NUM_RUNS },
    );
  }, 1_200_000);
});
