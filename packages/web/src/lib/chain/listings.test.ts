import { describe, expect, it } from 'vitest';
import { encodeEventTopics, encodeAbiParameters, type Address, type Hex } from 'viem';
import { listingsAbi } from '@aiamarket/shared/abis';
import { NATIVE_COIN_ADDRESS } from '@aiamarket/shared';
import { signedListing } from '../../test/market-fixtures';
import { planSweep, sweepOutcome, type SweepLine } from './listings';

const LISTINGS = '0x5fc8d32690cc91d4c39d9d3abcbd16989f875707' as Address;
const USDT = '0x00000000000000000000000000000000000000aa' as Address;
const NFT = '0x00000000000000000000000000000000000000bb' as Address;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

function signed(n: number, coin: string, price: bigint): SweepLine {
  const vo = signedListing(n, {
    listingsAddr: LISTINGS,
    seller: '0x00000000000000000000000000000000000000cc',
    collection: NFT,
    coin,
    pricePerUnit: price.toString(),
  });
  return { kind: 'signed', key: `s${n}`, signed: vo, units: 1n };
}

function market(itemId: bigint, coin: Address, price: bigint): SweepLine {
  return {
    kind: 'market',
    key: `m${itemId}`,
    itemId,
    nft: NFT,
    erc1155: false,
    tokenId: itemId,
    coin,
    price,
    units: 1n,
  };
}

function log(eventName: 'SweepItemSkipped' | 'ListingFilled' | 'MarketItemSwept', args: object) {
  const topics = encodeEventTopics({ abi: listingsAbi, eventName, args } as Parameters<
    typeof encodeEventTopics
  >[0]);
  const event = listingsAbi.find((e) => e.type === 'event' && e.name === eventName)!;
  const inputs =
    'inputs' in event ? event.inputs.filter((i) => !('indexed' in i && i.indexed)) : [];
  const values = inputs.map((i) => (args as Record<string, unknown>)[i.name!]);
  return {
    address: LISTINGS,
    topics: topics as [Hex, ...Hex[]],
    data: encodeAbiParameters(inputs, values),
  } as Parameters<typeof sweepOutcome>[1][number];
}

const filled = (n: number) =>
  log('ListingFilled', {
    orderHash: hash(n),
    seller: '0x00000000000000000000000000000000000000cc',
    buyer: '0x00000000000000000000000000000000000000dd',
    collection: NFT,
    tokenId: BigInt(n),
    units: 1n,
    coin: NATIVE_COIN_ADDRESS,
    pricePerUnit: 1n,
    fee: 0n,
    royalty: 0n,
    royaltyReceiver: NFT,
    filled: 1n,
  });

describe('a sweep plan', () => {
  it('puts signed fills first, sends the AIA total as the value and sums each ERC-20 once', () => {
    const plan = planSweep([
      market(3n, USDT, 5n),
      signed(1, NATIVE_COIN_ADDRESS, 10n),
      signed(2, USDT, 7n),
      market(4n, NATIVE_COIN_ADDRESS, 20n),
    ]);
    expect(plan.order).toEqual(['s1', 's2', 'm3', 'm4']);
    expect(plan.value).toBe(30n);
    expect([...plan.erc20]).toEqual([[USDT, 12n]]);
    expect(plan.fills.map((f) => f.listing.tokenId)).toEqual([1n, 2n]);
    expect(plan.marketBuys.map((b) => [b.itemId, b.price])).toEqual([
      [3n, 5n],
      [4n, 20n],
    ]);
  });

  it('refuses an empty cart and one over MAX_SWEEP', () => {
    expect(() => planSweep([])).toThrow(RangeError);
    const many = Array.from({ length: 31 }, (_, i) => market(BigInt(i + 1), USDT, 1n));
    expect(() => planSweep(many)).toThrow(RangeError);
  });
});

describe("a sweep's outcome from its receipt", () => {
  it('names each line bought or skipped by the index the contract logs', () => {
    const plan = planSweep([
      signed(1, NATIVE_COIN_ADDRESS, 10n),
      signed(2, USDT, 7n),
      market(3n, USDT, 5n),
      market(4n, NATIVE_COIN_ADDRESS, 20n),
    ]);
    const logs = [
      filled(1),
      log('SweepItemSkipped', { index: 1n, reason: '0x12345678' }),
      log('SweepItemSkipped', { index: 2n, reason: '0x12345678' }),
      log('MarketItemSwept', {
        itemId: 4n,
        buyer: '0x00000000000000000000000000000000000000dd',
        amount: 1n,
      }),
    ];
    expect(sweepOutcome(plan, logs, LISTINGS)).toEqual({
      bought: ['s1', 'm4'],
      skipped: ['s2', 'm3'],
    });
  });

  it("ignores another contract's logs: a line no event of Listings names was not bought", () => {
    const plan = planSweep([signed(1, NATIVE_COIN_ADDRESS, 10n)]);
    const elsewhere = { ...filled(1), address: NFT };
    expect(sweepOutcome(plan, [elsewhere], LISTINGS)).toEqual({ bought: [], skipped: ['s1'] });
  });
});
