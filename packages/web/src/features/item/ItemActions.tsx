import type { NftDetail } from '@aiamarket/shared';

/**
 * The slot for the trading buttons (buy, sell, cancel, update price, transfer, favourite
 * toggle). They come with the trading issue; until then this area is empty on purpose.
 */
export function ItemActions(_props: { detail: NftDetail }) {
  return <div data-testid="item-actions" />;
}
