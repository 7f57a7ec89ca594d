import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { MAX_SWEEP, ORDER_STATUS, type OrderVO } from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { useSession } from '../../lib/session';
import { addToCart, cartKey, removeFromCart, useCart } from './store';

/**
 * Add to cart / Remove from cart of one buyable listing (not the visitor's own). A full cart
 * (MAX_SWEEP) says so instead of adding.
 */
export function CartToggle({ order, size = 'md' }: { order: OrderVO; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const cart = useCart();
  const session = useSession();
  if (order.status !== ORDER_STATUS.listed) return null;
  if (session.address !== null && order.ownerAddr.toLowerCase() === session.address) return null;
  const key = cartKey(order);
  const inCart = cart.some((o) => cartKey(o) === key);
  // Small: on cards (over the picture) and in table rows.
  const small = size === 'sm' ? ' h-9 bg-ink-950/80 px-4 text-xs' : '';
  return (
    <button
      type="button"
      data-testid={inCart ? 'cart-toggle-remove' : 'cart-toggle-add'}
      className={buttonClass.secondary + small}
      onClick={(e) => {
        // On a card the button sits in the card's link.
        e.preventDefault();
        e.stopPropagation();
        if (inCart) {
          removeFromCart([key]);
          return;
        }
        if (addToCart(order) === 'full') toast.error(t('cart.full', { max: MAX_SWEEP }));
        else toast.success(t('cart.added'));
      }}
    >
      {inCart ? t('cart.removeShort') : t('cart.add')}
    </button>
  );
}
