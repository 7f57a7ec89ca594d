import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeWalletIcon, useDiscoveredWallets, type DiscoveredWallet } from '../lib/eip6963';
import { WALLET_DOWNLOAD_URL } from '../lib/navigation';
import { CloseIcon, WalletIcon } from './icons';

/**
 * "Connect wallet": lists the browser wallets found through EIP-6963. Signing in with the
 * chosen wallet arrives with the login feature; for now a choice closes the dialog.
 */
export function ConnectWalletButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          data-testid="connect-wallet"
          className="inline-flex h-10 items-center gap-2 rounded-full bg-brand-500 px-4 text-sm font-semibold whitespace-nowrap text-ink-950 shadow-md shadow-brand-500/20 hover:bg-brand-400"
        >
          <WalletIcon className="hidden sm:block" />
          {t('nav.connectWallet')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="connect-wallet-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-ink-900 p-6 text-slate-100 shadow-2xl shadow-black/50"
        >
          <Dialog.Title className="text-lg font-semibold">{t('wallet.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-400">
            {t('wallet.description')}
          </Dialog.Description>
          <WalletList onChoose={() => setOpen(false)} />
          <Dialog.Close asChild>
            <button
              type="button"
              aria-label={t('wallet.close')}
              className="absolute top-4 right-4 rounded-full p-1.5 text-slate-400 hover:bg-white/10 hover:text-white"
            >
              <CloseIcon />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WalletList({ onChoose }: { onChoose: (wallet: DiscoveredWallet) => void }) {
  const { t } = useTranslation();
  const wallets = useDiscoveredWallets();

  if (wallets.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-white/15 p-5 text-center">
        <p className="font-medium">{t('wallet.noWallet')}</p>
        <p className="mt-1 text-sm text-slate-400">{t('wallet.noWalletHint')}</p>
        <a
          href={WALLET_DOWNLOAD_URL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="wallet-download"
          className="mt-4 inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-semibold text-ink-950 hover:bg-brand-400"
        >
          {t('wallet.download')}
        </a>
      </div>
    );
  }

  return (
    <ul className="mt-5 space-y-2" data-testid="wallet-list">
      {wallets.map((wallet) => {
        const icon = safeWalletIcon(wallet.info.icon);
        return (
          <li key={wallet.info.uuid}>
            <button
              type="button"
              data-testid={`wallet-option-${wallet.info.rdns}`}
              onClick={() => onChoose(wallet)}
              className="flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-left font-medium hover:border-brand-400/60 hover:bg-white/10"
            >
              {icon ? (
                <img src={icon} alt="" width={32} height={32} className="size-8 rounded-lg" />
              ) : (
                <WalletIcon className="size-8 p-1 text-slate-400" />
              )}
              {wallet.info.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
