import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDiscoveredWallets } from '../lib/eip6963';
import { resetAppConfig, type AppConfig } from '../lib/appConfig';
import { getLoginType, openConnectDialogToSell } from '../lib/session';
import { signIn, afterSignIn, walletConnectWallet } from '../lib/wallet';
import { ConnectWalletButton } from './ConnectWalletButton';

vi.mock('../lib/wallet', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  signIn: vi.fn(),
  afterSignIn: vi.fn(),
  walletConnectWallet: vi.fn(),
}));

/** Opens the dialog with the button; its code loads on first open. */
async function openDialog() {
  fireEvent.click(screen.getByTestId('connect-wallet'));
  return screen.findByRole('dialog', { name: 'Connect wallet' });
}

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

function announceOnRequest(name: string, rdns: string) {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: `${rdns}-uuid`, name, icon: ICON, rdns },
          provider: { request: async () => null },
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

describe('ConnectWalletButton', () => {
  afterEach(() => resetDiscoveredWallets());
  beforeEach(() => {
    vi.mocked(signIn).mockReset();
    vi.mocked(afterSignIn).mockReset();
  });

  it('offers a wallet download link when no wallet announces itself', async () => {
    render(<ConnectWalletButton />);
    const button = screen.getByTestId('connect-wallet');
    expect(button.textContent).toBe('Connect wallet');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await openDialog();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByTestId('wallet-download');
    expect(link.getAttribute('href')).toBe('https://metamask.io/download/');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('lists EIP-6963 wallets and closes when one is picked', async () => {
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      const option = screen.getByTestId('wallet-option-org.example.wallet');
      expect(option.textContent).toContain('Test Wallet');
      expect(screen.queryByTestId('wallet-download')).toBeNull();
      // A late wallet is added, a repeated announcement is not.
      act(() => {
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: {
              info: { uuid: 'late', name: 'Late Wallet', icon: 'https://x/y.png', rdns: 'late' },
              provider: { request: async () => null },
            },
          }),
        );
        window.dispatchEvent(new Event('eip6963:requestProvider'));
      });
      expect(screen.getAllByRole('button', { name: /Wallet$/ })).toHaveLength(2);
      // Only data: icons are shown.
      expect(screen.getByTestId('wallet-option-late').querySelector('img')).toBeNull();
    } finally {
      stop();
    }
  });

  it('signs in with the chosen wallet, showing each step, then leaves the page', async () => {
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    let finish: (address: string) => void = () => {};
    vi.mocked(signIn).mockImplementation((wallet, onStep) => {
      expect(wallet.info.rdns).toBe('org.example.wallet');
      onStep?.('signing');
      return new Promise((resolve) => (finish = resolve));
    });
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      fireEvent.click(screen.getByTestId('wallet-option-org.example.wallet'));
      const status = await screen.findByTestId('wallet-connecting');
      expect(status.textContent).toContain('Sign the message in your wallet to log in');
      await act(async () => finish('0xabc'));
      expect(afterSignIn).toHaveBeenCalledWith('0xabc');
    } finally {
      stop();
    }
  });

  it('shows why the sign-in failed and offers the wallets again', async () => {
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    vi.mocked(signIn).mockRejectedValue(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    );
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      fireEvent.click(screen.getByTestId('wallet-option-org.example.wallet'));
      const error = await screen.findByTestId('wallet-error');
      expect(error.textContent).toContain(
        'You declined the sign-in request in your wallet. Nothing was signed.',
      );
      expect(screen.getByTestId('wallet-option-org.example.wallet')).toBeTruthy();
      expect(afterSignIn).not.toHaveBeenCalled();
      // Try again: the same wallet is asked again, and this time it signs.
      vi.mocked(signIn).mockResolvedValue('0xdef' as never);
      fireEvent.click(within(error).getByTestId('wallet-retry'));
      await waitFor(() => expect(afterSignIn).toHaveBeenCalledWith('0xdef'));
      expect(vi.mocked(signIn).mock.calls.at(-1)![0].info.rdns).toBe('org.example.wallet');
    } finally {
      stop();
    }
  });

  it('falls back to window.ethereum when no wallet announces itself', async () => {
    const w = window as unknown as { ethereum?: unknown };
    w.ethereum = { request: async () => null };
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      expect(screen.getByTestId('wallet-option-injected').textContent).toContain('Browser wallet');
      expect(screen.queryByTestId('wallet-download')).toBeNull();
    } finally {
      delete w.ethereum;
    }
  });

  it('says when window.ethereum has no request method', async () => {
    const w = window as unknown as { ethereum?: unknown };
    w.ethereum = {};
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      expect(screen.getByRole('dialog').textContent).toContain(
        "The Ethereum provider doesn't seem to provide a request method.",
      );
      expect(screen.getByTestId('wallet-download')).toBeTruthy();
    } finally {
      delete w.ethereum;
    }
  });
  it('names MetaMask and a second browser wallet, linking to their download pages when missing', async () => {
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      const metamask = screen.getByTestId('wallet-install-io.metamask');
      expect(metamask.textContent).toBe('MetaMaskInstall');
      expect(metamask.getAttribute('href')).toBe('https://metamask.io/download/');
      expect(metamask.getAttribute('target')).toBe('_blank');
      const okx = screen.getByTestId('wallet-install-com.okex.wallet');
      expect(okx.textContent).toBe('OKX WalletInstall');
      expect(okx.getAttribute('href')).toBe('https://www.okx.com/web3');
      // The wallet that is there is offered after them.
      const items = screen.getByTestId('wallet-list').querySelectorAll('li');
      expect(items[2]!.textContent).toContain('Test Wallet');
    } finally {
      stop();
    }
  });

  it('hides WalletConnect without a project id', async () => {
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', '');
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      expect(screen.getByTestId('wallet-option-org.example.wallet')).toBeTruthy();
      expect(screen.queryByTestId('wallet-option-walletconnect')).toBeNull();
    } finally {
      stop();
      vi.unstubAllEnvs();
    }
  });

  it('with a project id, offers WalletConnect (also without a browser wallet) and signs in with it', async () => {
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', 'project-1');
    resetAppConfig({ chain: { chainId: 1319 } } as AppConfig);
    const wc = {
      info: { uuid: 'walletconnect', name: 'WalletConnect', icon: '', rdns: 'walletconnect' },
      provider: { request: async () => null },
    };
    vi.mocked(walletConnectWallet).mockResolvedValue(wc as never);
    vi.mocked(signIn).mockResolvedValue('0xabc');
    try {
      render(<ConnectWalletButton />);
      await openDialog();
      expect(screen.getByTestId('wallet-download')).toBeTruthy();
      const option = screen.getByTestId('wallet-option-walletconnect');
      expect(option.textContent).toBe('WalletConnectScan a QR code with a mobile wallet');
      fireEvent.click(option);
      // Its own QR dialog takes over: this one closes.
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(afterSignIn).toHaveBeenCalledWith('0xabc'));
      expect(vi.mocked(signIn).mock.calls[0]![0]).toBe(wc);
    } finally {
      vi.unstubAllEnvs();
      resetAppConfig();
    }
  });
  it('a sell entry point opens it with loginType homeSell; dismissing forgets the login type', async () => {
    render(<ConnectWalletButton />);
    act(() => openConnectDialogToSell());
    expect(await screen.findByRole('dialog', { name: 'Connect wallet' })).toBeTruthy();
    expect(getLoginType()).toBe('homeSell');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getLoginType()).toBeNull();
  });

  it('gives the focus back to its button when the dialog closes', async () => {
    render(<ConnectWalletButton />);
    const dialog = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('connect-wallet'));
  });
});
