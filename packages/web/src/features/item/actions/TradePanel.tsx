import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPE, type OrderVO } from '@aiamarket/shared';
import { useSession } from '../../../lib/session';
import { fetchOwnListing, fetchOwnership } from '../api';
import { FavouriteButton } from './FavouriteButton';
import { ListModal, type ListableItem } from './ListModal';
import { OrderActions, useOrderModal } from './OrderActions';
import { TransferModal } from './TransferModal';
import { visibleActions } from './visibility';
import { ActionButton } from '../../../components/trade/ActionButton';

export interface TradePanelProps {
  /** The item (nftMeta/getDetail metadataVO). */
  item: ListableItem;
  /** The item's main listing (getDetail orderVO), null when none. */
  order: OrderVO | null;
  /** The collection's royalty percent (collectionsVO.royalty). */
  royalty: number | null;
}

/**
 * The trading panel of the item page (spec section 2): Buy, or Cancel and Update price for the
 * listing's owner; Sell and Transfer for a holder; the favourite toggle. Every transaction ends
 * with the page's queries refreshed once the indexer has it.
 */
export function TradePanel({ item, order, royalty }: TradePanelProps) {
  const { t } = useTranslation();
  const { address } = useSession();
  const [open, setOpen] = useState<'sell' | 'transfer' | null>(null);
  const orderModal = useOrderModal();
  const ownership = useQuery({
    queryKey: [
      'item',
      { contractAddr: item.contractAddr, tokenId: item.tokenId },
      'ownership',
      address,
    ],
    queryFn: ({ signal }) => fetchOwnership(item, address ?? '', signal),
    enabled: address !== null,
  });
  const held = Number(ownership.data?.amount ?? 0);
  const itemKey = { contractAddr: item.contractAddr, tokenId: item.tokenId };
  // The market keeps one listing per seller and ERC1155 token: the list dialog shows the one a
  // new listing would replace (it may not be the item's main listing, the lowest priced one).
  const ownListing = useQuery({
    queryKey: ['item', itemKey, 'own-listing', address],
    queryFn: ({ signal }) => fetchOwnListing(itemKey, address ?? '', signal),
    // Transfer too: the dialog warns that the sender's listing goes stale with the item gone.
    enabled:
      address !== null &&
      (open === 'transfer' || (open === 'sell' && item.contractType === CONTRACT_TYPE.erc1155)),
  });
  const existing = ownListing.data ?? null;
  const visible = visibleActions({
    order,
    viewer: address,
    held,
    contractType: item.contractType,
  });

  return (
    <div data-testid="item-actions" data-held={held} className="flex flex-wrap items-center gap-3">
      {order && (visible.buy || visible.cancel) && (
        <OrderActions order={order} onOpen={orderModal.open} />
      )}
      {visible.sell && (
        <ActionButton kind="primary" testId="action-sell" onClick={() => setOpen('sell')}>
          {t('trade.actions.sell')}
        </ActionButton>
      )}
      {visible.transfer && (
        <ActionButton kind="secondary" testId="action-transfer" onClick={() => setOpen('transfer')}>
          {t('trade.actions.transfer')}
        </ActionButton>
      )}
      <FavouriteButton item={item} />
      {open === 'sell' && (
        <ListModal
          item={item}
          held={held}
          royalty={royalty}
          existing={existing}
          onUpdatePrice={() => {
            setOpen(null);
            if (existing) orderModal.open('changePrice', existing);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {orderModal.view}
      {open === 'transfer' && (
        <TransferModal item={item} held={held} listing={existing} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
