// What offer/create reads from the chain now: the offerer's counter on the Offers contract, the
// market's coin allow-list, and the offerer's coin balance and allowance to the Offers contract
// (one multicall at the latest block), plus the signature check the contract makes.
import { erc20Abi, hashTypedData, type Address, type Hex, type PublicClient } from 'viem';
import { OFFER_TYPES, offerDomain, type SignedOfferFields } from '@aiamarket/shared';
import { marketplaceAbi, offersAbi } from '@aiamarket/shared/abis';
import { isTypedSignatureValid } from '../../chain/signature.js';
import { marketOf } from '../../chain/signed-order/market-of.js';

/** The typed data of an offer on the Offers contract at `offersAddr` of `chainId`. */
export function offerTypedData(chainId: number, offersAddr: Address, offer: SignedOfferFields) {
  return {
    domain: offerDomain(chainId, offersAddr),
    types: OFFER_TYPES,
    primaryType: 'Offer' as const,
    // A plain record: viem's verify parameters take the message as Record<string, unknown>.
    message: { ...offer },
  };
}

/** The order hash the contract gives the offer (hashOffer): its EIP-712 digest. */
export function orderHashOf(chainId: number, offersAddr: Address, offer: SignedOfferFields): Hex {
  return hashTypedData(offerTypedData(chainId, offersAddr, offer));
}

/** Whether `signature` signs the offer for its offerer as the contract decides. */
export function isOfferSignatureValid(
  client: PublicClient,
  chainId: number,
  offersAddr: Address,
  offer: SignedOfferFields,
  signature: Hex,
): Promise<boolean> {
  return isTypedSignatureValid(
    client,
    offer.offerer,
    offerTypedData(chainId, offersAddr, offer),
    signature,
  );
}

export interface OffererChainState {
  counter: bigint;
  coinAllowed: boolean;
  balance: bigint;
  allowance: bigint;
}

/**
 * Counter, coin allow-list, balance and allowance, read together at one block. An unreachable
 * node throws (the error handler answers 10020); a coin that is no ERC-20 (balanceOf reverts)
 * reads as balance 0.
 */
export async function readOffererState(
  client: PublicClient,
  offersAddr: Address,
  offerer: Address,
  coin: Address,
): Promise<OffererChainState> {
  const market = await marketOf(client, offersAddr);
  const [counter, coinAllowed, balance, allowance] = await client.multicall({
    contracts: [
      { address: offersAddr, abi: offersAbi, functionName: 'counterOf', args: [offerer] },
      { address: market, abi: marketplaceAbi, functionName: 'isCoinAllowed', args: [coin] },
      { address: coin, abi: erc20Abi, functionName: 'balanceOf', args: [offerer] },
      { address: coin, abi: erc20Abi, functionName: 'allowance', args: [offerer, offersAddr] },
    ],
    allowFailure: true,
    deployless: true,
  });
  if (counter.status === 'failure') throw counter.error;
  if (coinAllowed.status === 'failure') throw coinAllowed.error;
  return {
    counter: counter.result,
    coinAllowed: coinAllowed.result,
    balance: balance.status === 'success' ? balance.result : 0n,
    allowance: allowance.status === 'success' ? allowance.result : 0n,
  };
}
