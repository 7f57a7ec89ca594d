// The signature rule the market's signing contracts (Offers, Listings) apply, written once for
// the server's checks: a 65-byte ECDSA signature with v 27/28 and a low s recovering to the
// signer, else, for a signer with code, the wallet's EIP-1271 answer read as OpenZeppelin's
// SignatureChecker reads it. Nothing more: viem's verifyTypedData would also take a high-s
// signature (or an ERC-6492 wrapper) for an address with code, which the contracts refuse.
import {
  concatHex,
  encodeFunctionData,
  hashTypedData,
  hexToBigInt,
  recoverAddress,
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

/** bytes4(isValidSignature.selector) as the first word of the answer, left-aligned. */
const ERC1271_MAGIC_WORD = `0x1626ba7e${'0'.repeat(56)}` as const;

const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const;

/**
 * Creation code run by eth_call (nothing is deployed): STATICCALLs the 20-byte address appended
 * after it with the rest of the appended bytes as calldata, and returns three words: success,
 * RETURNDATASIZE, and the first word of the answer. A plain eth_call would be a CALL, under
 * which a wallet that writes state answers, where the contracts' STATICCALL reverts. Only one
 * word of the answer is returned, so an answer of any size cannot fail the "deployment".
 */
const STATICCALL_PROBE = concatHex([
  '0x6028', // PUSH1 40: length of this code
  '0x80380380', // DUP1 CODESIZE SUB DUP1: n = bytes appended (twice)
  '0x91600039', // SWAP2 PUSH1 0 CODECOPY: memory[0, n) = the appended bytes
  '0x60206040', // PUSH1 32 PUSH1 64: retSize, retOffset (the answer's first word at 64)
  '0x60148303', // PUSH1 20 DUP4 SUB: argsSize n - 20
  '0x6014', // PUSH1 20: argsOffset
  '0x60005160601c', // PUSH1 0 MLOAD PUSH1 96 SHR: the address
  '0x5afa', // GAS STATICCALL
  '0x600052', // PUSH1 0 MSTORE: word 0 = success
  '0x3d602052', // RETURNDATASIZE PUSH1 32 MSTORE: word 1 = its size
  '0x60606000f3', // PUSH1 96 PUSH1 0 RETURN
]);

/** The 65-byte low-s, v 27/28 ECDSA check of the contracts (tryRecover). */
async function recoversTo(signer: Address, digest: Hex, signature: Hex): Promise<boolean> {
  if (size(signature) !== 65) return false;
  const s = hexToBigInt(slice(signature, 32, 64));
  const v = hexToBigInt(slice(signature, 64, 65));
  if (s > HALF_N || (v !== 27n && v !== 28n)) return false;
  try {
    const recovered = await recoverAddress({ hash: digest, signature });
    return recovered.toLowerCase() === signer.toLowerCase();
  } catch {
    // r or s out of range, or no point for r: ecrecover answers nothing the same way.
    return false;
  }
}

/**
 * OpenZeppelin's isValidERC1271SignatureNow: the STATICCALL succeeds, answers at least 32 bytes,
 * and its first word is the selector. An unreachable node throws; any other failure is false.
 */
async function erc1271Accepts(
  client: PublicClient,
  signer: Address,
  digest: Hex,
  signature: Hex,
): Promise<boolean> {
  const calldata = encodeFunctionData({
    abi: erc1271Abi,
    functionName: 'isValidSignature',
    args: [digest, signature],
  });
  let answer: Hex | undefined;
  try {
    ({ data: answer } = await client.call({
      data: concatHex([STATICCALL_PROBE, signer.toLowerCase() as Hex, calldata]),
    }));
  } catch (err) {
    if (isChainUnreachable(err)) throw err;
    return false;
  }
  if (!answer || size(answer) !== 96) return false;
  const success = hexToBigInt(slice(answer, 0, 32));
  const returned = hexToBigInt(slice(answer, 32, 64));
  return success === 1n && returned >= 32n && slice(answer, 64, 96) === ERC1271_MAGIC_WORD;
}

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
  const digest = hashTypedData(typed);
  if (await recoversTo(signer, digest, signature)) return true;
  const code = await client.getCode({ address: signer });
  if (!code || code === '0x') return false;
  return erc1271Accepts(client, signer, digest, signature);
}
