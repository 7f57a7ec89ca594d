import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from '../components/Footer';
import { LivePaused } from '../lib/live';
import { ScrollToTop } from '../components/ScrollToTop';
import { TopBar } from '../components/TopBar';
import { PageFallback } from '../components/PageFallback';
import { RouteErrorBoundary } from '../components/RouteError';
// Direct files, not the folders' index: the shell must not pull the chain code of the checkout
// and the trade dialogs into every first visit (bundle-budget.test.ts).
import { OrderExtraProvider, type OrderExtra } from '../components/trade/OrderExtra';
import { CartButton } from '../features/cart/CartButton';
import { CartToggle } from '../features/cart/CartToggle';
import { GlobalSearch } from '../features/search/GlobalSearch';

// Add to cart beside every listing's own buttons.
const cartToggle: OrderExtra = (order, size) => <CartToggle order={order} size={size} />;

/** The shell around every page. The top bar is fixed: `main` starts below it (pt-16). */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <OrderExtraProvider value={cartToggle}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('app.skipToContent')}
        </a>
        <ScrollToTop />
        <TopBar search={<GlobalSearch />} cart={<CartButton />} />
        <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
        <LivePaused />
      </div>
    </OrderExtraProvider>
  );
}
