// The rules of signed listings: what listing/create checks before it stores (every listing, the
// first refused one answered with its index), the listings a replaced contract ended, and the
// sweep quote. Routes parse and answer only.
import { formatUnits, getAddress, type Address, type Hex } from 'viem';
import {
  addDecimals,
  ApiError,
  CONTRACT_TYPE,
  ERRORS,
  LISTING_LIMITS,
  LISTING_TYPES,
  listingOrderHash,
  listingTree,
  sweepUnits,
  toReference,
  type ErrorName,
  type SignedListingFields,
  type SweepCoinTotalVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import type { CoinCatalog } from '../../chain/coins.js';
import { isTypedSignatureValid } from '../../chain/signature.js';
import { currentRateOf } from '../../db/coin-rates.js';
import { storeWithinListingsCap } from '../../db/signer-caps.js';
import type { NewSignedListingRow } from '../../db/schema.js';
import { orderViews } from '../../read-models/order-view.js';
import { refusal } from '../../http/refusal.js';
import { signedFieldsOf } from '../../chain/signed-order/signed-fields.js';
import * as terms from '../../chain/signed-order/terms.js';
import { listingTypedData, readListingStates, retiredListingTreeTypedData } from './chain.js';
import type { ListingCreateInput } from './input.js';
import {
  cheapestListings,
  collectionTypesOf,
  retiredListingsOf,
  storeListings,
} from './queries.js';

/** A refusal of the listing at `index` of the request (`data.index`). */
const refuseAt = (name: ErrorName, index: number, params?: Record<string, string | number>) =>
  refusal(name, params).withData({ index });

type Typed = Parameters<typeof isTypedSignatureValid>[2];

/** The signed listings of one server: its database, chain, deployment and limits. */
export function listingService(ctx: ServerContext, coins: CoinCatalog) {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const listingsAddrOf = () => ctx.deployment?.contracts['Listings']?.address.toLowerCase();

  /** Price, units and time window of each listing, before anything is read. */
  function checkTerms(listings: readonly SignedListingFields[]) {
    const now = terms.nowSeconds();
    const maxDays = LISTING_LIMITS.maxDurationDays;
    listings.forEach((l, i) => {
      if (!terms.isPriceValid(l.pricePerUnit)) throw refuseAt('listingPriceInvalid', i);
      if (!terms.areUnitsValid(l.units, !l.erc1155)) throw refuseAt('listingUnitsInvalid', i);
      if (!terms.isTimeWindowValid(l, maxDays, now)) {
        throw refuseAt('listingTimeInvalid', i, { days: maxDays });
      }
    });
  }

  /**
   * Each listing signed by its seller; answers the sellers. Each seller signs once: the same
   * digest is checked once per seller.
   */
  async function checkSignatures(
    verifying: Address,
    listings: readonly SignedListingFields[],
    typed: Typed,
    signature: Hex,
    bulk: boolean,
  ): Promise<string[]> {
    const validFor = new Map<string, Promise<boolean>>();
    for (const [i, l] of listings.entries()) {
      let valid = validFor.get(l.seller);
      if (!valid) {
        valid = isTypedSignatureValid(ctx.chain, l.seller, typed, signature);
        validFor.set(l.seller, valid);
      }
      if (await valid) continue;
      // A client still signing the bare root learns why, rather than "not the seller".
      const retired = bulk && retiredListingTreeTypedData(chainId, verifying, listings);
      if (retired && (await isTypedSignatureValid(ctx.chain, l.seller, retired, signature))) {
        throw refuseAt('listingTreeHashOnly', i);
      }
      throw refuseAt('listingSignatureInvalid', i);
    }
    return [...validFor.keys()];
  }

  /** The collections the index follows, the counters, coins, holdings and approvals now. */
  async function checkState(verifying: Address, listings: readonly SignedListingFields[]) {
    const types = await collectionTypesOf(
      db,
      chainId,
      listings.map((l) => l.collection),
    );
    listings.forEach((l, i) => {
      const expected = l.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
      if (types.get(l.collection) !== expected) throw refuseAt('listingCollectionUnknown', i);
    });
    const states = await readListingStates(ctx.chain, verifying, listings);
    states.forEach((s, i) => {
      if (s.counter !== listings[i]!.counter) throw refuseAt('listingCounterStale', i);
      if (!s.coinAllowed) throw refuseAt('listingCoinNotAllowed', i);
      if (!s.held) throw refuseAt('listingNotHeld', i);
      if (!s.approved) throw refuseAt('listingNotApproved', i);
    });
  }

  /**
   * Checks signed listings and stores them; answers their order hashes in the request's order.
   * `admitSeller` runs once per seller whose signature holds (the per-seller rate limit).
   */
  async function create(
    input: ListingCreateInput,
    admitSeller: (seller: string) => Promise<void>,
  ): Promise<string[]> {
    const listingsAddr = listingsAddrOf();
    if (!listingsAddr) throw new ApiError(ERRORS.listingsUnavailable);
    const verifying = getAddress(listingsAddr);
    const signature = input.signature.toLowerCase() as Hex;
    const listings = input.listings.map((l) =>
      signedFieldsOf<SignedListingFields>(LISTING_TYPES.Listing, l),
    );
    checkTerms(listings);

    const tree = input.bulk ? listingTree(listings) : null;
    const typed = tree
      ? tree.typedData(chainId, verifying)
      : listingTypedData(chainId, verifying, listings[0]!);
    const sellers = await checkSignatures(verifying, listings, typed, signature, input.bulk);
    for (const seller of sellers) await admitSeller(seller);
    await checkState(verifying, listings);

    const orderHashes = listings.map((l) => listingOrderHash(l, chainId, verifying));
    const seen = new Set<string>();
    const rows = listings.flatMap((l, i): NewSignedListingRow[] => {
      const orderHash = orderHashes[i]!;
      // The same listing twice in one bulk is one listing.
      if (seen.has(orderHash)) return [];
      seen.add(orderHash);
      return [
        {
          chainId,
          listingsAddr,
          orderHash,
          seller: l.seller,
          contractAddr: l.collection,
          erc1155: l.erc1155,
          tokenId: l.tokenId.toString(),
          units: l.units.toString(),
          coin: l.coin,
          pricePerUnit: l.pricePerUnit.toString(),
          startTime: new Date(Number(l.start) * 1000),
          endTime: new Date(Number(l.end) * 1000),
          salt: l.salt.toString(),
          counter: l.counter.toString(),
          signature,
          root: tree?.root ?? null,
          proof: tree ? tree.proof(i) : [],
          treeIndex: tree ? i : 0,
        },
      ];
    });
    const maxOpen = ctx.config.maxOpenPerSigner.listings;
    await storeWithinListingsCap(db, chainId, maxOpen, rows, storeListings);
    return orderHashes;
  }

  /** A seller's listings a replaced Listings contract ended that are worth listing again. */
  async function retired(seller: string) {
    return orderViews(db, coins, chainId, await retiredListingsOf(db, chainId, seller));
  }

  /**
   * The `count` cheapest buyable units of a collection (the last listing only in part), with
   * the totals per coin and the exact total in the reference unit (null when a coin has no rate).
   */
  async function sweepQuote(contractAddr: string, count: number, buyer: string | undefined) {
    // Every listing has at least one unit left: `count` listings always hold `count` units.
    const rows = await cheapestListings(db, chainId, contractAddr, count, buyer);
    const views = await orderViews(db, coins, chainId, rows);
    const units = sweepUnits(
      views.map((r) => BigInt(r.leftAmount)),
      BigInt(count),
    );
    const records = views
      .map((r, i) => ({ ...r, units: units[i]!.toString() }))
      .filter((r) => r.units !== '0');
    const wei = new Map<string, bigint>();
    for (const r of records) {
      wei.set(r.moneyAddr, (wei.get(r.moneyAddr) ?? 0n) + BigInt(r.priceWei) * BigInt(r.units));
    }
    const totals: SweepCoinTotalVO[] = [];
    const refs: (string | null)[] = [];
    for (const [moneyAddr, totalWei] of wei) {
      const coin = records.find((r) => r.moneyAddr === moneyAddr)!;
      const total = formatUnits(totalWei, coin.coinDecimals);
      totals.push({
        coin: coin.coin,
        moneyAddr,
        coinDecimals: coin.coinDecimals,
        total,
        totalWei: totalWei.toString(),
      });
      const rate = await currentRateOf(db, chainId, moneyAddr);
      refs.push(rate === null ? null : toReference(total, rate));
    }
    const totalRef = refs.some((r) => r === null) ? null : addDecimals(refs as string[]);
    return { records, totals, totalRef };
  }

  return { create, retired, sweepQuote };
}

export type ListingService = ReturnType<typeof listingService>;
