// State an earlier Marketplace implementation could leave behind, for tests of what the current
// one does with it after an upgrade: the owner-settable royalty denominator (now fixed) and
// royalty rates stored against a larger denominator than 10 000.
import { encodeAbiParameters, keccak256, numberToHex, parseAbi } from 'viem';
import type { Address, Hex } from 'viem';
import type { Call, Fixture } from './fixture.js';

/** The setter earlier implementations had; the current one has no such function. */
export const oldDenominatorSetter = (market: Address, denominator: number): Call => ({
  address: market,
  abi: parseAbi(['function setRoyaltyRateDenominator(uint16 denominator)']),
  functionName: 'setRoyaltyRateDenominator',
  args: [denominator],
});

// erc7201:aiamarket.storage.Marketplace; `royalties` is the 5th slot of MarketStorage
// (config, itemCount, items, allowedCoins, royalties, activeItem).
const STORAGE_SLOT = 0xf1ef0825e01b368d6c010abbc397ce99736f5fd16cb95fa945232413a4b5cb00n;
const ROYALTIES_SLOT = STORAGE_SLOT + 4n;

/**
 * Writes royalties[nft] = {receiver, rate, set: true} straight into the market's storage, as an
 * earlier implementation could have stored it (any uint16 rate). Callers check the write with
 * royaltyRateOf, so a wrong slot cannot pass silently.
 */
export async function writeStoredRoyalty(
  f: Fixture,
  nft: Address,
  receiver: Address,
  rate: number,
): Promise<void> {
  const slot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [nft, ROYALTIES_SLOT]),
  );
  // packed: receiver (bytes 0-19), rate uint16 (20-21), set bool (22), from the low end
  const value = BigInt(receiver) | (BigInt(rate) << 160n) | (1n << 176n);
  await f.testClient.setStorageAt({
    address: f.c.market,
    index: slot,
    value: numberToHex(value, { size: 32 }) as Hex,
  });
}
