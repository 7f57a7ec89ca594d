// The API's signature verdict equals the contracts': a seeded differential property on anvil.
// The contract's verdict is the deployed Listings contract's own: `buy` simulated for a listing
// whose terms all pass and whose collection has no code, so it answers InvalidSignature when the
// seller did not sign and TransferFailed (the first step after the check) when it did. Offers'
// comes from a simulated acceptOffer the same way (see offersAccept).
import fc from 'fast-check';
import {
  BaseError,
  ContractFunctionRevertedError,
  concatHex,
  encodeFunctionData,
  hashTypedData,
  hexToBigInt,
  numberToHex,
  parseSignature,
  serializeSignature,
  sliceHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingsAbi, offersAbi } from '@aiamarket/shared/abis';
import { OFFER_KIND, type SignedListingFields, type SignedOfferFields } from '@aiamarket/shared';
import { isTypedSignatureValid } from '../../src/chain/signature.js';
import { listingTypedData } from '../../src/modules/listing/chain.js';
import { offerTypedData } from '../../src/modules/offer/chain.js';
import { ACTORS, CHAIN_ID, startChain, type Chain } from '../indexer/support.js';
import { compileSolidity, type Compiled } from '../support/solidity.js';

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

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * EIP-1271 answers of every shape, chosen at deployment: what OpenZeppelin's SignatureChecker
 * must accept (the selector as the first word, extra words after it allowed) and refuse.
 */
const PROBE_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Probe1271 {
    uint256 public immutable mode;
    address public immutable owner;
    uint256 private calls;

    constructor(uint256 mode_, address owner_) {
        mode = mode_;
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata sig) external returns (bytes4) {
        uint256 m = mode;
        if (m == 0) {
            // The owner's key, by bare ecrecover: a high s is taken, a 64-byte form is not.
            if (sig.length != 65) return 0xffffffff;
            bytes32 r = bytes32(sig[0:32]);
            bytes32 s = bytes32(sig[32:64]);
            uint8 v = uint8(sig[64]);
            address got = ecrecover(hash, v, r, s);
            // No owner: the account itself (code an EIP-7702 account delegates to).
            address key = owner == address(0) ? address(this) : owner;
            return got != address(0) && got == key ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
        }
        if (m == 1) return 0x1626ba7e;
        if (m == 2) return 0xffffffff;
        if (m == 3) revert("no");
        assembly {
            switch m
            case 4 {
                // four bytes only
                mstore(0, shl(224, 0x1626ba7e))
                return(0, 4)
            }
            case 5 {
                // right-aligned
                mstore(0, 0x1626ba7e)
                return(0, 32)
            }
            case 6 {
                // the selector, then more words
                mstore(0, shl(224, 0x1626ba7e))
                mstore(32, 7)
                return(0, 64)
            }
            case 8 {
                // the selector with a dirty low byte
                mstore(0, or(shl(224, 0x1626ba7e), 1))
                return(0, 32)
            }
            case 9 {
                // nothing
                return(0, 0)
            }
            case 10 {
                invalid()
            }
        }
        // mode 7: writes state, which a STATICCALL refuses
        calls += 1;
        return 0x1626ba7e;
    }
}
`;
const MODES = 11;

type Kind = 'eoa' | 'wallet' | 'codedEoa' | 'delegatedEoa' | 'stopEoa';
interface Signer {
  kind: Kind;
  mode: number | null;
  address: Address;
  key: Hex;
}

let c: Chain;
let listings: Address;
let offers: Address;
/** An ERC-20 address the market does not allow: an offer in it that is signed stops there. */
const UNLISTED_COIN: Address = '0x000000000000000000000000000000000000c014';
const pool: Signer[] = [];
/** Distinct keys for the accounts the pool gives code to (fixed, so runs are reproducible). */
const keyOf = (i: number) => numberToHex(0xabc000n + BigInt(i), { size: 32 });

beforeAll(async () => {
  c = await startChain();
  listings = c.addr('Listings');
  offers = c.addr('Offers');
  const probe: Compiled = compileSolidity(PROBE_SOURCE).Probe1271!;
  const deployer = c.wallets.owner;
  let i = 0;
  for (let mode = 0; mode < MODES; mode++) {
    // A contract wallet, an EOA running the same code (as an EIP-7702 account would), and an
    // EOA delegating to the wallet with a 7702 designator.
    const walletKey = keyOf(i++);
    const hash = await deployer.deployContract({
      abi: probe.abi,
      bytecode: probe.bytecode,
      args: [BigInt(mode), privateKeyToAccount(walletKey).address],
      account: deployer.account!,
      chain: deployer.chain,
    });
    const wallet = (await c.publicClient.waitForTransactionReceipt({ hash }))
      .contractAddress as Address;
    pool.push({ kind: 'wallet', mode, address: wallet, key: walletKey });

    const codedKey = keyOf(i++);
    const coded = privateKeyToAccount(codedKey).address;
    const ownHash = await deployer.deployContract({
      abi: probe.abi,
      bytecode: probe.bytecode,
      args: [BigInt(mode), coded],
      account: deployer.account!,
      chain: deployer.chain,
    });
    const ownCode = (await c.publicClient.waitForTransactionReceipt({ hash: ownHash }))
      .contractAddress as Address;
    const runtime = await c.publicClient.getCode({ address: ownCode });
    await c.testClient.setCode({ address: coded, bytecode: runtime! });
    pool.push({ kind: 'codedEoa', mode, address: coded, key: codedKey });

    const targetHash = await deployer.deployContract({
      abi: probe.abi,
      bytecode: probe.bytecode,
      args: [BigInt(mode), zeroAddress],
      account: deployer.account!,
      chain: deployer.chain,
    });
    const target = (await c.publicClient.waitForTransactionReceipt({ hash: targetHash }))
      .contractAddress as Address;
    const delegatedKey = keyOf(i++);
    const delegated = privateKeyToAccount(delegatedKey).address;
    await c.testClient.setCode({ address: delegated, bytecode: concatHex(['0xef0100', target]) });
    pool.push({ kind: 'delegatedEoa', mode, address: delegated, key: delegatedKey });
  }
  // Code that answers nothing (STOP): the high-s twin case the API used to accept.
  const stopKey = keyOf(i++);
  const stop = privateKeyToAccount(stopKey).address;
  await c.testClient.setCode({ address: stop, bytecode: '0x00' });
  pool.push({ kind: 'stopEoa', mode: null, address: stop, key: stopKey });
}, 180_000);

afterAll(async () => {
  await c?.stop();
});

/** The other valid ECDSA encoding of the same signature: s -> n - s, parity flipped. */
function highS(signature: Hex): Hex {
  const { r, s, yParity } = parseSignature(signature);
  return serializeSignature({
    r,
    s: numberToHex(N - hexToBigInt(s), { size: 32 }),
    yParity: yParity === 0 ? 1 : 0,
  });
}

type Mutation =
  | { kind: 'asSigned' }
  | { kind: 'highS' }
  | { kind: 'length'; bytes: 0 | 64 | 66 }
  | { kind: 'compact' }
  | { kind: 'v'; v: number }
  | { kind: 'random'; bytes: Uint8Array }
  | { kind: 'otherKey' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant<Mutation>({ kind: 'asSigned' }), weight: 3 },
  { arbitrary: fc.constant<Mutation>({ kind: 'highS' }), weight: 3 },
  fc.constantFrom<0 | 64 | 66>(0, 64, 66).map((bytes): Mutation => ({ kind: 'length', bytes })),
  fc.constant<Mutation>({ kind: 'compact' }),
  fc.constantFrom(0, 1, 26, 29, 35, 255).map((v): Mutation => ({ kind: 'v', v })),
  fc
    .uint8Array({ minLength: 0, maxLength: 100 })
    .map((bytes): Mutation => ({ kind: 'random', bytes })),
  fc.constant<Mutation>({ kind: 'otherKey' }),
);

function mutate(signature: Hex, m: Mutation, other: Hex): Hex {
  switch (m.kind) {
    case 'asSigned':
      return signature;
    case 'highS':
      return highS(signature);
    case 'length':
      return m.bytes === 0
        ? '0x'
        : m.bytes === 64
          ? sliceHex(signature, 0, 64)
          : concatHex([signature, '0x00']);
    case 'compact': {
      const { r, s, yParity } = parseSignature(signature);
      const vs = hexToBigInt(s) | (BigInt(yParity) << 255n);
      return concatHex([r, numberToHex(vs, { size: 32 })]);
    }
    case 'v':
      return concatHex([sliceHex(signature, 0, 64), numberToHex(m.v, { size: 1 })]);
    case 'random':
      return `0x${Buffer.from(m.bytes).toString('hex')}`;
    case 'otherKey':
      return other;
  }
}

/** The Listings contract's verdict, from a simulated buy that passes every other check. */
async function contractAccepts(listing: SignedListingFields, signature: Hex): Promise<boolean> {
  try {
    await c.publicClient.simulateContract({
      address: listings,
      abi: listingsAbi,
      functionName: 'buy',
      args: [{ listing, signature, proof: [], index: 0n, units: 1n }],
      value: listing.pricePerUnit,
      account: ACTORS.bob.address,
    });
  } catch (err) {
    const reverted =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    const name = (reverted as ContractFunctionRevertedError | null)?.data?.errorName;
    if (name === 'InvalidSignature') return false;
    if (name === 'TransferFailed') return true;
    throw err;
  }
  throw new Error('the buy went through: the collection was meant to have no code');
}

/**
 * The Offers contract's verdict: an item offer whose terms pass, in a coin the market does not
 * allow, checked right after the signature: CoinNotAllowed when signed, else InvalidSignature.
 */
async function offersAccept(offer: SignedOfferFields, signature: Hex): Promise<boolean> {
  try {
    await c.publicClient.simulateContract({
      address: offers,
      abi: offersAbi,
      functionName: 'acceptOffer',
      args: [offer, signature, offer.identifier, 1n, []],
      account: ACTORS.bob.address,
    });
  } catch (err) {
    const reverted =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    const name = (reverted as ContractFunctionRevertedError | null)?.data?.errorName;
    if (name === 'InvalidSignature') return false;
    if (name === 'CoinNotAllowed') return true;
    throw err;
  }
  throw new Error('the offer was accepted: its coin was meant to be refused');
}

const SEED = 7_702_1271;
const RUNS = 300;

describe('signature verdict: API vs contracts', () => {
  it('isTypedSignatureValid answers as Listings and Offers do, for every signer and signature', async () => {
    const tally = new Map<string, { cases: number; valid: number }>();
    let offersValid = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.bigInt(1n, N - 1n).map((k): Signer => ({
            kind: 'eoa',
            mode: null,
            key: numberToHex(k, { size: 32 }),
            address: privateKeyToAccount(numberToHex(k, { size: 32 })).address,
          })),
          fc.constantFrom(...pool),
        ),
        fc.record({
          tokenId: fc.bigInt(0n, 2n ** 256n - 1n),
          pricePerUnit: fc.bigInt(1n, 10n ** 18n),
          salt: fc.bigInt(0n, 2n ** 256n - 1n),
          collection: fc.uint8Array({ minLength: 20, maxLength: 20 }),
        }),
        mutation,
        async (signer, terms, m) => {
          const listing: SignedListingFields = {
            seller: signer.address,
            // A fresh address: no code, so a signed listing stops at the NFT transfer.
            collection: `0x${Buffer.from(terms.collection).toString('hex')}` as Address,
            erc1155: false,
            tokenId: terms.tokenId,
            units: 1n,
            coin: zeroAddress,
            pricePerUnit: terms.pricePerUnit,
            start: 0n,
            end: 2n ** 40n,
            salt: terms.salt,
            counter: 0n,
          };
          const typed = listingTypedData(CHAIN_ID, listings, listing);
          const signed = await privateKeyToAccount(signer.key).signTypedData(typed);
          const other = await privateKeyToAccount(keyOf(999)).signTypedData(typed);
          const signature = mutate(signed, m, other);
          const contract = await contractAccepts(listing, signature);
          const api = await isTypedSignatureValid(c.publicClient, signer.address, typed, signature);
          expect(api, `${signer.kind} mode ${signer.mode} ${m.kind} ${signature}`).toBe(contract);

          // The same signer and mutation against Offers (its own digest and signature).
          const offer: SignedOfferFields = {
            offerer: signer.address,
            collection: listing.collection,
            kind: OFFER_KIND.item,
            erc1155: false,
            identifier: terms.tokenId,
            units: 1n,
            coin: UNLISTED_COIN,
            pricePerUnit: terms.pricePerUnit,
            start: 0n,
            end: 2n ** 40n,
            salt: terms.salt,
            counter: 0n,
          };
          const offerTyped = offerTypedData(CHAIN_ID, offers, offer);
          const offerSignature = mutate(
            await privateKeyToAccount(signer.key).signTypedData(offerTyped),
            m,
            await privateKeyToAccount(keyOf(999)).signTypedData(offerTyped),
          );
          const offerVerdict = await offersAccept(offer, offerSignature);
          expect(
            await isTypedSignatureValid(c.publicClient, signer.address, offerTyped, offerSignature),
            `offer: ${signer.kind} mode ${signer.mode} ${m.kind} ${offerSignature}`,
          ).toBe(offerVerdict);
          if (offerVerdict) offersValid++;
          const key = `${signer.kind}${signer.mode === null ? '' : `:${signer.mode}`} ${m.kind}`;
          const t = tally.get(key) ?? { cases: 0, valid: 0 };
          t.cases++;
          if (contract) t.valid++;
          tally.set(key, t);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    const all = [...tally.values()];
    const valid = all.reduce((n, t) => n + t.valid, 0);
    // Both verdicts occur, and the cases that matter came up.
    expect(valid).toBeGreaterThan(RUNS / 10);
    expect(RUNS - valid).toBeGreaterThan(RUNS / 10);
    expect(offersValid).toBeGreaterThan(RUNS / 10);
    const seen = (prefix: string) => [...tally.keys()].some((k) => k.startsWith(prefix));
    for (const prefix of ['eoa', 'wallet', 'codedEoa', 'delegatedEoa', 'stopEoa']) {
      expect(seen(prefix), prefix).toBe(true);
    }
    console.info(
      `signature differential: ${RUNS} cases, each against Listings (${valid} valid) ` +
        `and Offers (${offersValid} valid)\n` +
        [...tally.entries()]
          .sort()
          .map(([k, t]) => `  ${k}: ${t.cases} (${t.valid} valid)`)
          .join('\n'),
    );
  }, 600_000);

  it('covers each wallet answer with a high-s twin and a valid signature', async () => {
    // Every pool signer, deterministically: the property above samples them.
    for (const signer of pool) {
      const listing: SignedListingFields = {
        seller: signer.address,
        collection: '0x00000000000000000000000000000000000c0de0',
        erc1155: false,
        tokenId: 1n,
        units: 1n,
        coin: zeroAddress,
        pricePerUnit: 1_000n,
        start: 0n,
        end: 2n ** 40n,
        salt: BigInt(pool.indexOf(signer)),
        counter: 0n,
      };
      const typed = listingTypedData(CHAIN_ID, listings, listing);
      const signed = await privateKeyToAccount(signer.key).signTypedData(typed);
      for (const signature of [signed, highS(signed), '0x' as Hex]) {
        const contract = await contractAccepts(listing, signature);
        const api = await isTypedSignatureValid(c.publicClient, signer.address, typed, signature);
        expect(api, `${signer.kind} mode ${signer.mode} ${signature}`).toBe(contract);
      }
      if (signer.mode === 7) {
        // The state-writing wallet answers the selector to a plain eth_call (a CALL); the
        // contracts' STATICCALL reverts, and so does the API's.
        const digest = hashTypedData(typed);
        const { data } = await c.publicClient.call({
          to: signer.address,
          data: encodeFunctionData({
            abi: erc1271Abi,
            functionName: 'isValidSignature',
            args: [digest, signed],
          }),
        });
        expect(sliceHex(data!, 0, 4)).toBe('0x1626ba7e');
        // The wallet's own key is not its address: only the EIP-1271 answer could make it valid.
        expect(await contractAccepts(listing, signed)).toBe(signer.kind !== 'wallet');
      }
    }
  }, 300_000);
});
