import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { loadAppConfig } from '../lib/appConfig';
import {
  INJECTED_WALLET_ID,
  injectedWallet,
  safeWalletIcon,
  useDiscoveredWallets,
  type DiscoveredWallet,
} from '../lib/eip6963';
import { errorText } from '../lib/errors';
import { WALLET_DOWNLOAD_URL } from '../lib/navigation';
import { setConnectDialogOpen, setLoginType, useConnectDialogOpen } from '../lib/session';
import {
  afterSignIn,
  signIn,
  walletChoices,
  walletConnectProjectId,
  walletConnectWallet,
  walletErrorText,
  type SignInStep,
} from '../lib/wallet';
import { WalletIcon } from './icons';
import { ModalDialog } from './ModalDialog';
import { ExternalLink } from './ExternalLink';
import { pillClass } from './pill';

type Attempt =
  | { state: 'idle' }
  | { state: 'connecting'; wallet: DiscoveredWallet; step: SignInStep }
  | { state: 'error'; wallet: DiscoveredWallet; message: string };

/**
 * The connect dialog: lists the browser wallets found through EIP-6963 (or `window.ethereum`),
 * then signs in with the chosen one (spec section 4). Its open state is the app-wide connect
 * dialog flag. Loaded on first open (ConnectWalletButton), with the dialog library.
 */
export default function ConnectWalletDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation();
  const open = useConnectDialogOpen();
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const busy = attempt.state === 'connecting';

  const failure = (error: unknown) => {
    const text = walletErrorText(error);
    return text ? t(text.key, text.values ?? {}) : errorText(error, t);
  };

  const start = (wallet: DiscoveredWallet) => {
    setAttempt({ state: 'connecting', wallet, step: 'connecting' });
    signIn(wallet, (step) => setAttempt({ state: 'connecting', wallet, step }))
      .then(afterSignIn)
      .catch((error: unknown) => {
        setAttempt({ state: 'error', wallet, message: failure(error) });
      });
  };

  // WalletConnect shows its own QR dialog: this one closes so that it does not sit on top.
  const startWalletConnect = () => {
    setConnectDialogOpen(false);
    setAttempt({ state: 'idle' });
    loadAppConfig()
      .then(walletConnectWallet)
      .then((wallet) => (wallet ? signIn(wallet).then(afterSignIn) : undefined))
      .catch((error: unknown) => toast.error(failure(error), { id: 'wallet-connect' }));
  };

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onClose={() => {
        setConnectDialogOpen(false);
        setAttempt({ state: 'idle' });
        // Dismissed without signing in: a pending "sell" login type no longer applies.
        setLoginType(null);
      }}
      testId="connect-wallet-dialog"
      title={t('wallet.title')}
      description={t('wallet.description')}
      width="min(92vw, 26rem)"
      closeLabel={t('wallet.close')}
      contentProps={{
        onCloseAutoFocus: (event) => {
          // No Radix trigger (the button is outside this lazy chunk): focus goes back to it.
          event.preventDefault();
          onClosed();
        },
        'data-state-connection': attempt.state === 'idle' ? 'disconnected' : attempt.state,
      }}
    >
      {attempt.state === 'connecting' ? (
        <div
          data-testid="wallet-connecting"
          role="status"
          className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-white/10 bg-white/5 p-6 text-center"
        >
          <span className="size-9 animate-spin rounded-full border-4 border-white/15 border-t-brand-400" />
          <p className="font-medium">
            {attempt.wallet.info.rdns === INJECTED_WALLET_ID
              ? t('wallet.browserWallet')
              : attempt.wallet.info.name}
          </p>
          <p className="text-sm text-slate-300">{t(`wallet.steps.${attempt.step}`)}</p>
        </div>
      ) : (
        <>
          {attempt.state === 'error' && (
            <p
              data-testid="wallet-error"
              role="alert"
              className="mt-5 rounded-xl border border-red-400/30 bg-red-500/10 px-4 py-3 text-sm text-red-200"
            >
              {attempt.message}
              <button
                type="button"
                data-testid="wallet-retry"
                onClick={() => start(attempt.wallet)}
                className="mt-2 block font-semibold text-white underline underline-offset-2 hover:text-brand-300"
              >
                {t('wallet.retry')}
              </button>
            </p>
          )}
          <WalletList onChoose={start} onWalletConnect={startWalletConnect} />
        </>
      )}
    </ModalDialog>
  );
}

function WalletList({
  onChoose,
  onWalletConnect,
}: {
  onChoose: (wallet: DiscoveredWallet) => void;
  onWalletConnect: () => void;
}) {
  const { t } = useTranslation();
  // Hidden unless the build names a WalletConnect project id (VITE_WALLETCONNECT_PROJECT_ID).
  const walletConnect = walletConnectProjectId() ? (
    <button
      type="button"
      data-testid="wallet-option-walletconnect"
      onClick={onWalletConnect}
      className="mt-2 flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-left font-medium hover:border-brand-400/60 hover:bg-white/10"
    >
      <WalletIcon className="size-8 p-1 text-sky-300" />
      <span className="flex flex-col">
        WalletConnect
        <span className="text-xs font-normal text-slate-400">{t('wallet.walletConnectHint')}</span>
      </span>
    </button>
  ) : null;
  const discovered = useDiscoveredWallets();
  const fallback = discovered.length === 0 ? injectedWallet() : null;
  const wallets = fallback ? [fallback] : discovered;

  if (wallets.length === 0) {
    // A `window.ethereum` without a request method cannot be used (spec's wallet errors).
    const broken = (globalThis as { ethereum?: unknown }).ethereum !== undefined;
    return (
      <>
        <div className="mt-6 rounded-xl border border-dashed border-white/15 p-5 text-center">
          <p className="font-medium">
            {broken ? t('wallet.errors.noRequest') : t('wallet.noWallet')}
          </p>
          <p className="mt-1 text-sm text-slate-400">{t('wallet.noWalletHint')}</p>
          <ExternalLink
            href={WALLET_DOWNLOAD_URL}
            data-testid="wallet-download"
            className={`mt-4 ${pillClass.brand}`}
          >
            {t('wallet.download')}
          </ExternalLink>
        </div>
        {walletConnect}
      </>
    );
  }

  return (
    <ul className="mt-5 space-y-2" data-testid="wallet-list">
      {walletChoices(wallets).map((choice) => {
        if (choice.kind === 'missing') {
          const { named } = choice;
          return (
            <li key={named.rdns}>
              <ExternalLink
                href={named.downloadUrl}
                data-testid={`wallet-install-${named.rdns}`}
                className="flex w-full items-center gap-3 rounded-xl border border-dashed border-white/10 px-4 py-3 text-left font-medium text-slate-300 hover:border-brand-400/60 hover:bg-white/5"
              >
                <WalletIcon className="size-8 p-1 text-slate-500" />
                <span className="flex-1">{named.name}</span>
                <span className="text-sm font-semibold text-brand-300">{t('wallet.install')}</span>
              </ExternalLink>
            </li>
          );
        }
        const { wallet } = choice;
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
              {wallet.info.rdns === INJECTED_WALLET_ID
                ? t('wallet.browserWallet')
                : wallet.info.name}
            </button>
          </li>
        );
      })}
      {walletConnect && <li>{walletConnect}</li>}
    </ul>
  );
}
