import { getAddress, hexToBigInt, size, slice, type Hex, type PublicClient } from 'viem';

/** Half the order of secp256k1: an ECDSA `s` above it is the malleable twin of a valid one. */
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * The `s` of a plain account signature: 65 bytes r|s|v, or 64 bytes r|yParityAndS (EIP-2098).
 * Longer signatures (EIP-6492 wrappers, multi-owner wallets) are the wallet contract's to judge.
 */
function plainSignatureS(signature: Hex): bigint | null {
  const length = size(signature);
  if (length === 65) return hexToBigInt(slice(signature, 32, 64));
  if (length === 64) return hexToBigInt(slice(signature, 32, 64)) & ((1n << 255n) - 1n);
  return null;
}

/** EIP-2: a signature whose `s` is in the upper half of the curve order is refused. */
export function isHighS(signature: Hex): boolean {
  const s = plainSignatureS(signature);
  return s !== null && s > SECP256K1_HALF_N;
}

/**
 * Whether `signature` signs `message` (EIP-191 personal_sign) for `address`: an account key, an
 * EIP-1271 wallet contract, or a not yet deployed one through EIP-6492 (viem's verifyMessage does
 * the three). The high-s twin of an account signature is refused, as EIP-2 does for transactions:
 * ecrecover accepts both forms, so one signature would otherwise have two valid encodings.
 */
export async function verifySignIn(
  chain: Pick<PublicClient, 'verifyMessage'>,
  input: { address: string; message: string; signature: Hex },
): Promise<boolean> {
  if (isHighS(input.signature)) return false;
  return chain.verifyMessage({
    address: getAddress(input.address),
    message: input.message,
    signature: input.signature,
  });
}
