import type { DiscoveredWallet } from '../eip6963';

/**
 * The browser wallets the connect dialog always names (spec: a browser-injected wallet and a
 * second browser wallet). Installed, they announce themselves through EIP-6963 under this rdns
 * and are offered like any other; missing, the dialog links to their download page.
 */
export const NAMED_WALLETS = [
  { rdns: 'io.metamask', name: 'MetaMask', downloadUrl: 'https://metamask.io/download/' },
  { rdns: 'com.okex.wallet', name: 'OKX Wallet', downloadUrl: 'https://www.okx.com/web3' },
] as const;

export type NamedWallet = (typeof NAMED_WALLETS)[number];

export type WalletChoice =
  { kind: 'installed'; wallet: DiscoveredWallet } | { kind: 'missing'; named: NamedWallet };

/**
 * What the dialog lists: the named wallets first (installed or not), then every other wallet
 * found. Nothing when no wallet at all is installed: the dialog then shows the download page.
 */
export function walletChoices(found: readonly DiscoveredWallet[]): WalletChoice[] {
  if (found.length === 0) return [];
  const named: WalletChoice[] = NAMED_WALLETS.map((n) => {
    const wallet = found.find((w) => w.info.rdns === n.rdns);
    return wallet ? { kind: 'installed', wallet } : { kind: 'missing', named: n };
  });
  const others = found
    .filter((w) => !NAMED_WALLETS.some((n) => n.rdns === w.info.rdns))
    .map((wallet): WalletChoice => ({ kind: 'installed', wallet }));
  return [...named, ...others];
}
