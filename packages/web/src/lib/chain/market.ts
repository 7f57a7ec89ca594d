import { erc1155Abi, erc721Abi, type Address } from 'viem';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import {
  CONTRACT_TYPE,
  NATIVE_COIN_ADDRESS,
  royaltyPercentToRate,
  type ContractType,
} from '@aiamarket/shared';
import { ensureAllowance, ensureApprovalForAll } from './approvals';
import { deployedContract } from './contract';
import { sendContractCall, type TxResult } from './send';
import { hashOf, type TxHashHandler } from './steps';
import type { ConnectedWallet } from './wallet';

// The marketplace writes of spec doc 1 section 4 (list, buy, cancel, change price, transfer,
// royalty), each with the approval it needs first. `onHash` hears every transaction's hash,
// named by its step, as soon as the wallet sent it.

export type { TxStep, TxHashHandler } from './steps';

/** The marketplace of this deployment. */
export const marketplace = deployedContract('Marketplace', marketplaceAbi);

/** The marketplace's address (what every order also carries as marketAddr). */
export const marketAddress = marketplace.address;

export const isNativeCoin = (coin: string) => coin.toLowerCase() === NATIVE_COIN_ADDRESS;

export interface ListingInput {
  nft: Address;
  tokenId: bigint;
  amount: bigint;
  /** Unit price in the coin's base units. */
  priceWei: bigint;
  coin: Address;
}

/** Approval for all (when missing), then createMarketItem. */
export async function listItem(
  wallet: ConnectedWallet,
  listing: ListingInput,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const market = await marketAddress();
  await ensureApprovalForAll(wallet, listing.nft, market, hashOf(onHash, 'approval'));
  return marketplace.write(
    wallet,
    'createMarketItem',
    [listing.nft, listing.tokenId, listing.amount, listing.priceWei, listing.coin],
    hashOf(onHash, 'list'),
  );
}

export interface BuyInput {
  orderId: bigint;
  nft: Address;
  tokenId: bigint;
  /** The unit price the buyer saw, in base units: a changed price reverts (PriceChanged). */
  priceWei: bigint;
  coin: Address;
  quantity: bigint;
}

/** The market's hash of (contract, tokenId, price, salt), read from the contract itself. */
export async function priceHashOf(nft: Address, tokenId: bigint, priceWei: bigint) {
  return marketplace.read('priceHash', [nft, tokenId, priceWei]);
}

/** Stable coin: allowance, approve when short, then buy. AIA: the total goes as the value. */
export async function buyItem(
  wallet: ConnectedWallet,
  buy: BuyInput,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const market = await marketAddress();
  const total = buy.priceWei * buy.quantity;
  const native = isNativeCoin(buy.coin);
  if (!native) await ensureAllowance(wallet, buy.coin, market, total, hashOf(onHash, 'allowance'));
  const expected = await priceHashOf(buy.nft, buy.tokenId, buy.priceWei);
  return marketplace.write(
    wallet,
    'createMarketSale',
    [buy.orderId, buy.quantity, expected],
    hashOf(onHash, 'buy'),
    native ? total : undefined,
  );
}

/** cancelMarketItem: the seller's cancel, or anyone's force cancel of a stale listing. */
export async function cancelListing(
  wallet: ConnectedWallet,
  orderId: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return marketplace.write(wallet, 'cancelMarketItem', [orderId], hashOf(onHash, 'cancel'));
}

/** modifyPrice of the seller's listing (new unit price in base units). */
export async function modifyPrice(
  wallet: ConnectedWallet,
  orderId: bigint,
  priceWei: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return marketplace.write(
    wallet,
    'modifyPrice',
    [orderId, priceWei],
    hashOf(onHash, 'changePrice'),
  );
}

export interface TransferInput {
  nft: Address;
  contractType: ContractType;
  tokenId: bigint;
  to: Address;
  amount: bigint;
}

/** safeTransferFrom of an ERC721 or `amount` of an ERC1155. */
export async function transferItem(
  wallet: ConnectedWallet,
  t: TransferInput,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const call =
    t.contractType === CONTRACT_TYPE.erc1155
      ? {
          address: t.nft,
          abi: erc1155Abi,
          functionName: 'safeTransferFrom',
          args: [wallet.account, t.to, t.tokenId, t.amount, '0x'] as const,
        }
      : {
          address: t.nft,
          abi: erc721Abi,
          functionName: 'safeTransferFrom',
          args: [wallet.account, t.to, t.tokenId] as const,
        };
  return sendContractCall(wallet, call, hashOf(onHash, 'transfer'));
}

/** setRoyaltyRate(collection, receiver, percent x 100) by the collection's owner; percent as typed. */
export async function setRoyaltyRate(
  wallet: ConnectedWallet,
  nft: Address,
  receiver: Address,
  percent: string,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return marketplace.write(
    wallet,
    'setRoyaltyRate',
    [nft, receiver, BigInt(royaltyPercentToRate(percent))],
    hashOf(onHash, 'royalty'),
  );
}

/** The royalty the market holds for a collection: receiver and percent x 100 (`set` false: none). */
export async function readRoyaltyRate(nft: Address) {
  const [receiver, rate, set] = await marketplace.read('royaltyRateOf', [nft]);
  return { receiver, rate, set };
}

/** A sale price whose royalty amount is the royalty percent x 10 000 (exact to 0.0001 %). */
const ROYALTY_PROBE = 1_000_000n;

/**
 * The royalty percent a sale of this token pays, as the market computes it (its own rate, or the
 * collection's ERC-2981 capped at 10 %).
 */
export async function readRoyaltyPercent(nft: Address, tokenId: bigint): Promise<number> {
  const [, amount] = await marketplace.read('royaltyOf', [nft, tokenId, ROYALTY_PROBE]);
  return Number(amount) / 10_000;
}
