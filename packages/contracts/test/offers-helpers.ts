// Shared by the offers tests: approvals for the Offers contract, signing an offer (EIP-712 with
// the shared types), a high-s twin of a signature, and the acceptOffer call.
import { OFFER_TYPES, offerDomain } from '@aiamarket/shared';
import type { SignedOfferFields } from '@aiamarket/shared';
import { offersAbi, wrappedAiaAbi } from '@aiamarket/shared/abis';
import { hashTypedData, numberToHex, hexToBigInt, concat, slice } from 'viem';
import type { Abi, Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tokenCall } from './token-calls.js';
import type { Actor, Call, Fixture } from './fixture.js';

/** secp256k1 group order: s and n - s both verify, only s <= n / 2 is accepted. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export const OFFERS_ABIS: Abi[] = [offersAbi, wrappedAiaAbi];

/** The Offers and WrappedAIA addresses of a fixture's deployment. */
export function offersAddresses(f: Fixture) {
  const at = (name: string) => f.deployment.contracts[name]!.address as Address;
  return { offers: at('Offers'), wrapped: at('WrappedAIA') };
}

/** Each user lets the Offers contract move its game tokens and pull its test coins. */
export async function approveOffers(f: Fixture, users: Actor[]): Promise<void> {
  const { offers } = offersAddresses(f);
  for (const user of users) {
    for (const nft of [f.c.game721, f.c.game1155]) {
      await f.write(user, tokenCall.approveAll(nft, offers));
    }
    for (const coin of [f.c.usdt, f.c.coin18]) {
      await f.write(user, tokenCall.approve(coin, offers));
    }
  }
}

const accounts = new Map<Hex, ReturnType<typeof privateKeyToAccount>>();
const accountOf = (privateKey: Hex) => {
  let a = accounts.get(privateKey);
  if (!a) accounts.set(privateKey, (a = privateKeyToAccount(privateKey)));
  return a;
};

/** Signs `offer` with `signer`'s key for the Offers contract at `verifyingContract` on `chainId`. */
export function signOffer(
  signer: Actor,
  offer: SignedOfferFields,
  chainId: number,
  verifyingContract: Address,
): Promise<Hex> {
  return accountOf(signer.privateKey).signTypedData({
    domain: offerDomain(chainId, verifyingContract),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: offer,
  });
}

/** The order hash (EIP-712 digest) the contract tracks an offer by. */
export function orderHashOf(offer: SignedOfferFields, chainId: number, verifyingContract: Address) {
  return hashTypedData({
    domain: offerDomain(chainId, verifyingContract),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: offer,
  });
}

/** The malleable twin of a 65-byte signature: s -> n - s, v flipped. Recovers the same signer. */
export function highS(signature: Hex): Hex {
  const r = slice(signature, 0, 32);
  const s = hexToBigInt(slice(signature, 32, 64));
  const v = hexToBigInt(slice(signature, 64, 65));
  return concat([
    r,
    numberToHex(SECP256K1_N - s, { size: 32 }),
    numberToHex(v === 27n ? 28 : 27, { size: 1 }),
  ]);
}

export const acceptCall = (
  offers: Address,
  offer: SignedOfferFields,
  signature: Hex,
  tokenId: bigint,
  units: bigint,
  proof: readonly Hex[] = [],
): Call => ({
  address: offers,
  abi: offersAbi,
  functionName: 'acceptOffer',
  args: [offer, signature, tokenId, units, proof],
});

export const offersCall = (
  offers: Address,
  functionName: string,
  args: readonly unknown[] = [],
): Call => ({
  address: offers,
  abi: offersAbi,
  functionName,
  args,
});
