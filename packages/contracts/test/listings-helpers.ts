// Shared by the listings tests: approvals for the Listings contract, signing a listing or a
// bulk tree (EIP-712 with the shared types), and the buy / sweep calls.
import { LISTING_TYPES, listingDomain, listingTree } from '@aiamarket/shared';
import type { SignedListingFields } from '@aiamarket/shared';
import { listingsAbi } from '@aiamarket/shared/abis';
import { zeroAddress } from 'viem';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tokenCall } from './token-calls.js';
import type { Actor, Call, Fixture } from './fixture.js';

export function listingsAddress(f: Fixture): Address {
  return f.deployment.contracts['Listings']!.address as Address;
}

/** Each user lets the Listings contract move its game tokens and pull its stable coins. */
export async function approveListings(f: Fixture, users: Actor[]): Promise<void> {
  const listings = listingsAddress(f);
  for (const user of users) {
    for (const nft of [f.c.game721, f.c.game1155]) {
      await f.write(user, tokenCall.approveAll(nft, listings));
    }
    await f.write(user, tokenCall.approve(f.c.usdt, listings));
  }
}

export interface Fill {
  listing: SignedListingFields;
  signature: Hex;
  proof: readonly Hex[];
  /** Leaf index in the bulk tree (0 alone). */
  index: bigint;
  units: bigint;
}

/** One listing signed alone (empty proof). */
export function signListing(
  signer: Actor,
  listing: SignedListingFields,
  chainId: number,
  verifyingContract: Address,
): Promise<Hex> {
  return privateKeyToAccount(signer.privateKey).signTypedData({
    domain: listingDomain(chainId, verifyingContract),
    types: LISTING_TYPES,
    primaryType: 'Listing',
    message: listing,
  });
}

/**
 * Several listings under one signature over their BulkListing tree (the listings themselves,
 * as the wallet shows them): the fills of each (units: all of it).
 */
export async function signBulk(
  signer: Actor,
  listings: readonly SignedListingFields[],
  chainId: number,
  verifyingContract: Address,
): Promise<Fill[]> {
  const tree = listingTree(listings);
  const signature = await privateKeyToAccount(signer.privateKey).signTypedData(
    tree.typedData(chainId, verifyingContract),
  );
  return listings.map((listing, i) => ({
    listing,
    signature,
    proof: tree.proof(i),
    index: BigInt(i),
    units: listing.units,
  }));
}

export interface MarketBuy {
  itemId: bigint;
  amount: bigint;
  nftContract: Address;
  erc1155: boolean;
  tokenId: bigint;
  coin: Address;
  price: bigint;
}

export const buyCall = (listings: Address, fill: Fill, value = 0n): Call => ({
  address: listings,
  abi: listingsAbi,
  functionName: 'buy',
  args: [fill],
  value,
});

export const sweepCall = (
  listings: Address,
  fills: readonly Fill[],
  marketBuys: readonly MarketBuy[] = [],
  value = 0n,
): Call => ({
  address: listings,
  abi: listingsAbi,
  functionName: 'sweep',
  args: [fills, marketBuys],
  value,
});

export const listingsCall = (
  listings: Address,
  functionName: string,
  args: readonly unknown[] = [],
): Call => ({ address: listings, abi: listingsAbi, functionName, args });

/**
 * What the Listings contract collected and holds (fees per coin, AIA royalties of the game
 * collections): its AIA and stable-coin balances must equal these.
 */
export async function collectedOf(f: Fixture, listings: Address): Promise<[bigint, bigint]> {
  const read = (functionName: string, arg: Address) =>
    f.read<bigint>(listingsCall(listings, functionName, [arg]));
  const [aiaFees, usdtFees, r721, r1155] = await Promise.all([
    read('feesOf', zeroAddress),
    read('feesOf', f.c.usdt),
    read('royaltiesOf', f.c.game721),
    read('royaltiesOf', f.c.game1155),
  ]);
  return [aiaFees + r721 + r1155, usdtFees];
}

/** Pays out everything collected (anyone may: `by` is a bystander) and checks none is left. */
export async function withdrawCollected(f: Fixture, listings: Address, by: Actor): Promise<void> {
  for (const coin of [zeroAddress, f.c.usdt]) {
    await f.write(by, listingsCall(listings, 'withdrawFees', [coin]));
  }
  for (const collection of [f.c.game721, f.c.game1155]) {
    await f.write(by, listingsCall(listings, 'withdrawRoyalties', [collection]));
  }
  if ((await collectedOf(f, listings)).some((v) => v !== 0n)) throw new Error('left collected');
}
