import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setConnectDialogOpen, useConnectDialogOpen } from '../lib/session';
import { WalletIcon } from './icons';

// The dialog, its library and the wallet list load on first open, not with the first visit.
const ConnectWalletDialog = lazy(() => import('./ConnectWalletDialog'));

/**
 * "Connect wallet": opens the connect dialog. Its open state is the app-wide connect dialog
 * flag, so any screen can open it (`openConnectDialog`).
 */
export function ConnectWalletButton() {
  const { t } = useTranslation();
  const open = useConnectDialogOpen();
  const button = useRef<HTMLButtonElement>(null);
  // Stays mounted once opened, so that it can close with its animation and keep its state.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid="connect-wallet"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setConnectDialogOpen(true)}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full bg-brand-500 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 text-ink-950 shadow-md shadow-brand-500/20 hover:bg-brand-400"
      >
        <WalletIcon className="hidden sm:block" />
        {t('nav.connectWallet')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ConnectWalletDialog onClosed={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
