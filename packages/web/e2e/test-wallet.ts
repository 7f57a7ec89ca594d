import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import {
  createWalletClient,
  defineChain,
  http,
  numberToHex,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

// A browser wallet for end-to-end journeys (TOOLCHAIN.md, "Browser tests"): the page gets an
// EIP-1193 provider, announced through EIP-6963 and set as `window.ethereum`, whose every
// request is answered here in Node by a viem local account on the stack's anvil. Signatures and
// transactions use the real key; reads go to the RPC. The wallet behaves like MetaMask where the
// app can tell: it starts on another chain, answers 4902 for a chain it does not know, switches
// after adding it, and emits `accountsChanged` / `chainChanged`.

export const TEST_WALLET_INFO = {
  name: 'Test Wallet',
  rdns: 'dev.aiamarket.testwallet',
  icon:
    'data:image/svg+xml;base64,' +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#22d3ee"/></svg>',
    ).toString('base64'),
} as const;

export interface TestWalletOptions {
  /** The stack's anvil RPC URL. */
  rpcUrl: string;
  /** anvil's chain id (the product chain of the local stack). */
  chainId: number;
  privateKey: Hex;
  /** The chain the wallet shows at first (default 1: the app must switch and add its chain). */
  startChainId?: number;
  /** Chains the wallet already knows (default: only startChainId). */
  knownChainIds?: number[];
  /** Answer requests with "user rejected" (4001) for these methods. */
  reject?: string[];
}

interface RpcError {
  code: number;
  message: string;
}

interface Answer {
  result?: unknown;
  error?: RpcError;
  events?: { event: string; data: unknown }[];
}

export interface TestWallet {
  readonly address: Address;
  readonly account: LocalAccount;
  /** The chain the wallet currently shows. */
  readonly chainId: number;
  /** Whether the site holds account permission. */
  readonly connected: boolean;
  /** Every method the page called, in order. */
  readonly calls: string[];
  /** The typed data of each eth_signTypedData_v4 request (parsed JSON), in order. */
  readonly typedData: unknown[];
  /** The wallet_addEthereumChain parameters the page sent. */
  readonly addedChains: Record<string, unknown>[];
  /** Methods to refuse with 4001 from now on (e.g. ['personal_sign']). */
  reject: Set<string>;
  /** The user picks another account in the wallet: `accountsChanged` in every page. */
  switchAccount(privateKey: Hex): Promise<void>;
  /** The user switches the wallet to another chain: `chainChanged` in every page. */
  switchChain(chainId: number): Promise<void>;
}

const rejected = (method: string): RpcError => ({
  code: 4001,
  message: `User rejected the request (${method}).`,
});

/**
 * Installs the wallet in a browser context (every page opened in it, from the next navigation).
 * Call before the first `page.goto`.
 */
export async function installTestWallet(
  context: BrowserContext,
  options: TestWalletOptions,
): Promise<TestWallet> {
  const chain: Chain = defineChain({
    id: options.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'AIA', symbol: 'AIA', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  let account = privateKeyToAccount(options.privateKey);
  let chainId = options.startChainId ?? 1;
  const known = new Set(options.knownChainIds ?? [chainId]);
  let connected = false;
  const calls: string[] = [];
  const typedData: unknown[] = [];
  const addedChains: Record<string, unknown>[] = [];
  const reject = new Set(options.reject ?? []);

  const rpc = async (method: string, params: unknown[]): Promise<Answer> => {
    const res = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcError };
    return body.error ? { error: body.error } : { result: body.result };
  };

  const onProductChain = (): RpcError | null =>
    chainId === options.chainId
      ? null
      : { code: 4100, message: `The wallet is on chain ${chainId}, not ${options.chainId}` };

  const handle = async (method: string, params: unknown[]): Promise<Answer> => {
    calls.push(method);
    if (reject.has(method)) return { error: rejected(method) };
    switch (method) {
      case 'eth_chainId':
        return { result: numberToHex(chainId) };
      case 'net_version':
        return { result: String(chainId) };
      case 'eth_accounts':
        return { result: connected ? [account.address] : [] };
      case 'eth_requestAccounts':
        connected = true;
        return { result: [account.address] };
      case 'wallet_requestPermissions':
        connected = true;
        return {
          result: [
            {
              parentCapability: 'eth_accounts',
              caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
            },
          ],
        };
      case 'wallet_getPermissions':
        return {
          result: connected
            ? [
                {
                  parentCapability: 'eth_accounts',
                  caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
                },
              ]
            : [],
        };
      case 'wallet_revokePermissions':
        connected = false;
        return { result: null, events: [{ event: 'accountsChanged', data: [] }] };
      case 'wallet_switchEthereumChain': {
        const id = Number((params[0] as { chainId: string }).chainId);
        if (!known.has(id)) {
          return { error: { code: 4902, message: `Unrecognized chain ID ${id}` } };
        }
        if (id === chainId) return { result: null };
        chainId = id;
        return { result: null, events: [{ event: 'chainChanged', data: numberToHex(id) }] };
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] as Record<string, unknown>;
        addedChains.push(p);
        const id = Number(p.chainId);
        known.add(id);
        // Like MetaMask: adding a chain offers to switch to it, and the user accepts.
        if (id === chainId) return { result: null };
        chainId = id;
        return { result: null, events: [{ event: 'chainChanged', data: numberToHex(id) }] };
      }
      case 'personal_sign': {
        if (!connected) return { error: { code: 4100, message: 'Unauthorized' } };
        const [data, from] = params as [Hex, Address];
        if (from.toLowerCase() !== account.address.toLowerCase()) {
          return { error: { code: 4100, message: `Unknown account ${from}` } };
        }
        return { result: await account.signMessage({ message: { raw: data } }) };
      }
      case 'eth_signTypedData_v4': {
        const [, json] = params as [Address, string];
        const typed = JSON.parse(json) as Parameters<LocalAccount['signTypedData']>[0];
        typedData.push(typed);
        return { result: await account.signTypedData(typed) };
      }
      case 'eth_sendTransaction': {
        if (!connected) return { error: { code: 4100, message: 'Unauthorized' } };
        const wrong = onProductChain();
        if (wrong) return { error: wrong };
        const tx = params[0] as { to?: Address; data?: Hex; value?: Hex; gas?: Hex };
        const client = createWalletClient({ account, chain, transport: http(options.rpcUrl) });
        try {
          const hash = await client.sendTransaction({
            to: tx.to ?? null,
            data: tx.data,
            value: tx.value ? BigInt(tx.value) : undefined,
            gas: tx.gas ? BigInt(tx.gas) : undefined,
          });
          return { result: hash };
        } catch (error) {
          const e = error as { shortMessage?: string; message: string };
          return { error: { code: -32603, message: e.shortMessage ?? e.message } };
        }
      }
      default:
        if (chainId !== options.chainId) {
          return { error: { code: 4901, message: `chain ${chainId} is not reachable` } };
        }
        return rpc(method, params);
    }
  };

  await context.exposeFunction(
    '__testWalletRequest',
    async (method: string, params: unknown[]): Promise<Answer> => {
      try {
        return await handle(method, params ?? []);
      } catch (error) {
        return { error: { code: -32603, message: (error as Error).message } };
      }
    },
  );

  await context.addInitScript(
    ({ info }) => {
      type Listener = (data: unknown) => void;
      const listeners = new Map<string, Set<Listener>>();
      const emit = (event: string, data: unknown) => {
        listeners.get(event)?.forEach((listener) => {
          try {
            listener(data);
          } catch (error) {
            console.warn('test wallet listener failed', error);
          }
        });
      };
      const w = window as unknown as {
        __testWalletRequest(method: string, params: unknown[]): Promise<Answer>;
        __testWallet: { emit: typeof emit };
        ethereum?: unknown;
      };
      const provider = {
        isTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await w.__testWalletRequest(method, params ?? []);
          for (const e of answer.events ?? []) emit(e.event, e.data);
          if (answer.error) {
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          }
          return answer.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      w.__testWallet = { emit };
      w.ethereum = provider;
      const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { info: { ...TEST_WALLET_INFO, uuid: randomUUID() } },
  );

  const emitEverywhere = async (event: string, data: unknown) => {
    for (const page of context.pages()) {
      await page
        .evaluate(
          ([e, d]) =>
            (
              window as unknown as { __testWallet?: { emit(e: string, d: unknown): void } }
            ).__testWallet?.emit(e as string, d),
          [event, data] as const,
        )
        .catch(() => undefined);
    }
  };

  return {
    get address() {
      return account.address;
    },
    get account() {
      return account;
    },
    get chainId() {
      return chainId;
    },
    get connected() {
      return connected;
    },
    calls,
    typedData,
    addedChains,
    reject,
    async switchAccount(privateKey: Hex) {
      account = privateKeyToAccount(privateKey);
      if (connected) await emitEverywhere('accountsChanged', [account.address]);
    },
    async switchChain(id: number) {
      known.add(id);
      chainId = id;
      await emitEverywhere('chainChanged', numberToHex(id));
    },
  };
}

/**
 * Connect wallet -> Test Wallet -> (chain switch, signature) in the app; resolves when the page
 * has reloaded signed in (the avatar menu shows).
 */
export async function signInWithTestWallet(page: Page): Promise<void> {
  await page.getByTestId('connect-wallet').click();
  await page.getByTestId(`wallet-option-${TEST_WALLET_INFO.rdns}`).click();
  await page.getByTestId('account-menu').waitFor({ timeout: 30_000 });
}
