import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_ROYALTY_RATE, royaltyRateOf, saleRoyalty } from '../src/royalty.js';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'B'.repeat(40);
const ZERO = '0x' + '0'.repeat(40);
const address = fc.stringMatching(/^0x[0-9a-f]{40}$/).filter((a) => a !== ZERO);
const gross = fc.bigInt({ min: 0n, max: 10n ** 30n });
const rate = fc.integer({ min: 0, max: MAX_ROYALTY_RATE });

describe('royalty rule (as the contracts pay)', () => {
  it('the market rate wins over ERC-2981, rounded down, and a market rate of 0 pays none', () => {
    expect(saleRoyalty({ rate: 500, receiver: A }, { receiver: B, amount: 9n }, 1999n)).toEqual({
      source: 'market',
      amount: 99n, // 1999 * 500 / 10000 = 99.95
      receiver: A,
    });
    expect(saleRoyalty({ rate: 0, receiver: ZERO }, { receiver: B, amount: 9n }, 1000n)).toEqual({
      source: 'market',
      amount: 0n,
      receiver: null,
    });
  });

  it('ERC-2981 applies without a market rate, capped at 10 %, lowercased', () => {
    expect(saleRoyalty(null, { receiver: B, amount: 50n }, 1000n)).toEqual({
      source: 'erc2981',
      amount: 50n,
      receiver: B.toLowerCase(),
    });
    expect(saleRoyalty(null, { receiver: B, amount: 500n }, 1000n).amount).toBe(100n);
    expect(saleRoyalty(null, { receiver: ZERO, amount: 50n }, 1000n).source).toBe('none');
    expect(saleRoyalty(null, null, 1000n)).toEqual({ source: 'none', amount: 0n, receiver: null });
  });

  it('never pays more than 10 % and the market always decides when set', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ rate, receiver: address })),
        fc.option(
          fc.record({ receiver: address, amount: fc.bigInt({ min: 0n, max: 10n ** 31n }) }),
        ),
        gross,
        (market, erc, g) => {
          const r = saleRoyalty(market, erc, g);
          expect(r.amount * 10n <= g).toBe(true);
          if (market) expect(r.source).toBe('market');
          else expect(r.source).toBe(erc ? 'erc2981' : 'none');
          if (r.amount > 0n) expect(r.receiver).not.toBeNull();
        },
      ),
      { seed: 2981, numRuns: 500 },
    );
  });

  it('the view rate is the sale rule at a price of 10000 (percent x 100)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ rate, receiver: address })),
        fc.option(fc.record({ receiver: address, amount: fc.bigInt({ min: 0n, max: 10n ** 6n }) })),
        (market, erc) => {
          const view = royaltyRateOf(market, erc);
          const sale = saleRoyalty(market, erc, 10_000n);
          expect(view.source).toBe(sale.source);
          expect(view.receiver).toBe(sale.receiver);
          expect(BigInt(view.rate)).toBe(sale.amount);
          expect(view.rate).toBeLessThanOrEqual(MAX_ROYALTY_RATE);
        },
      ),
      { seed: 2981, numRuns: 500 },
    );
  });
});
