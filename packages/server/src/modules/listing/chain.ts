// What listing/create reads from the chain now, in one multicall at the latest block: each
// seller's counter on the Listings contract, the market's coin allow-list, whether each seller
// holds each listed token (ERC721 ownerOf, ERC1155 balanceOf) and has approved the Listings
// contract on each collection.
import { erc721Abi, parseAbi, type Address, type PublicClient } from 'viem';
import {
  LISTING_TYPES,
  listingDomain,
  listingStructHash,
  sortedMerkleTree,
} from '@aiamarket/shared';
import type { SignedListingFields } from '@aiamarket/shared';
import { listingsAbi, marketplaceAbi } from '@aiamarket/shared/abis';
import { marketOf } from '../../chain/signed-order/market-of.js';

const erc1155BalanceAbi = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
]);

/** The typed data of one listing signed alone. */
export function listingTypedData(chainId: number, listingsAddr: Address, l: SignedListingFields) {
  return {
    domain: listingDomain(chainId, listingsAddr),
    types: LISTING_TYPES,
    primaryType: 'Listing' as const,
    // A plain record: viem's verify parameters take the message as Record<string, unknown>.
    message: { ...l },
  };
}

/**
 * The retired bulk form, ListingTree(bytes32 root) over sorted pairs: a wallet showed only the
 * hash. Kept here only to tell a client that still signs it why it is refused.
 */
export function retiredListingTreeTypedData(
  chainId: number,
  listingsAddr: Address,
  listings: readonly SignedListingFields[],
) {
  return {
    domain: listingDomain(chainId, listingsAddr),
    types: { ListingTree: [{ name: 'root', type: 'bytes32' }] },
    primaryType: 'ListingTree' as const,
    message: { root: sortedMerkleTree(listings.map(listingStructHash)).root },
  };
}

export interface ListingChainState {
  counter: bigint;
  coinAllowed: boolean;
  /** The seller holds `units` of the token now. */
  held: boolean;
  /** isApprovedForAll(seller, Listings) on the collection. */
  approved: boolean;
}

/**
 * The chain state of each listing, read together at one block. An unreachable node throws (the
 * error handler answers 10020); a token that does not exist (ownerOf reverts) or a collection that answers nothing reads as
 * not held / not approved.
 */
export async function readListingStates(
  client: PublicClient,
  listingsAddr: Address,
  listings: readonly SignedListingFields[],
): Promise<ListingChainState[]> {
  const market = await marketOf(client, listingsAddr);
  const sellers = [...new Set(listings.map((l) => l.seller))];
  const coins = [...new Set(listings.map((l) => l.coin))];
  const pairs = [...new Set(listings.map((l) => `${l.collection}:${l.seller}`))];
  const results = await client.multicall({
    contracts: [
      ...sellers.map(
        (s) =>
          ({
            address: listingsAddr,
            abi: listingsAbi,
            functionName: 'counterOf',
            args: [s],
          }) as const,
      ),
      ...coins.map(
        (c) =>
          ({
            address: market,
            abi: marketplaceAbi,
            functionName: 'isCoinAllowed',
            args: [c],
          }) as const,
      ),
      ...pairs.map((p) => {
        const [collection, seller] = p.split(':') as [Address, Address];
        return {
          address: collection,
          abi: erc721Abi,
          functionName: 'isApprovedForAll',
          args: [seller, listingsAddr],
        } as const;
      }),
      ...listings.map((l) =>
        l.erc1155
          ? ({
              address: l.collection,
              abi: erc1155BalanceAbi,
              functionName: 'balanceOf',
              args: [l.seller, l.tokenId],
            } as const)
          : ({
              address: l.collection,
              abi: erc721Abi,
              functionName: 'ownerOf',
              args: [l.tokenId],
            } as const),
      ),
    ],
    allowFailure: true,
    deployless: true,
  });
  let at = 0;
  const take = () => results[at++]!;
  const counters = new Map<string, bigint>();
  for (const s of sellers) {
    const r = take();
    if (r.status === 'failure') throw r.error;
    counters.set(s, r.result as bigint);
  }
  const allowed = new Map<string, boolean>();
  for (const c of coins) {
    const r = take();
    if (r.status === 'failure') throw r.error;
    allowed.set(c, r.result as boolean);
  }
  const approvals = new Map<string, boolean>();
  for (const p of pairs) {
    const r = take();
    approvals.set(p, r.status === 'success' && r.result === true);
  }
  return listings.map((l) => {
    const r = take();
    let held = false;
    if (r.status === 'success') {
      held = l.erc1155
        ? (r.result as bigint) >= l.units
        : (r.result as string).toLowerCase() === l.seller.toLowerCase();
    }
    return {
      counter: counters.get(l.seller)!,
      coinAllowed: allowed.get(l.coin)!,
      held,
      approved: approvals.get(`${l.collection}:${l.seller}`)!,
    };
  });
}
