import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ORDER_KIND, ORDER_STATUS, type OrderVO } from '@aiamarket/shared';
import { buttonClass, useOrderExtra } from '../../../components/trade';
import { useOrderGone } from '../../../lib/live';
import { isSignedIn, openConnectDialog, useSession } from '../../../lib/session';
import { BuyModal } from './BuyModal';
import { CancelModal } from './CancelModal';
import { ChangePriceModal } from './ChangePriceModal';
import { ActionButton } from '../../../components/trade/ActionButton';

export type OrderModal = 'buy' | 'cancel' | 'changePrice';

/**
 * The buttons of one listing (the item's main order or a row of the ERC1155 listings table):
 * its owner sees Cancel and Update price (a signed listing's price is signed: no update), anyone
 * else Buy and what app/ adds (Add to cart). Signed out, Buy opens the sign-in.
 * The parent shows the dialog (OrderModalView): a buy that empties the listing removes these
 * buttons, and the dialog must still show its result.
 */
export function OrderActions({
  order,
  size = 'md',
  onOpen,
}: {
  order: OrderVO;
  size?: 'sm' | 'md';
  onOpen: (which: OrderModal, order: OrderVO) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const extra = useOrderExtra();
  // The stream said the listing was bought, cancelled or withdrawn: no action the chain would
  // refuse while the page's data is refetched.
  const gone = useOrderGone(order);
  if (order.status !== ORDER_STATUS.listed) return null;
  const mine = session.address !== null && order.ownerAddr.toLowerCase() === session.address;
  const small = size === 'sm' ? ' h-9 px-4 text-xs' : '';
  if (gone) {
    if (mine) return null;
    return (
      <div className="flex flex-wrap gap-2" data-testid={`order-actions-${order.orderId}`}>
        <button
          type="button"
          disabled
          data-testid="action-sold"
          data-gone={gone}
          className={buttonClass.secondary + small + ' cursor-not-allowed opacity-60'}
        >
          {gone === 'sold' ? t('trade.actions.sold') : t('trade.actions.unavailable')}
        </button>
      </div>
    );
  }

  const openGuarded = (which: OrderModal) => {
    if (!isSignedIn(session)) {
      toast.error(t('errors.notLoggedIn'));
      openConnectDialog();
      return;
    }
    onOpen(which, order);
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid={`order-actions-${order.orderId}`}>
      {mine ? (
        <>
          <ActionButton
            kind="secondary"
            testId="action-cancel"
            className={small}
            onClick={() => openGuarded('cancel')}
          >
            {t('trade.actions.cancel')}
          </ActionButton>
          {order.kind !== ORDER_KIND.signed && (
            <ActionButton
              kind="primary"
              testId="action-update-price"
              className={small}
              onClick={() => openGuarded('changePrice')}
            >
              {t('trade.actions.updatePrice')}
            </ActionButton>
          )}
        </>
      ) : (
        <>
          <ActionButton
            kind="primary"
            testId="action-buy"
            className={small}
            onClick={() => openGuarded('buy')}
          >
            {t('trade.actions.buy')}
          </ActionButton>
          {extra(order, size)}
        </>
      )}
    </div>
  );
}

/** The dialog of one listing, by name, kept by the parent of OrderActions. */
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

/**
 * The open dialog of the listings a component shows: `open` is OrderActions' onOpen, `view` the
 * dialog to render, which stays open while the query refreshes its listing away. Render `view`
 * at one place whatever else the component shows (rows, empty, error): moved to another branch
 * it would be mounted anew and lose its transaction state (a finished buy back to its form).
 */
export function useOrderModal() {
  const [modal, setModal] = useState<{ which: OrderModal; order: OrderVO } | null>(null);
  const open = useCallback((which: OrderModal, order: OrderVO) => setModal({ which, order }), []);
  const view = modal ? (
    <OrderModalView which={modal.which} order={modal.order} onClose={() => setModal(null)} />
  ) : null;
  return { open, view };
}
