import type { NftDetail } from '@aiamarket/shared';
import { TradePanel } from './actions';

/**
 * The slot for the trading buttons (buy, sell, cancel, update price, transfer, favourite
 * toggle): the trading panel of ./actions for the item and its main listing.
 */
export function ItemActions({ detail }: { detail: NftDetail }) {
  return (
    <TradePanel
      item={detail.metadataVO}
      order={detail.orderVO}
      royalty={detail.collectionsVO?.royalty ?? null}
    />
  );
}
