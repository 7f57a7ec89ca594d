import type { EIP1193Provider } from 'viem';
import type { AppConfig } from '../appConfig';
import type { DiscoveredWallet } from '../eip6963';

// WalletConnect (spec: "a wallet-connection protocol"). Offered only when the build names a
// WalletConnect Cloud project id in VITE_WALLETCONNECT_PROJECT_ID; otherwise the option is
// hidden. Its provider is EIP-1193, so the session code treats it like a browser wallet; the
// library (and its QR dialog) is loaded only when the option is chosen or a session resumes.

/** The id stored as `wallet` for a WalletConnect session. */
export const WALLETCONNECT_ID = 'walletconnect';

/** The configured project id, or null (the option is then hidden). */
export function walletConnectProjectId(): string | null {
  const value = (import.meta.env.VITE_WALLETCONNECT_PROJECT_ID as string | undefined)?.trim();
  return value ? value : null;
}

interface WalletConnectProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  enable(): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  disconnect(): Promise<void>;
  accounts: string[];
  chainId: number;
  session?: unknown;
}

/** EIP-1193 "unsupported method": wagmi then asks for the accounts the usual way. */
const unsupported = (method: string) =>
  Object.assign(new Error(`${method} is not supported over WalletConnect`), { code: 4200 });

/**
 * The provider as a browser wallet would answer: eth_requestAccounts opens the pairing (QR
 * dialog) when there is no session yet; account and chain questions are answered from the
 * session; the rest goes to the paired wallet.
 */
export function asInjectedProvider(p: WalletConnectProvider): EIP1193Provider {
  const adapter = {
    async request({ method, params }: { method: string; params?: unknown }) {
      switch (method) {
        case 'eth_requestAccounts':
          return p.enable();
        case 'eth_accounts':
          return p.session ? p.accounts : [];
        case 'eth_chainId':
          return `0x${p.chainId.toString(16)}`;
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
        case 'wallet_revokePermissions':
          throw unsupported(method);
        default:
          return p.request({ method, ...(params === undefined ? {} : { params }) });
      }
    },
    on: (event: string, listener: (...args: unknown[]) => void) => {
      p.on(event, listener);
      return adapter;
    },
    removeListener: (event: string, listener: (...args: unknown[]) => void) => {
      p.removeListener(event, listener);
      return adapter;
    },
  };
  return adapter as unknown as EIP1193Provider;
}

let provider: Promise<WalletConnectProvider> | null = null;

/** The WalletConnect provider for the product chain (created once per page). */
async function walletConnectProvider(
  app: AppConfig,
  projectId: string,
): Promise<WalletConnectProvider> {
  if (!provider) {
    provider = (async () => {
      const { EthereumProvider } = await import('@walletconnect/ethereum-provider');
      const { chainId, rpcUrl } = app.chain;
      return (await EthereumProvider.init({
        projectId,
        chains: [chainId],
        rpcMap: { [chainId]: rpcUrl },
        showQrModal: true,
        metadata: {
          name: document.title || 'AIA NFT Marketplace',
          description: 'NFT marketplace and launchpad of the AIA chain',
          url: window.location.origin,
          icons: [`${window.location.origin}/favicon.svg`],
        },
      })) as unknown as WalletConnectProvider;
    })().catch((error: unknown) => {
      provider = null;
      throw error;
    });
  }
  return provider;
}

let wrapped: DiscoveredWallet | null = null;

/** WalletConnect as a wallet of the connect dialog; null when no project id is configured. */
export async function walletConnectWallet(app: AppConfig): Promise<DiscoveredWallet | null> {
  const projectId = walletConnectProjectId();
  if (!projectId) return null;
  const p = await walletConnectProvider(app, projectId);
  // One object per page: the wagmi config is kept per provider (see engine.ts).
  wrapped ??= {
    info: { uuid: WALLETCONNECT_ID, name: 'WalletConnect', icon: '', rdns: WALLETCONNECT_ID },
    provider: asInjectedProvider(p),
  };
  return wrapped;
}

/** Ends the WalletConnect session, if one was opened on this page (logout). */
export async function disconnectWalletConnect(): Promise<void> {
  if (!provider) return;
  try {
    const p = await provider;
    if (p.session) await p.disconnect();
  } catch {
    // Already gone: nothing to end.
  }
}
