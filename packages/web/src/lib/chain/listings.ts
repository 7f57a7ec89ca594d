import { decodeEventLog, type Address, type Hex, type TransactionReceipt } from 'viem';
import { listingsAbi } from '@aiamarket/shared/abis';
import {
  LISTING_TYPES,
  MAX_SWEEP,
  listingDomain,
  listingTree,
  type SignedListingFields,
  type SignedListingInput,
  type SignedListingVO,
} from '@aiamarket/shared';
import { ensureAllowance, ensureApprovalForAll } from './approvals';
import { publicClient } from './client';
import { isNativeCoin } from './market';
import type { TxResult } from './send';
import { listingsContract, termsStruct } from './signed-order';
import { hashOf, type TxHashHandler } from './steps';
import type { ConnectedWallet } from './wallet';

// The writes and reads of the Listings contract: a listing is signed off-chain (many
// at once as one typed tree of the listings themselves, which the wallet shows one by one) with the shared EIP-712 domain and types; buying one,
// sweeping many and cancelling are transactions. `onHash` hears each hash, named by its step.

/** The Listings contract of this deployment (the listings' EIP-712 verifyingContract). */
export const listingsAddress = listingsContract.address;

/** The seller's counter on the contract; a listing signs the current one. */
export const readListingCounter = listingsContract.readCounter;

/** setApprovalForAll(Listings) of `collection` when missing: what lets signed listings fill. */
export async function approveListings(
  wallet: ConnectedWallet,
  collection: Address,
  onHash?: TxHashHandler,
): Promise<boolean> {
  return ensureApprovalForAll(
    wallet,
    collection,
    await listingsAddress(),
    hashOf(onHash, 'approval'),
  );
}

/** The seller's EIP-712 signature of one listing. */
export async function signListing(
  wallet: ConnectedWallet,
  listing: SignedListingFields,
): Promise<Hex> {
  return listingsContract.sign(wallet, (chainId, verifyingContract) => ({
    domain: listingDomain(chainId, verifyingContract),
    types: LISTING_TYPES,
    primaryType: 'Listing',
    message: listing,
  }));
}

/**
 * The seller's one signature over a bulk listing: BulkListing, the listings nested in pairs (the
 * shared listingTree, in this order), so the wallet shows every listing rather than a hash.
 */
export async function signListingTree(
  wallet: ConnectedWallet,
  listings: readonly SignedListingFields[],
): Promise<Hex> {
  const tree = listingTree(listings);
  return listingsContract.sign(wallet, (chainId, verifyingContract) =>
    tree.typedData(chainId, verifyingContract),
  );
}

/** The contract's struct of a signed listing (decimal text -> integers). */
export function listingStruct(s: SignedListingInput): SignedListingFields {
  return {
    seller: s.seller as Address,
    collection: s.collection as Address,
    erc1155: s.erc1155,
    tokenId: BigInt(s.tokenId),
    units: BigInt(s.units),
    ...termsStruct(s),
  };
}

/** The Fill of `units` of a stored signed listing. */
export function fillOf(s: SignedListingVO, units: bigint) {
  return {
    listing: listingStruct(s),
    signature: s.signature as Hex,
    proof: s.proof as readonly Hex[],
    index: BigInt(s.index),
    units,
  };
}

/** Listings.buy of `units` of one signed listing: ERC-20 approved first, AIA as the value. */
export async function buySignedListing(
  wallet: ConnectedWallet,
  signed: SignedListingVO,
  units: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const listings = await listingsAddress();
  const total = BigInt(signed.pricePerUnit) * units;
  const native = isNativeCoin(signed.coin);
  if (!native) {
    await ensureAllowance(
      wallet,
      signed.coin as Address,
      listings,
      total,
      hashOf(onHash, 'allowance'),
    );
  }
  return listingsContract.write(
    wallet,
    'buy',
    [fillOf(signed, units)],
    hashOf(onHash, 'buy'),
    native ? total : undefined,
  );
}

/** One line of a sweep: a signed listing (with its stored terms) or a market listing. */
export type SweepLine =
  | {
      kind: 'signed';
      key: string;
      signed: SignedListingVO;
      units: bigint;
    }
  | {
      kind: 'market';
      key: string;
      itemId: bigint;
      nft: Address;
      erc1155: boolean;
      tokenId: bigint;
      coin: Address;
      /** The unit price the buyer saw: a changed price makes the market refuse (skipped). */
      price: bigint;
      units: bigint;
    };

export interface SweepPlan {
  fills: ReturnType<typeof fillOf>[];
  /** The order hash of each fill, in the same order. */
  fillHashes: Hex[];
  marketBuys: {
    itemId: bigint;
    amount: bigint;
    nftContract: Address;
    erc1155: boolean;
    tokenId: bigint;
    coin: Address;
    price: bigint;
  }[];
  /** The line keys in the contract's item order: signed fills first, then market buys. */
  order: string[];
  /** The native AIA sent as the value (everything skipped comes back in the same transaction). */
  value: bigint;
  /** Per ERC-20 coin (lower-case address), the total to approve to Listings once. */
  erc20: Map<string, bigint>;
}

/** Splits a cart into the sweep's arguments, summing what each coin pays. */
export function planSweep(lines: readonly SweepLine[]): SweepPlan {
  if (lines.length === 0 || lines.length > MAX_SWEEP) {
    throw new RangeError(`a sweep buys 1 to ${MAX_SWEEP} listings`);
  }
  const plan: SweepPlan = {
    fills: [],
    fillHashes: [],
    marketBuys: [],
    order: [],
    value: 0n,
    erc20: new Map(),
  };
  const pay = (coin: string, amount: bigint) => {
    if (isNativeCoin(coin)) plan.value += amount;
    else {
      const key = coin.toLowerCase();
      plan.erc20.set(key, (plan.erc20.get(key) ?? 0n) + amount);
    }
  };
  const market: string[] = [];
  for (const line of lines) {
    if (line.kind === 'signed') {
      plan.fills.push(fillOf(line.signed, line.units));
      plan.fillHashes.push(line.signed.orderHash as Hex);
      plan.order.push(line.key);
      pay(line.signed.coin, BigInt(line.signed.pricePerUnit) * line.units);
    } else {
      plan.marketBuys.push({
        itemId: line.itemId,
        amount: line.units,
        nftContract: line.nft,
        erc1155: line.erc1155,
        tokenId: line.tokenId,
        coin: line.coin,
        price: line.price,
      });
      market.push(line.key);
      pay(line.coin, line.price * line.units);
    }
  }
  plan.order.push(...market);
  return plan;
}

/** What a sweep did to each line, by key: bought, or skipped and refunded. */
export interface SweepOutcome {
  bought: string[];
  skipped: string[];
}

/**
 * The outcome per line from the sweep's receipt: SweepItemSkipped names the item index of a
 * skipped line; ListingFilled (by order hash) and MarketItemSwept (by item id) confirm the
 * bought ones; a line none of them names counts as not bought.
 */
export function sweepOutcome(
  plan: SweepPlan,
  logs: TransactionReceipt['logs'],
  listings: Address,
): SweepOutcome {
  const skippedIndex = new Set<number>();
  const filledHashes = new Set<string>();
  const n = plan.fills.length;
  const sweptItems = new Set<bigint>();
  for (const log of logs) {
    if (log.address.toLowerCase() !== listings.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: listingsAbi, data: log.data, topics: log.topics });
      if (event.eventName === 'SweepItemSkipped') skippedIndex.add(Number(event.args.index));
      if (event.eventName === 'ListingFilled') filledHashes.add(event.args.orderHash.toLowerCase());
      if (event.eventName === 'MarketItemSwept') sweptItems.add(event.args.itemId);
    } catch {
      // Another event of the contract: says nothing of the lines.
    }
  }
  const outcome: SweepOutcome = { bought: [], skipped: [] };
  plan.order.forEach((key, index) => {
    if (skippedIndex.has(index)) outcome.skipped.push(key);
    else {
      const confirmed =
        index < n
          ? filledHashes.has(plan.fillHashes[index]!.toLowerCase())
          : sweptItems.has(plan.marketBuys[index - n]!.itemId);
      (confirmed ? outcome.bought : outcome.skipped).push(key);
    }
  });
  return outcome;
}

/**
 * Listings.sweep of the plan: each ERC-20 approved to Listings once for its total, the native
 * part as the value; the receipt's logs say what was bought. Skipped lines are refunded by the
 * contract in the same transaction.
 */
export async function sweepListings(
  wallet: ConnectedWallet,
  plan: SweepPlan,
  onHash?: TxHashHandler,
): Promise<TxResult & { outcome: SweepOutcome }> {
  const listings = await listingsAddress();
  for (const [coin, total] of plan.erc20) {
    await ensureAllowance(wallet, coin as Address, listings, total, hashOf(onHash, 'allowance'));
  }
  const result = await listingsContract.write(
    wallet,
    'sweep',
    [plan.fills, plan.marketBuys],
    hashOf(onHash, 'sweep'),
    plan.value > 0n ? plan.value : undefined,
  );
  const c = await publicClient();
  const receipt = await c.getTransactionReceipt({ hash: result.hash });
  return { ...result, outcome: sweepOutcome(plan, receipt.logs, listings) };
}

/** cancelListings of the wallet's signed listings with these order hashes (one transaction). */
export const cancelSignedListings = listingsContract.cancel;

/** incrementCounter: cancels every listing the wallet signed so far. */
export const cancelAllListings = listingsContract.cancelAll;
