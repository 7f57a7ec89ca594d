import { describe, expect, it } from 'vitest';
import type { DiscoveredWallet } from '../eip6963';
import { NAMED_WALLETS, walletChoices } from './named';

const wallet = (rdns: string, name = rdns): DiscoveredWallet => ({
  info: { uuid: `${rdns}-uuid`, name, icon: '', rdns },
  provider: { request: async () => null } as unknown as DiscoveredWallet['provider'],
});

describe('walletChoices', () => {
  it('lists nothing when no wallet is installed (the dialog then links to the download page)', () => {
    expect(walletChoices([])).toEqual([]);
  });

  it('names MetaMask and a second browser wallet first, with install links when missing', () => {
    const other = wallet('dev.example.wallet', 'Example');
    const choices = walletChoices([other]);
    expect(
      choices.map((c) => (c.kind === 'missing' ? `install ${c.named.name}` : c.wallet.info.name)),
    ).toEqual(['install MetaMask', 'install OKX Wallet', 'Example']);
    expect(NAMED_WALLETS.map((n) => n.downloadUrl)).toEqual([
      'https://metamask.io/download/',
      'https://www.okx.com/web3',
    ]);
  });

  it('offers an installed named wallet through its announced provider, once', () => {
    const okx = wallet('com.okex.wallet', 'OKX Wallet');
    const metamask = wallet('io.metamask', 'MetaMask');
    const choices = walletChoices([okx, metamask]);
    expect(choices).toEqual([
      { kind: 'installed', wallet: metamask },
      { kind: 'installed', wallet: okx },
    ]);
  });
});
