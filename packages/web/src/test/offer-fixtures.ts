import type { Address } from 'viem';
import { OFFER_KIND, OFFER_STATUS, type OfferVO } from '@aiamarket/shared';
import { CONTRACT } from './market-fixtures';

// Typed offers and offer coins for the offer tests.

/** The wrapped AIA of the local deploy. */
export const WRAPPED_AIA = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
/** The default offerer: anvil's third account. */
export const OFFERER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

/**
 * An offer as the offer lists answer it: by default an open item offer of OTHER on token 7 of
 * CONTRACT, 1.5 wrapped AIA for one unit; its signed part follows the fields.
 */
export function offerVO(i: number, over: Partial<OfferVO> = {}): OfferVO {
  const hash = `0x${String(i).padStart(64, '0')}`;
  const base = {
    orderHash: hash,
    offersAddr: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
    offerer: OFFERER,
    contractAddr: CONTRACT,
    kind: OFFER_KIND.item,
    erc1155: false,
    tokenId: '7',
    trait: null,
    units: '1',
    filled: '0',
    remaining: '1',
    coin: 'WAIA',
    moneyAddr: WRAPPED_AIA,
    coinDecimals: 18,
    price: '1.5',
    priceWei: (15n * 10n ** 17n).toString(),
    priceRef: '1.5',
    status: OFFER_STATUS.active,
    startTime: '2026-01-01T00:00:00.000Z',
    endTime: '2099-01-01T00:00:00.000Z',
    createDate: '2026-01-01T00:00:00.000Z',
    collectionName: 'Sky Knights',
    linkCollection: 'sky-knights',
    name: 'Knight 7',
    imageUrl: null,
  };
  const o = { ...base, ...over } as Omit<OfferVO, 'signed'>;
  return {
    ...o,
    signed: {
      offerer: o.offerer,
      collection: o.contractAddr,
      kind: o.kind,
      erc1155: o.erc1155,
      identifier: o.tokenId ?? '0',
      units: o.units,
      coin: o.moneyAddr,
      pricePerUnit: o.priceWei,
      start: '0',
      end: '4070908800',
      salt: String(i),
      counter: '0',
      signature: '0x',
    },
  };
}

/** AIA as offers pay it: with the wrapped AIA at `payWith`. */
export function aiaOfferCoin(payWith: string) {
  return {
    address: '0x0000000000000000000000000000000000000000' as Address,
    symbol: 'AIA',
    decimals: 18,
    payWith: payWith as Address,
    wrapped: true,
  };
}
