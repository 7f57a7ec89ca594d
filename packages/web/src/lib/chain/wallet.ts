import type { Address } from 'viem';
import type { Config } from 'wagmi';
import { getConnection, switchChain } from 'wagmi/actions';
import { loadAppConfig } from '../appConfig';
import { getSession, isSignedIn, openConnectDialog } from '../session';
import { findSessionWallet, loadEngine } from '../wallet';

export interface ConnectedWallet {
  config: Config;
  account: Address;
}

/**
 * The wallet of the signed-in user, reconnected without a prompt when needed. Without a session
 * (or a wallet that answers) the connect dialog opens and null is returned: the flow stops quietly.
 */
export async function connectedWallet(): Promise<ConnectedWallet | null> {
  const session = getSession();
  if (!isSignedIn(session)) {
    openConnectDialog();
    return null;
  }
  const [app, engine] = await Promise.all([loadAppConfig(), loadEngine()]);
  // A wagmi config alone is not enough: after a navigation it exists before its reconnect has
  // finished, and a transaction sent then fails. Wait for the session's wallet to be connected.
  const wallet = session.wallet ? await findSessionWallet(session.wallet).catch(() => null) : null;
  const resumed = wallet ? await engine.resumeWallet(wallet, app).catch(() => null) : null;
  const config = engine.getWalletConfig();
  if (!resumed || !config || resumed.address.toLowerCase() !== session.address) {
    openConnectDialog();
    return null;
  }
  return { config, account: session.address as Address };
}

/** The wallet is on another chain than the deployment's and would not switch. */
export class WrongChainError extends Error {
  constructor() {
    super('Please switch to mainnet!');
    this.name = 'WrongChainError';
  }
}

/**
 * The signed-in wallet on the product chain: asks the wallet to switch when it is elsewhere and
 * throws WrongChainError ('Please switch to mainnet!') when it does not. Null as connectedWallet.
 * `onSwitch` hears that the switch is being asked for (the wallet shows a prompt).
 */
export async function walletOnProductChain(onSwitch?: () => void): Promise<ConnectedWallet | null> {
  const wallet = await connectedWallet();
  if (!wallet) return null;
  const app = await loadAppConfig();
  // The wallet's own chain: wagmi's getChainId keeps the last configured chain when the wallet
  // is on one the config does not know, and would let a trade go out on the wrong chain.
  if (getConnection(wallet.config).chainId !== app.chain.chainId) {
    onSwitch?.();
    await switchChain(wallet.config, { chainId: app.chain.chainId }).catch(() => {
      throw new WrongChainError();
    });
  }
  return wallet;
}
