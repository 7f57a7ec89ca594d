import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIVITY_METHOD as M, ORDER_STATUS, unitsText } from '@aiamarket/shared';
import { loadIndexerConfig } from '../../src/indexer/config.js';
import { foldListing, orderOf, orderRoyalty } from '../../src/indexer/derive/listing-fold.js';
import { transferActivity } from '../../src/indexer/derive/activity-rows.js';
import {
  ZERO_ADDRESS,
  type MarketRow,
  type TransferRow,
} from '../../src/indexer/sync/fact-rows.js';

const time = new Date(0);
let log = 0;
const ev = (e: Partial<MarketRow> & { kind: string }): MarketRow => ({
  chainId: 1,
  blockNumber: 1,
  txHash: `0x${(log++).toString(16).padStart(64, '0')}`,
  logIndex: log,
  marketAddr: '0xm',
  itemId: '7',
  contractAddr: '0xc',
  tokenId: '1',
  blockTime: time,
  ...e,
});
const created = ev({
  kind: 'created',
  seller: '0xs',
  coin: ZERO_ADDRESS,
  price: '10',
  amount: '5',
  code: 1,
});

describe('foldListing and orderOf', () => {
  it('follows sales, price changes and cancels', () => {
    const sold = ev({ kind: 'sold', leftAmount: '3', amount: '2' });
    const price = ev({ kind: 'price', price: '20' });
    let s = foldListing([created, sold, price])!;
    expect(s).toMatchObject({
      chainStatus: 0,
      leftAmount: '3',
      price: '20',
      contractType: 'ERC1155',
    });
    s = foldListing([created, sold, ev({ kind: 'sold', leftAmount: '0' })])!;
    expect(s.chainStatus).toBe(ORDER_STATUS.sold);
    s = foldListing([created, ev({ kind: 'cancelled', code: 3 })])!;
    expect(s).toMatchObject({ chainStatus: ORDER_STATUS.forceCancel, leftAmount: '0' });
    expect(foldListing([sold])).toBeNull();
  });

  it('is force cancel exactly while the seller holds less than the amount left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 5 }),
        (held, bought) => {
          const events = [created];
          if (bought > 0) events.push(ev({ kind: 'sold', leftAmount: String(5 - bought) }));
          const s = foldListing(events)!;
          const row = orderOf(1, s, BigInt(held), null);
          const left = 5 - bought;
          const expected =
            left === 0
              ? ORDER_STATUS.sold
              : held < left
                ? ORDER_STATUS.forceCancel
                : ORDER_STATUS.listed;
          expect(row.status).toBe(expected);
          // Unknown holdings: the chain status stands.
          expect(orderOf(1, s, null, null).status).toBe(s.chainStatus);
        },
      ),
    );
  });
});

describe('transferActivity', () => {
  const t = (from: string, to: string, batch = false): TransferRow => ({
    chainId: 1,
    blockNumber: 1,
    txHash: '0xt',
    logIndex: 0,
    subIndex: 0,
    contractAddr: '0xc',
    tokenId: '1',
    fromAddr: from,
    toAddr: to,
    amount: '1',
    batch,
    blockTime: time,
  });
  const none = new Set<string>();
  it('gives each transfer kind its method code', () => {
    expect(transferActivity(t(ZERO_ADDRESS, '0xa'), 'ERC721', undefined, none)?.method).toBe(
      M.mint,
    );
    expect(transferActivity(t('0xa', ZERO_ADDRESS), 'ERC721', undefined, none)?.method).toBe(
      M.burn,
    );
    expect(transferActivity(t('0xa', '0xb'), 'ERC721', undefined, none)?.method).toBe(
      M.transfer721,
    );
    expect(transferActivity(t('0xa', '0xb'), 'ERC1155', undefined, none)?.method).toBe(
      M.transfer1155,
    );
    expect(transferActivity(t('0xa', '0xb', true), 'ERC1155', undefined, none)?.method).toBe(
      M.transfer1155Batch,
    );
    expect(transferActivity(t('0xa', '0xl'), 'ERC721', undefined, new Set(['0xl']))?.method).toBe(
      M.swapIn,
    );
    const swap = { sales: new Set<string>(), swaps: new Set(['0xc|0xa']) };
    expect(transferActivity(t('0xa', '0xbank'), 'ERC721', swap, none)?.method).toBe(M.swapIn);
    const sale = { sales: new Set(['0xc|1|0xa|0xb']), swaps: new Set<string>() };
    expect(transferActivity(t('0xa', '0xb'), 'ERC721', sale, none)).toBeNull();
  });
});

describe('unitsText (shared) and orderRoyalty', () => {
  it('writes raw amounts in coin units', () => {
    expect(unitsText('1500000', 6)).toBe('1.5');
    expect(unitsText('1', 18)).toBe('0.000000000000000001');
    expect(unitsText('1000000000000000000', 18)).toBe('1');
    expect(unitsText('0', 6)).toBe('0');
    expect(unitsText('42', 0)).toBe('42');
    // Any amount and decimals: the units times 10^decimals give the raw amount back.
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (raw, d) => {
          const [whole, fraction = ''] = unitsText(raw.toString(), d).split('.');
          expect(fraction.length).toBeLessThanOrEqual(d);
          expect(fraction.endsWith('0')).toBe(false);
          expect(BigInt(whole! + fraction.padEnd(d, '0'))).toBe(raw);
        },
      ),
    );
  });

  it('takes the market rate set before the listing, else the ERC-2981 rate', () => {
    const listing = { createdBlock: 10, createdLogIndex: 2 };
    const rates = [
      { blockNumber: 5, logIndex: 0, rate: 300 },
      { blockNumber: 10, logIndex: 1, rate: 0 },
      { blockNumber: 10, logIndex: 3, rate: 900 },
    ];
    expect(orderRoyalty(rates, listing, 500)).toBe(0);
    expect(orderRoyalty(rates.slice(0, 1), listing, 500)).toBe(300);
    expect(orderRoyalty(rates.slice(2), listing, 500)).toBe(500);
    expect(orderRoyalty([], listing, null)).toBeNull();
  });
});

describe('loadIndexerConfig', () => {
  it('has local defaults and names a bad variable', () => {
    expect(loadIndexerConfig({})).toEqual({
      enabled: true,
      confirmations: 0,
      batchBlocks: 2_000,
      rangeLogs: 10_000,
      analyzeEvents: 10_000,
      pollMs: 1_000,
      reorgWindow: 64,
      startBlock: undefined,
      metadata: {
        ipfsGateway: 'https://ipfs.io',
        timeoutMs: 10_000,
        maxBytes: 524_288,
        attempts: 3,
        backoffMs: 500,
      },
      metadataRefreshPerMinute: 10,
    });
    expect(
      loadIndexerConfig({
        INDEXER_ENABLED: 'false',
        INDEXER_CONFIRMATIONS: '12',
        INDEXER_REFRESH_PER_MINUTE: '3',
      }),
    ).toMatchObject({
      enabled: false,
      confirmations: 12,
      metadataRefreshPerMinute: 3,
    });
    expect(() => loadIndexerConfig({ INDEXER_BATCH_BLOCKS: 'lots' })).toThrow(
      /^INDEXER_BATCH_BLOCKS .*"lots"/,
    );
    expect(() => loadIndexerConfig({ INDEXER_CONFIRMATIONS: '-1' })).toThrow(
      /^INDEXER_CONFIRMATIONS/,
    );
  });
});
