import type { Address } from 'viem';
import { CONTRACT_TYPE, ORDER_KIND, type OrderVO } from '@aiamarket/shared';
import type { SweepLine } from '../../lib/chain/listings';
import { cartKey } from './store';

/** A listing to buy and, from a sweep quote, how many of its units (else all that is left). */
export type CheckoutOrder = OrderVO & { units?: string };

/** The units a checkout buys of a listing: the quoted part, or all that is left. */
export const unitsOf = (order: CheckoutOrder): bigint => BigInt(order.units ?? order.leftAmount);

/**
 * The sweep line of a listing: its units (one for ERC721). A signed listing goes with its signed
 * terms; a market listing with the unit price shown, which the market checks.
 */
export function sweepLineOf(order: CheckoutOrder): SweepLine {
  const units = unitsOf(order);
  if (order.kind === ORDER_KIND.signed && order.signed) {
    return { kind: 'signed', key: cartKey(order), signed: order.signed, units };
  }
  return {
    kind: 'market',
    key: cartKey(order),
    itemId: BigInt(order.orderId),
    nft: order.contractAddr as Address,
    erc1155: order.contractType === CONTRACT_TYPE.erc1155,
    tokenId: BigInt(order.tokenId),
    coin: order.moneyAddr as Address,
    price: BigInt(order.priceWei),
    units,
  };
}

/** What the listings cost together, per coin (base units), in the order coins first appear. */
export function totalsByCoin(orders: readonly CheckoutOrder[]) {
  const totals = new Map<string, { coin: string; decimals: number; wei: bigint }>();
  for (const o of orders) {
    const key = o.moneyAddr.toLowerCase();
    const t = totals.get(key) ?? { coin: o.coin, decimals: o.coinDecimals, wei: 0n };
    t.wei += BigInt(o.priceWei) * unitsOf(o);
    totals.set(key, t);
  }
  return [...totals.values()];
}
