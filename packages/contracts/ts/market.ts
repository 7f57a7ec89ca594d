import { encodeAbiParameters, keccak256, toBytes } from 'viem';
import type { Address, Hex } from 'viem';

/** The salt in the marketplace's price hash (its PRICE_HASH_SALT constant). */
export const PRICE_HASH_SALT: Hex = keccak256(toBytes('aiamarket.marketplace.price.v1'));

/**
 * The hash a buy (createMarketSale) must carry: keccak256(abi.encode(nftContract, tokenId,
 * price, PRICE_HASH_SALT)), with price the unit price the buyer saw. Same as the contract's
 * `priceHash` view.
 */
export function priceHash(nftContract: Address, tokenId: bigint, price: bigint): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes32' }],
      [nftContract, tokenId, price, PRICE_HASH_SALT],
    ),
  );
}

/** Listing status numbers of the marketplace (same as ORDER_STATUS in @aiamarket/shared). */
export const ITEM_STATUS = { listed: 0, sold: 1, cancelled: 2, forceCancelled: 3 } as const;
/** Contract type numbers of the marketplace and the launchpads' swap source type. */
export const CONTRACT_KIND = { erc721: 0, erc1155: 1 } as const;
/** Launchpad getState() numbers: defined once in @aiamarket/shared. */
export { SALE_STATE } from '@aiamarket/shared';
