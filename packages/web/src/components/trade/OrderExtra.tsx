import { createContext, useContext, type ReactNode } from 'react';
import type { OrderVO } from '@aiamarket/shared';

/**
 * What app/ adds beside a listing's own buttons wherever one is shown (the cart's Add to cart): a
 * generic piece cannot import the cart slice, and threading a prop through every
 * page that shows listings would touch each of them.
 */
export type OrderExtra = (order: OrderVO, size: 'sm' | 'md') => ReactNode;

const OrderExtraContext = createContext<OrderExtra | null>(null);

export const OrderExtraProvider = OrderExtraContext.Provider;

/** The extra buttons of `order`; nothing when app/ gave none (tests, other apps). */
export function useOrderExtra(): OrderExtra {
  return useContext(OrderExtraContext) ?? (() => null);
}
