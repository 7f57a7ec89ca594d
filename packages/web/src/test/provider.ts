import type { EIP1193Provider } from 'viem';
import type { DiscoveredWallet } from '../lib/eip6963';

/**
 * An in-memory EIP-1193 wallet for unit tests: one account, starts on `chainId`, knows only the
 * chains in `known` (4902 for others, like MetaMask), records every call and can emit events.
 */
export function fakeProvider(
  options: {
    address?: string;
    chainId?: number;
    known?: number[];
    fail?: Record<string, { code: number; message: string }>;
  } = {},
) {
  let address = options.address ?? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  let chainId = options.chainId ?? 1;
  const known = new Set(options.known ?? [chainId]);
  const calls: { method: string; params: unknown }[] = [];
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  let connected = false;
  const emit = (event: string, data: unknown) =>
    listeners.get(event)?.forEach((listener) => listener(data));

  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    calls.push({ method, params });
    const failure = options.fail?.[method];
    if (failure) throw Object.assign(new Error(failure.message), { code: failure.code });
    const p = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'eth_accounts':
        return connected ? [address] : [];
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions':
        connected = true;
        return method === 'eth_requestAccounts'
          ? [address]
          : [{ parentCapability: 'eth_accounts', caveats: [{ value: [address] }] }];
      case 'wallet_revokePermissions':
        connected = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const id = Number((p[0] as { chainId: string }).chainId);
        if (!known.has(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
        chainId = id;
        emit('chainChanged', `0x${id.toString(16)}`);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const id = Number((p[0] as { chainId: string }).chainId);
        known.add(id);
        chainId = id;
        emit('chainChanged', `0x${id.toString(16)}`);
        return null;
      }
      case 'personal_sign':
        return `0x${'ab'.repeat(65)}`;
      default:
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
    }
  };

  const provider = {
    request,
    on(event: string, listener: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: (data: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
  } as unknown as EIP1193Provider;

  const wallet: DiscoveredWallet = {
    info: { uuid: 'fake-uuid', name: 'Fake Wallet', icon: '', rdns: 'test.fake.wallet' },
    provider,
  };

  return {
    wallet,
    provider,
    calls,
    get chainId() {
      return chainId;
    },
    emit,
    setAddress(next: string) {
      address = next;
      emit('accountsChanged', [next]);
    },
    setChain(id: number) {
      chainId = id;
      emit('chainChanged', `0x${id.toString(16)}`);
    },
    /** A wallet with per-chain site permissions moves to a chain this site may not use. */
    setChainWithoutSite(id: number) {
      chainId = id;
      connected = false;
      emit('accountsChanged', []);
    },
  };
}
