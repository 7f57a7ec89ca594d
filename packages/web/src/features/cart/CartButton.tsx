import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { liveTopic } from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { useLiveTopics } from '../../lib/live';
import { isSignedIn, openConnectDialog, useSession } from '../../lib/session';
import { cartItems, cartKey, removeFromCart, useCart } from './store';

// The checkout (chain code, receipt decoding) loads when the cart is opened, not with every page.
const CheckoutDialog = lazy(() =>
  import('./CheckoutDialog').then((m) => ({ default: m.CheckoutDialog })),
);

/** The top bar's cart: the number of listings in it, and the cart with its checkout. */
export function CartButton() {
  const { t } = useTranslation();
  const cart = useCart();
  const session = useSession();
  const [open, setOpen] = useState(false);
  // The cart hears its items' changes on any page: one bought by someone else is marked sold
  // in the checkout and left out of its total (the stream's order states, lib/live).
  useLiveTopics(cart.map((o) => liveTopic.item(o.contractAddr, o.tokenId)));
  // ... and what was bought while no page listened is asked for each time the cart opens.
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    // Loaded with the checkout, not on every first visit.
    void import('./recheck').then(({ recheckCart }) => recheckCart(cartItems(), abort.signal));
    return () => abort.abort();
  }, [open]);
  return (
    <>
      <button
        type="button"
        data-testid="cart-button"
        aria-label={t('cart.open', { count: cart.length })}
        onClick={() => {
          if (!isSignedIn(session)) {
            toast.error(t('errors.notLoggedIn'));
            openConnectDialog();
            return;
          }
          setOpen(true);
        }}
        className={cx(
          'relative size-10 shrink-0 items-center justify-center rounded-full text-slate-200 hover:bg-white/10',
          // A visitor's top bar holds the wide Connect wallet button: on a phone the cart (which
          // asks to sign in first anyway) would push the logo under the search button.
          isSignedIn(session) ? 'inline-flex' : 'hidden sm:inline-flex',
        )}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
          <path
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01"
          />
        </svg>
        {cart.length > 0 && (
          <span
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-500 px-1 text-center text-xs font-bold text-ink-950"
          >
            {cart.length}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CheckoutDialog
            title={t('cart.title')}
            testId="cart-drawer"
            orders={cart}
            onRemove={(o) => removeFromCart([cartKey(o)])}
            // Bought and skipped alike leave the cart: neither can be bought again.
            onSettled={(r) => removeFromCart([...r.bought, ...r.skipped])}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
