import { erc20Abi, type Address, type Hex } from 'viem';
import { wrappedAiaAbi } from '@aiamarket/shared/abis';
import {
  OFFER_TYPES,
  offerDomain,
  type SignedOfferFields,
  type SignedOfferVO,
} from '@aiamarket/shared';
import { allowanceOf, ensureApprovalForAll } from './approvals';
import { publicClient } from './client';
import { contractAt, deployedContract } from './contract';
import { marketplace } from './market';
import type { TxResult } from './send';
import { offersContract as offers, termsStruct } from './signed-order';
import { hashOf, type TxHashHandler } from './steps';
import type { ConnectedWallet } from './wallet';

// The writes and reads of the Offers contract: an offer is signed off-chain with the
// shared EIP-712 domain and types and paid in an ERC-20 the offerer keeps (AIA as the wrapped
// AIA); accepting, cancelling and the counter are transactions. `onHash` hears each hash, named
// by its step, as the market's writes do.

const wrappedAia = deployedContract('WrappedAIA', wrappedAiaAbi);

/** The Offers contract of this deployment (the offer's EIP-712 verifyingContract). */
export const offersAddress = offers.address;

/** The wrapped AIA: offers "in AIA" are made in it. */
export const wrappedAiaAddress = wrappedAia.address;

/** The offerer's counter on the contract; an offer signs the current one. */
export const readOfferCounter = offers.readCounter;

/**
 * The time a new offer starts: the latest block's timestamp, or the wall clock when that is
 * earlier. The contract compares `start` with block time and the server with its own clock, so a
 * start taken from a browser clock that runs ahead would leave the offer "not started" for a while.
 */
export async function offerStartTime(nowSeconds: bigint): Promise<bigint> {
  const c = await publicClient();
  const block = await c.getBlock({ blockTag: 'latest' });
  return block.timestamp < nowSeconds ? block.timestamp : nowSeconds;
}

/** The ERC-20 balance of `owner` (and, for the wrapped AIA, the native balance beside it). */
export async function readOfferFunds(coin: Address, owner: Address) {
  const c = await publicClient();
  const [balance, allowance, native] = await Promise.all([
    contractAt(coin, erc20Abi).read('balanceOf', [owner]),
    allowanceOf(coin, owner, await offersAddress()),
    c.getBalance({ address: owner }),
  ]);
  return { balance, allowance, native };
}

/**
 * What an offer of `total` needs first: the wrapped-AIA shortfall to deposit (0 for another
 * coin or when the balance covers it) and whether the allowance to the Offers contract must be
 * raised to `allowanceNeeded` (this offer plus the offerer's other active offers in the coin,
 * since every one of them draws on the same allowance).
 */
export function offerFundingPlan(input: {
  total: bigint;
  allowanceNeeded: bigint;
  balance: bigint;
  allowance: bigint;
  wrapped: boolean;
}): { wrap: bigint; approve: bigint | null } {
  const wrap = input.wrapped && input.balance < input.total ? input.total - input.balance : 0n;
  const approve = input.allowance < input.allowanceNeeded ? input.allowanceNeeded : null;
  return { wrap, approve };
}

/** WrappedAIA.deposit of `amount` native AIA. */
export async function wrapAia(
  wallet: ConnectedWallet,
  amount: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return wrappedAia.write(wallet, 'deposit', [], hashOf(onHash, 'wrap'), amount);
}

/**
 * WrappedAIA.withdraw of `amount`: wrapped AIA back to native AIA (what a seller receives for an
 * accepted AIA offer, or an offerer keeps after cancelling, is wrapped).
 */
export async function unwrapAia(
  wallet: ConnectedWallet,
  amount: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return wrappedAia.write(wallet, 'withdraw', [amount], hashOf(onHash, 'unwrap'));
}

/** The wrapped AIA `owner` holds (base units). */
export async function readWrappedBalance(owner: Address): Promise<bigint> {
  return wrappedAia.read('balanceOf', [owner]);
}

/** approve(Offers, amount) of the offer's coin. */
export async function approveOfferCoin(
  wallet: ConnectedWallet,
  coin: Address,
  amount: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const approve = [await offersAddress(), amount] as const;
  return contractAt(coin, erc20Abi).write(wallet, 'approve', approve, hashOf(onHash, 'allowance'));
}

/** The EIP-712 signature of `offer` by the wallet, for the Offers contract of this deployment. */
export async function signOffer(wallet: ConnectedWallet, offer: SignedOfferFields): Promise<Hex> {
  return offers.sign(wallet, (chainId, verifyingContract) => ({
    domain: offerDomain(chainId, verifyingContract),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: offer,
  }));
}

/** The contract's struct of a stored signed offer (decimal text -> integers). */
export function offerStruct(s: SignedOfferVO) {
  return {
    offerer: s.offerer as Address,
    collection: s.collection as Address,
    kind: s.kind,
    erc1155: s.erc1155,
    identifier: BigInt(s.identifier),
    units: BigInt(s.units),
    ...termsStruct(s),
  };
}

export interface AcceptInput {
  signed: SignedOfferVO;
  tokenId: bigint;
  units: bigint;
  /** Trait offers: the Merkle proof of tokenId (offer/proof); empty otherwise. */
  proof: readonly Hex[];
  /** An offer in the wrapped AIA: the seller's part paid in AIA (acceptOfferForAIA). */
  inAia?: boolean;
}

/**
 * Approval of the collection for the Offers contract when missing, then acceptOffer (or
 * acceptOfferForAIA, which unwraps the seller's part of a wrapped-AIA offer in the same call).
 */
export async function acceptOffer(
  wallet: ConnectedWallet,
  input: AcceptInput,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const offer = offerStruct(input.signed);
  await ensureApprovalForAll(
    wallet,
    offer.collection,
    await offersAddress(),
    hashOf(onHash, 'approval'),
  );
  return offers.write(
    wallet,
    input.inAia ? 'acceptOfferForAIA' : 'acceptOffer',
    [offer, input.signed.signature as Hex, input.tokenId, input.units, input.proof],
    hashOf(onHash, 'acceptOffer'),
  );
}

/** cancelOffers of the wallet's offers with these order hashes. */
export const cancelOffers = offers.cancel;

/** incrementCounter: cancels every offer the wallet signed so far. */
export const cancelAllOffers = offers.cancelAll;

/** The market's platform fee as the contract applies it: gross x numerator / denominator. */
export async function readFeeFraction(): Promise<{ numerator: bigint; denominator: bigint }> {
  const [, numerator, denominator] = await marketplace.read('feeConfig', []);
  return { numerator, denominator };
}

/** The royalty amount the market takes from a sale of `tokenId` at `gross` (its royaltyOf). */
export async function readRoyaltyAmount(
  nft: Address,
  tokenId: bigint,
  gross: bigint,
): Promise<bigint> {
  const [, amount] = await marketplace.read('royaltyOf', [nft, tokenId, gross]);
  return amount;
}
