import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ORDER_STATUS, type OrderVO } from '@aiamarket/shared';
import { buttonClass } from '../../../components/trade';
import { isSignedIn, openConnectDialog, useSession } from '../../../lib/session';
import { BuyModal } from './BuyModal';
import { CancelModal } from './CancelModal';
import { ChangePriceModal } from './ChangePriceModal';

export type OrderModal = 'buy' | 'cancel' | 'changePrice';
type Open = OrderModal | null;

/**
 * The buttons of one listing (the item's main order or a row of the ERC1155 listings table):
 * its owner sees Cancel and Update price, anyone else Buy. Signed out, Buy opens the sign-in.
 */
export function OrderActions({
  order,
  size = 'md',
  onOpen,
}: {
  order: OrderVO;
  size?: 'sm' | 'md';
  /** The parent shows the dialog instead: it must outlive these buttons, which go once sold. */
  onOpen?: (which: OrderModal, order: OrderVO) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState<Open>(null);
  if (order.status !== ORDER_STATUS.listed) return null;
  const mine = session.address !== null && order.ownerAddr.toLowerCase() === session.address;
  const small = size === 'sm' ? ' h-9 px-4 text-xs' : '';

  const openGuarded = (which: Open) => {
    if (!isSignedIn(session)) {
      toast.error(t('errors.notLoggedIn'));
      openConnectDialog();
      return;
    }
    if (onOpen && which) onOpen(which, order);
    else setOpen(which);
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid={`order-actions-${order.orderId}`}>
      {mine ? (
        <>
          <button
            type="button"
            data-testid="action-cancel"
            className={buttonClass.secondary + small}
            onClick={() => openGuarded('cancel')}
          >
            {t('trade.actions.cancel')}
          </button>
          <button
            type="button"
            data-testid="action-update-price"
            className={buttonClass.primary + small}
            onClick={() => openGuarded('changePrice')}
          >
            {t('trade.actions.updatePrice')}
          </button>
        </>
      ) : (
        <button
          type="button"
          data-testid="action-buy"
          className={buttonClass.primary + small}
          onClick={() => openGuarded('buy')}
        >
          {t('trade.actions.buy')}
        </button>
      )}
      {open === 'buy' && <BuyModal order={order} onClose={() => setOpen(null)} />}
      {open === 'cancel' && <CancelModal order={order} onClose={() => setOpen(null)} />}
      {open === 'changePrice' && <ChangePriceModal order={order} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** The dialog of one listing, by name (for a parent that keeps it open past the listing). */
export function OrderModalView({
  which,
  order,
  onClose,
}: {
  which: OrderModal;
  order: OrderVO;
  onClose: () => void;
}) {
  if (which === 'buy') return <BuyModal order={order} onClose={onClose} />;
  if (which === 'cancel') return <CancelModal order={order} onClose={onClose} />;
  return <ChangePriceModal order={order} onClose={onClose} />;
}
