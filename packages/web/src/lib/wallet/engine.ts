import { createConfig, http, type Config } from 'wagmi';
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
  watchConnection,
} from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { defineChain, type Chain } from 'viem';
import type { AppConfig } from '../appConfig';
import type { DiscoveredWallet } from '../eip6963';
import { WalletError } from './errors';

// The wallet side of the session, on wagmi. Loaded on demand (see ./index.ts): nothing here is
// in the first page load.

/** The product chain as the deployment configures it (1319 in production, 31337 locally). */
export function productChain(app: AppConfig): Chain {
  const { chainId, name, rpcUrl, explorerUrl, nativeCurrency } = app.chain;
  return defineChain({
    id: chainId,
    name,
    nativeCurrency: { ...nativeCurrency },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(explorerUrl
      ? { blockExplorers: { default: { name: `${name} explorer`, url: explorerUrl } } }
      : {}),
  });
}

interface Current {
  walletId: string;
  provider: DiscoveredWallet['provider'];
  chainId: number;
  config: Config;
}

let current: Current | null = null;

/** One wagmi config per chosen wallet: its own injected connector aimed at that provider. */
function configFor(wallet: DiscoveredWallet, app: AppConfig): Current {
  const chain = productChain(app);
  if (
    current &&
    current.walletId === wallet.info.rdns &&
    current.provider === wallet.provider &&
    current.chainId === chain.id
  ) {
    return current;
  }
  const config = createConfig({
    chains: [chain],
    connectors: [
      injected({
        target: { id: wallet.info.rdns, name: wallet.info.name, provider: () => wallet.provider },
      }),
    ],
    transports: { [chain.id]: http(app.chain.rpcUrl) },
    multiInjectedProviderDiscovery: false,
  });
  current = { walletId: wallet.info.rdns, provider: wallet.provider, chainId: chain.id, config };
  return current;
}

/** The wagmi config of the connected wallet (for the trading screens), or null. */
export function getWalletConfig(): Config | null {
  return current?.config ?? null;
}

export type ConnectStep = 'connecting' | 'switching' | 'signing';

/**
 * Spec section 4, the wallet part: request accounts, then switch to the product chain (the
 * wallet is asked to add it when it does not know it: error 4902). Returns the address.
 */
export async function connectWallet(
  wallet: DiscoveredWallet,
  app: AppConfig,
  onStep: (step: ConnectStep) => void = () => {},
): Promise<`0x${string}`> {
  const { config } = configFor(wallet, app);
  const connector = config.connectors[0]!;
  onStep('connecting');
  let address: `0x${string}` | undefined;
  let chainId: number | undefined;
  const existing = getConnection(config);
  if (existing.status === 'connected' && existing.connector?.uid === connector.uid) {
    address = existing.address;
    chainId = existing.chainId;
  } else {
    const result = await connect(config, { connector });
    address = result.accounts[0];
    chainId = result.chainId;
  }
  if (!address) throw new WalletError({ key: 'wallet.errors.noAccount' });

  const chain = productChain(app);
  if (chainId !== chain.id) {
    onStep('switching');
    await switchChain(config, {
      chainId: chain.id,
      connector,
      addEthereumChainParameter: {
        chainName: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: [app.chain.rpcUrl],
        ...(app.chain.explorerUrl ? { blockExplorerUrls: [app.chain.explorerUrl] } : {}),
      },
    });
  }
  return address;
}

/** personal_sign of the exact text with the connected wallet. */
export async function signWithWallet(
  wallet: DiscoveredWallet,
  app: AppConfig,
  address: `0x${string}`,
  message: string,
): Promise<`0x${string}`> {
  const { config } = configFor(wallet, app);
  return signMessage(config, { account: address, message, connector: config.connectors[0]! });
}

/** The reconnect under way, shared: wagmi's reconnect answers [] to a second concurrent call. */
let resuming: {
  config: Config;
  done: Promise<{ address: string; chainId: number } | null>;
} | null = null;

/**
 * After a reload: reconnects the wallet the session was signed in with (no prompt; the wallet
 * already granted this site its accounts). Resolves with the connected address or null. The
 * session watch and a trading action may both ask at page start: they share one reconnect, and
 * an existing connection is answered as it is.
 */
export async function resumeWallet(
  wallet: DiscoveredWallet,
  app: AppConfig,
): Promise<{ address: string; chainId: number } | null> {
  const { config } = configFor(wallet, app);
  const existing = getConnection(config);
  if (existing.status === 'connected') {
    return { address: existing.address, chainId: existing.chainId };
  }
  if (resuming?.config !== config) {
    const done = reconnect(config).then(([connection]) => {
      const address = connection?.accounts[0];
      return address && connection ? { address, chainId: connection.chainId } : null;
    });
    resuming = { config, done };
    void done.finally(() => {
      if (resuming?.done === done) resuming = null;
    });
  }
  return resuming.done;
}

export interface WalletWatchHandlers {
  /** The wallet now shows another account, or none. */
  onAccountChanged(address: string | null): void;
  /** The wallet moved to another chain than the product chain. */
  onWrongChain(chainId: number): void;
}

/** The chain the wallet is on now, or null when it does not say. */
async function providerChainId(provider: DiscoveredWallet['provider']): Promise<number | null> {
  try {
    const id = Number(await provider.request({ method: 'eth_chainId' }));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Watches the connected wallet for account and chain changes (EIP-1193 events). */
export function watchWallet(
  app: AppConfig,
  expectedAddress: string,
  handlers: WalletWatchHandlers,
): () => void {
  const config = current?.config;
  if (!config) return () => {};
  const provider = current!.provider;
  const productId = app.chain.chainId;
  return watchConnection(config, {
    onChange(next, prev) {
      if (next.status === 'connected') {
        if (next.address.toLowerCase() !== expectedAddress.toLowerCase()) {
          handlers.onAccountChanged(next.address.toLowerCase());
          return;
        }
        if (next.chainId !== productId && next.chainId !== prev.chainId) {
          handlers.onWrongChain(next.chainId);
        }
      } else if (next.status === 'disconnected' && prev.status === 'connected') {
        // A wallet that grants a site its account per chain (MetaMask's chain permissions)
        // drops the account when it moves to another chain: that is a chain change, not a
        // change of account, and gets the wrong-chain message.
        void providerChainId(provider).then((chainId) => {
          if (chainId !== null && chainId !== productId) handlers.onWrongChain(chainId);
          else handlers.onAccountChanged(null);
        });
      }
    },
  });
}

/** Ends the wallet connection (the wallet is told, and the next visit does not reconnect). */
export async function disconnectWallet(): Promise<void> {
  const config = current?.config;
  if (!config) return;
  try {
    await disconnect(config);
  } catch {
    // Nothing to undo: the session is cleared anyway.
  }
}
