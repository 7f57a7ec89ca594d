import { erc20Abi, type Address, type Hex } from 'viem';
import { signTypedData } from 'wagmi/actions';
import { marketplaceAbi, offersAbi, wrappedAiaAbi } from '@aiamarket/shared/abis';
import {
  OFFER_TYPES,
  offerDomain,
  type SignedOfferFields,
  type SignedOfferVO,
} from '@aiamarket/shared';
import { loadAppConfig } from '../appConfig';
import { allowanceOf, ensureApprovalForAll } from './approvals';
import { contractAddress, publicClient } from './client';
import { marketAddress } from './market';
import { sendContractCall, type TxResult } from './send';
import { hashOf, type TxHashHandler } from './steps';
import type { ConnectedWallet } from './wallet';

// The writes and reads of the Offers contract: an offer is signed off-chain with the
// shared EIP-712 domain and types and paid in an ERC-20 the offerer keeps (AIA as the wrapped
// AIA); accepting, cancelling and the counter are transactions. `onHash` hears each hash, named
// by its step, as the market's writes do.

/** The Offers contract of this deployment (the offer's EIP-712 verifyingContract). */
export const offersAddress = () => contractAddress('Offers');

/** The wrapped AIA: offers "in AIA" are made in it. */
export const wrappedAiaAddress = () => contractAddress('WrappedAIA');

/** The offerer's counter on the contract; an offer signs the current one. */
export async function readOfferCounter(offerer: Address): Promise<bigint> {
  const c = await publicClient();
  return c.readContract({
    address: await offersAddress(),
    abi: offersAbi,
    functionName: 'counterOf',
    args: [offerer],
  });
}

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
  const offers = await offersAddress();
  const [balance, allowance, native] = await Promise.all([
    c.readContract({ address: coin, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    allowanceOf(coin, owner, offers),
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
  return sendContractCall(
    wallet,
    {
      address: await wrappedAiaAddress(),
      abi: wrappedAiaAbi,
      functionName: 'deposit',
      args: [],
      value: amount,
    },
    hashOf(onHash, 'wrap'),
  );
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
  return sendContractCall(
    wallet,
    {
      address: await wrappedAiaAddress(),
      abi: wrappedAiaAbi,
      functionName: 'withdraw',
      args: [amount],
    },
    hashOf(onHash, 'unwrap'),
  );
}

/** The wrapped AIA `owner` holds (base units). */
export async function readWrappedBalance(owner: Address): Promise<bigint> {
  const c = await publicClient();
  return c.readContract({
    address: await wrappedAiaAddress(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/** approve(Offers, amount) of the offer's coin. */
export async function approveOfferCoin(
  wallet: ConnectedWallet,
  coin: Address,
  amount: bigint,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return sendContractCall(
    wallet,
    {
      address: coin,
      abi: erc20Abi,
      functionName: 'approve',
      args: [await offersAddress(), amount],
    },
    hashOf(onHash, 'allowance'),
  );
}

/** The EIP-712 signature of `offer` by the wallet, for the Offers contract of this deployment. */
export async function signOffer(wallet: ConnectedWallet, offer: SignedOfferFields): Promise<Hex> {
  const [app, verifyingContract] = await Promise.all([loadAppConfig(), offersAddress()]);
  return signTypedData(wallet.config, {
    account: wallet.account,
    domain: offerDomain(app.chain.chainId, verifyingContract),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: offer,
  });
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
    coin: s.coin as Address,
    pricePerUnit: BigInt(s.pricePerUnit),
    start: BigInt(s.start),
    end: BigInt(s.end),
    salt: BigInt(s.salt),
    counter: BigInt(s.counter),
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
  const offers = await offersAddress();
  const offer = offerStruct(input.signed);
  await ensureApprovalForAll(wallet, offer.collection, offers, hashOf(onHash, 'approval'));
  return sendContractCall(
    wallet,
    {
      address: offers,
      abi: offersAbi,
      functionName: input.inAia ? 'acceptOfferForAIA' : 'acceptOffer',
      args: [offer, input.signed.signature as Hex, input.tokenId, input.units, input.proof],
    },
    hashOf(onHash, 'acceptOffer'),
  );
}

/** cancelOffers of the wallet's offers with these order hashes. */
export async function cancelOffers(
  wallet: ConnectedWallet,
  orderHashes: readonly Hex[],
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return sendContractCall(
    wallet,
    {
      address: await offersAddress(),
      abi: offersAbi,
      functionName: 'cancelOffers',
      args: [orderHashes],
    },
    hashOf(onHash, 'cancelOffer'),
  );
}

/** incrementCounter: cancels every offer the wallet signed so far. */
export async function cancelAllOffers(
  wallet: ConnectedWallet,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return sendContractCall(
    wallet,
    {
      address: await offersAddress(),
      abi: offersAbi,
      functionName: 'incrementCounter',
      args: [],
    },
    hashOf(onHash, 'cancelAllOffers'),
  );
}

/** The market's platform fee as the contract applies it: gross x numerator / denominator. */
export async function readFeeFraction(): Promise<{ numerator: bigint; denominator: bigint }> {
  const c = await publicClient();
  const [, numerator, denominator] = await c.readContract({
    address: await marketAddress(),
    abi: marketplaceAbi,
    functionName: 'feeConfig',
  });
  return { numerator, denominator };
}

/** The royalty amount the market takes from a sale of `tokenId` at `gross` (its royaltyOf). */
export async function readRoyaltyAmount(
  nft: Address,
  tokenId: bigint,
  gross: bigint,
): Promise<bigint> {
  const c = await publicClient();
  const [, amount] = await c.readContract({
    address: await marketAddress(),
    abi: marketplaceAbi,
    functionName: 'royaltyOf',
    args: [nft, tokenId, gross],
  });
  return amount;
}
