import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetDiscoveredWallets } from '../lib/eip6963';
import { ConnectWalletButton } from './ConnectWalletButton';

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

  it('offers a wallet download link when no wallet announces itself', () => {
    render(<ConnectWalletButton />);
    const button = screen.getByTestId('connect-wallet');
    expect(button.textContent).toBe('Connect wallet');
    fireEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy();
    const link = screen.getByTestId('wallet-download');
    expect(link.getAttribute('href')).toBe('https://metamask.io/download/');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('lists EIP-6963 wallets and closes when one is picked', () => {
    const stop = announceOnRequest('Test Wallet', 'org.example.wallet');
    try {
      render(<ConnectWalletButton />);
      fireEvent.click(screen.getByTestId('connect-wallet'));
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
      fireEvent.click(option);
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      stop();
    }
  });
});
