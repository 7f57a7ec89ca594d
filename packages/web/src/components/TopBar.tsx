import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@aiamarket/shared';
import { cx } from '../lib/cx';
import { useScrolledPast } from '../lib/useScrolledPast';
import { isSignedIn, useSession } from '../lib/session';
import { ConnectWalletButton } from './ConnectWalletButton';
import { LanguageMenu } from './LanguageMenu';
import { CloseIcon, LogoMark, MenuIcon } from './icons';

// Only signed-in visitors need the account menu (and the formatting code it brings along).
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The top bar's links; `name` is also the link's test id suffix (`nav-<name>`). */
export const NAV_ITEMS = [
  { name: 'home', to: '/', label: 'nav.home' },
  { name: 'primary', to: '/primary', label: 'nav.primary' },
  { name: 'marketplace', to: '/marketplace', label: 'nav.marketplace' },
  { name: 'ranking', to: '/rankings', label: 'nav.ranking' },
  { name: 'launchpad', to: '/launchpad', label: 'nav.launchpad' },
  { name: 'helpcenter', to: '/helpcenter', label: 'nav.helpCenter' },
] as const;

/**
 * Transparent over the top of the page, dark once the page is scrolled more than
 * LAYOUT.topBarDarkAfterPx. Below the `xl` breakpoint the links fold into a menu button, and below
 * 1440 px the search is a button: Japanese and Turkish labels need that room (the e2e test
 * topbar-layout measures every width in every language).
 * `search` is the global search and `cart` the cart's button, handed in by app/ (a
 * generic component imports no feature).
 */
export function TopBar({ search, cart }: { search?: ReactNode; cart?: ReactNode }) {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(LAYOUT.topBarDarkAfterPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const session = useSession();
  const solid = scrolled || menuOpen;

  return (
    <header
      data-testid="topbar"
      data-scrolled={scrolled ? 'true' : 'false'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setMenuOpen(false);
      }}
      className={cx(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200',
        solid
          ? 'border-white/10 bg-ink-950/95 shadow-lg shadow-black/30 backdrop-blur'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-[1920px] items-center gap-2 px-3 sm:gap-3 sm:px-6 xl:gap-6">
        <Link
          to="/"
          aria-label={t('app.homeLink')}
          data-testid="topbar-logo"
          className="flex shrink-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-white"
        >
          <LogoMark />
          <span className="hidden sm:inline">{t('app.name')}</span>
        </Link>

        <nav
          id="main-nav"
          aria-label={t('nav.label')}
          className={cx(
            'absolute inset-x-0 top-16 border-b border-white/10 bg-ink-950 px-4 pb-4 shadow-lg shadow-black/40',
            'xl:static xl:block xl:shrink-0 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-1 xl:flex-row xl:items-center xl:gap-0.5 2xl:gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.name}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  data-testid={`nav-${item.name}`}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    cx(
                      'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors xl:px-2.5 2xl:px-3',
                      isActive
                        ? 'bg-white/10 text-white'
                        : 'text-slate-300 hover:bg-white/5 hover:text-white',
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex min-w-0 items-center justify-end gap-1 sm:gap-2 min-[90rem]:flex-1">
          {search}
          {cart}
          <LanguageMenu />
          {isSignedIn(session) ? (
            <Suspense fallback={<span className="size-10 shrink-0 rounded-full bg-white/10" />}>
              <AccountMenu session={session} />
            </Suspense>
          ) : (
            <ConnectWalletButton />
          )}
          <button
            type="button"
            data-testid="nav-menu-button"
            aria-controls="main-nav"
            aria-expanded={menuOpen}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-200 hover:bg-white/10 xl:hidden"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
