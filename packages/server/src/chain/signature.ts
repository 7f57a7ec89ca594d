// The signature rule the market's signing contracts (Offers, Listings) apply, written once for
// the server's checks: a 65-byte ECDSA signature with v 27/28 and a low s recovering to the
// signer, else, for a signer with code, the wallet's EIP-1271 answer.
import {
  hexToBigInt,
  recoverTypedDataAddress,
  size,
  slice,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
} from 'viem';
import { isChainUnreachable } from './errors.js';

/** secp256k1 n / 2: OpenZeppelin's ECDSA (and so the contracts) refuses a larger s. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/**
 * Whether `signature` signs `typed` for `signer` as the contracts decide. An unreachable node
 * throws (the caller answers 503); any other failure of the EIP-1271 call is "not signed".
 */
export async function isTypedSignatureValid(
  client: PublicClient,
  signer: Address,
  typed: TypedDataDefinition,
  signature: Hex,
): Promise<boolean> {
  if (size(signature) === 65) {
    const s = hexToBigInt(slice(signature, 32, 64));
    const v = hexToBigInt(slice(signature, 64, 65));
    if (s <= HALF_N && (v === 27n || v === 28n)) {
      try {
        const recovered = await recoverTypedDataAddress({ ...typed, signature });
        if (recovered.toLowerCase() === signer.toLowerCase()) return true;
      } catch {
        // Not a point on the curve: the contract's tryRecover fails the same way.
      }
    }
  }
  const code = await client.getCode({ address: signer });
  if (!code || code === '0x') return false;
  try {
    return await client.verifyTypedData({ address: signer, ...typed, signature });
  } catch (err) {
    if (isChainUnreachable(err)) throw err;
    return false;
  }
}
