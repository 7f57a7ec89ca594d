// Property test of payouts that fail (pull payments). Each run: 1..5 signed listings and 0..2
// on-chain market listings of GameItems721, each in AIA or in a coin with a blocklist, each
// sold by an EOA, by a contract wallet that refuses AIA and is blocked by the coin, or by a
// wallet whose receive burns all its gas; the collection's ERC-2981 royalty goes to an EOA or
// to the refusing wallet, the market's fee to an EOA or to the gas burner. The buyer takes them
// all in one sweep, or one by one (Listings.buy, createMarketSale). Then:
//   - every item is bought (a refusing payee never sinks a trade);
//   - funds are conserved to the wei, per coin: what the buyer paid = what the payees received
//     + what was credited to refusers + the fees Listings collected;
//   - each payee received, or was credited, exactly its split (a model predicts which);
//   - Listings holds exactly its fees + its credits, the market exactly its credits;
//   - every credit can be withdrawn to another address, after which the contracts hold only
//     Listings' fees.
// Seeds: tools/testing/fast-check-seed.ts (FC_SEED / FC_PATH replay a failure); NUM_RUNS
// (default 60 here: each run is about twenty transactions) sets the number of runs.
import type { SignedListingFields } from '@aiamarket/shared';
import { gameItems721Abi, listingsAbi, marketplaceAbi } from '@aiamarket/shared/abis';
import fc from 'fast-check';
import { zeroAddress } from 'viem';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { priceHash } from '../ts/index.js';
import { alice, carol, dave, feeAccount, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import {
  REFUSING_PAYEE_ABIS,
  blockingCoin,
  contractWallet,
  viaWallet,
} from './payments-helpers.js';
import {
  approveListings,
  buyCall,
  listingsAddress,
  signListing,
  sweepCall,
} from './listings-helpers.js';
import type { Fill, MarketBuy } from './listings-helpers.js';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 60);
/** Which kinds of credit the runs produced (contract, coin, sweep or single buys). */
const seen = new Set<string>();

let listings: Address;
let blk: Address; // an ERC-20 whose blocklist holds the refusing wallet
let refusing: Address;
let burner: Address;

const f = useFixture(
  [listingsAbi, ...REFUSING_PAYEE_ABIS],
  async () => {
    listings = listingsAddress(f);
    await approveListings(f, [alice, carol]);
    refusing = await contractWallet(f, 'refusing', alice);
    burner = await contractWallet(f, 'burning', alice);
    for (const w of [refusing, burner]) {
      for (const operator of [listings, f.c.market]) {
        await f.write(alice, viaWallet(w, tokenCall.approveAll(f.c.game721, operator)));
      }
    }
    blk = await blockingCoin(f, refusing);
    await f.write(carol, tokenCall.mint(blk, carol.address, 10n ** 24n));
    for (const spender of [listings, f.c.market]) {
      await f.write(carol, tokenCall.approve(blk, spender));
    }
  },
  { isolate: false, timeout: 120_000 },
);

type Who = 'alice' | 'refusing' | 'burner';
interface Item {
  seller: Who;
  aia: boolean;
  price: bigint;
}
const item: fc.Arbitrary<Item> = fc.record({
  seller: fc.constantFrom<Who>('alice', 'refusing', 'burner'),
  aia: fc.boolean(),
  price: fc.bigInt({ min: 1n, max: 10n ** 15n }),
});
interface Case {
  signed: Item[];
  onChain: Item[];
  royaltyToWallet: boolean;
  feeToBurner: boolean;
  sweep: boolean;
}
const caseOf: fc.Arbitrary<Case> = fc.record({
  signed: fc.array(item, { minLength: 1, maxLength: 5 }),
  onChain: fc.array(item, { maxLength: 2 }),
  royaltyToWallet: fc.boolean(),
  feeToBurner: fc.boolean(),
  sweep: fc.boolean(),
});

const addressOf = (who: Who): Address =>
  who === 'alice' ? alice.address : who === 'refusing' ? refusing : burner;
/** The refusing wallet takes neither AIA nor the blocked coin; the burner takes no AIA. */
const refuses = (payee: Address, aia: boolean) => payee === refusing || (payee === burner && aia);

/** Sums per "contract|payee|coin" (contract '' for payments made). */
class Tally {
  readonly sums = new Map<string, bigint>();
  add(key: string, amount: bigint) {
    if (amount !== 0n) this.sums.set(key, (this.sums.get(key) ?? 0n) + amount);
  }
  get(key: string) {
    return this.sums.get(key) ?? 0n;
  }
}

async function runCase(c: Case): Promise<void> {
  const snap = await f.snapshot();
  try {
    const royaltyTo = c.royaltyToWallet ? refusing : royaltyAccount.address;
    const feeTo = c.feeToBurner ? burner : feeAccount.address;
    await f.write(owner, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'setDefaultRoyalty',
      args: [royaltyTo, 500n],
    });
    if (c.feeToBurner) await f.write(owner, f.mk.call('setFeeAddress', [feeTo]));

    // The model: who is paid (key contract '') or credited (key the contract) what.
    const expected = new Tally();
    const coinOf = (it: Item) => (it.aia ? zeroAddress : blk);
    const pay = (where: Address, payee: Address, it: Item, amount: bigint) => {
      const credited = refuses(payee, it.aia);
      expected.add(`${credited ? where : ''}|${payee}|${coinOf(it)}`, amount);
    };
    const spent = new Tally();
    const listingsFees = new Tally();

    const fills: Fill[] = [];
    for (const [i, it] of c.signed.entries()) {
      const seller = addressOf(it.seller);
      const [tokenId] = await f.mint721(seller);
      const listing: SignedListingFields = {
        seller,
        collection: f.c.game721,
        erc1155: false,
        tokenId: tokenId!,
        units: 1n,
        coin: coinOf(it),
        pricePerUnit: it.price,
        start: 0n,
        end: 2n ** 40n,
        salt: BigInt(i),
        counter: 0n,
      };
      fills.push({
        listing,
        signature: await signListing(alice, listing, f.anvil.chainId, listings),
        proof: [],
        index: 0n,
        units: 1n,
      });
      const fee = (it.price * 25n) / 1000n;
      const royalty = (it.price * 500n) / 10000n;
      pay(listings, seller, it, it.price - fee - royalty);
      pay(listings, royaltyTo, it, royalty);
      listingsFees.add(coinOf(it), fee);
      spent.add(coinOf(it), it.price);
    }
    const buys: MarketBuy[] = [];
    for (const it of c.onChain) {
      const seller = addressOf(it.seller);
      const [tokenId] = await f.mint721(seller);
      const list = f.mk.list(f.c.game721, tokenId!, 1n, it.price, coinOf(it));
      const receipt = await f.write(
        alice,
        seller === alice.address ? list : viaWallet(seller, list),
      );
      const [created] = f.events<{ itemId: bigint }>(receipt, marketplaceAbi, 'MarketItemCreated');
      buys.push({
        itemId: created!.itemId,
        amount: 1n,
        nftContract: f.c.game721,
        erc1155: false,
        tokenId: tokenId!,
        coin: coinOf(it),
        price: it.price,
      });
      const fee = (it.price * 25n) / 1000n;
      const royalty = (it.price * 500n) / 10000n;
      pay(f.c.market, seller, it, it.price - fee - royalty);
      pay(f.c.market, royaltyTo, it, royalty);
      pay(f.c.market, feeTo, it, fee);
      spent.add(coinOf(it), it.price);
    }

    const coins = [zeroAddress, blk] as const;
    const payees = [alice.address, refusing, burner, royaltyAccount.address, feeAccount.address];
    const balances = async () =>
      Promise.all(
        [carol.address, ...payees].flatMap((who) => coins.map((coin) => f.balance(coin, who))),
      );
    const before = await balances();

    if (c.sweep) {
      const receipt = await f.write(
        carol,
        sweepCall(listings, fills, buys, spent.get(zeroAddress) + 777n),
      );
      expect(f.events(receipt, listingsAbi, 'SweepItemSkipped', listings)).toEqual([]);
    } else {
      for (const fill of fills) {
        const aia = fill.listing.coin === zeroAddress;
        await f.write(carol, buyCall(listings, fill, aia ? fill.listing.pricePerUnit : 0n));
      }
      for (const b of buys) {
        const hash = priceHash(b.nftContract, b.tokenId, b.price);
        await f.write(carol, f.mk.buy(b.itemId, 1n, hash, b.coin === zeroAddress ? b.price : 0n));
      }
    }
    const after = await balances();

    // Every item went to the buyer.
    for (const tokenId of [...fills.map((x) => x.listing.tokenId), ...buys.map((b) => b.tokenId)]) {
      expect(await f.read<Address>(tokenCall.ownerOf(f.c.game721, tokenId))).toBe(carol.address);
    }

    const delta = (who: number, coin: number) => after[who * 2 + coin]! - before[who * 2 + coin]!;
    const owed = (contract: Address, payee: Address, coin: Address) =>
      f.read<bigint>({
        address: contract,
        abi: listingsAbi,
        functionName: 'owedTo',
        args: [coin, payee],
      });
    const total = (contract: Address, fn: string, coin: Address) =>
      f.read<bigint>({ address: contract, abi: listingsAbi, functionName: fn, args: [coin] });
    for (const [ci, coin] of coins.entries()) {
      const paidOut = payees.reduce((sum, _, pi) => sum + delta(pi + 1, ci), 0n);
      const credited =
        (await total(listings, 'owedTotal', coin)) + (await total(f.c.market, 'owedTotal', coin));
      const fees = await total(listings, 'feesOf', coin);
      // Conservation, from the chain's own figures.
      expect(-delta(0, ci)).toBe(spent.get(coin));
      expect(paidOut + credited + fees).toBe(spent.get(coin));
      expect(fees).toBe(listingsFees.get(coin));
      // Each payee: paid or credited exactly its split.
      for (const [pi, payee] of payees.entries()) {
        expect(delta(pi + 1, ci)).toBe(expected.get(`|${payee}|${coin}`));
        for (const contract of [listings, f.c.market]) {
          expect(await owed(contract, payee, coin)).toBe(
            expected.get(`${contract}|${payee}|${coin}`),
          );
        }
      }
      // The contracts hold exactly their dues.
      expect(await f.balance(coin, listings)).toBe(
        fees + (await total(listings, 'owedTotal', coin)),
      );
      expect(await f.balance(coin, f.c.market)).toBe(await total(f.c.market, 'owedTotal', coin));
    }

    for (const key of expected.sums.keys()) {
      const [contract, , coin] = key.split('|');
      if (!contract) continue;
      seen.add(
        `${contract === listings ? 'listings' : 'market'} ${coin === zeroAddress ? 'AIA' : 'BLK'} ${c.sweep ? 'sweep' : 'single'}`,
      );
    }

    // Every credit goes out to dave; then only Listings' fees remain.
    const daveBefore = await Promise.all(coins.map((coin) => f.balance(coin, dave.address)));
    const routed = [0n, 0n];
    for (const wallet of [refusing, burner]) {
      for (const contract of [listings, f.c.market]) {
        for (const [ci, coin] of coins.entries()) {
          const amount = await owed(contract, wallet, coin);
          if (amount === 0n) continue;
          await f.write(
            alice,
            viaWallet(wallet, {
              address: contract,
              abi: listingsAbi,
              functionName: 'withdrawOwed',
              args: [coin, dave.address],
            }),
          );
          routed[ci] = routed[ci]! + amount;
        }
      }
    }
    for (const [ci, coin] of coins.entries()) {
      expect((await f.balance(coin, dave.address)) - daveBefore[ci]!).toBe(routed[ci]);
      expect(await f.balance(coin, f.c.market)).toBe(0n);
      expect(await f.balance(coin, listings)).toBe(listingsFees.get(coin));
    }
  } finally {
    await f.revert(snap);
  }
}

describe('pull payments: properties', () => {
  it(`refusing payees never sink a trade and funds are conserved (${NUM_RUNS} runs)`, async () => {
    await fc.assert(fc.asyncProperty(caseOf, runCase), { numRuns: NUM_RUNS });
    // Not vacuous: credits in both contracts, both coins, sweeps and single buys.
    if (NUM_RUNS >= 60) expect(seen.size).toBe(8);
  }, 1_200_000);
});
