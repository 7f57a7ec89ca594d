import type { NftDetail } from '@aiamarket/shared';
import { TradePanel } from './actions';
import { HeldListing } from './HeldListing';

/**
 * The slot for the trading buttons (buy, sell, cancel, update price, transfer, favourite
 * toggle): the trading panel of ./actions for the item and its main listing; without one, the
 * listing the market holds back, with the reason it cannot be bought now.
 */
export function ItemActions({ detail }: { detail: NftDetail }) {
  const held = detail.orderVO ? null : (detail.heldOrderVO ?? null);
  return (
    <>
      <TradePanel
        item={detail.metadataVO}
        order={detail.orderVO}
        royalty={detail.collectionsVO?.royalty ?? null}
      />
      {held && <HeldListing order={held} />}
    </>
  );
}
