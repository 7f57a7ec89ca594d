import { afterEach, describe, expect, it, vi } from 'vitest';
import { asInjectedProvider, walletConnectProjectId } from './walletconnect';

// The WalletConnect relay cannot be reached from the test machines, so the adapter is checked
// against a stand-in with the library's provider surface (enable, request, accounts, chainId).
function standIn() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const p = {
    session: undefined as unknown,
    accounts: [] as string[],
    chainId: 1319,
    enable: vi.fn(async () => {
      p.session = { topic: 't' };
      p.accounts = ['0xAbC0000000000000000000000000000000000001'];
      return p.accounts;
    }),
    request: vi.fn(async (args: { method: string; params?: unknown }) => `answer:${args.method}`),
    on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.set(event, listener);
    }),
    removeListener: vi.fn((event: string) => {
      listeners.delete(event);
    }),
    disconnect: vi.fn(async () => {}),
    listeners,
  };
  return p;
}

afterEach(() => vi.unstubAllEnvs());

describe('WalletConnect', () => {
  it('is offered only when a project id is configured', () => {
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', '');
    expect(walletConnectProjectId()).toBeNull();
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', '  ');
    expect(walletConnectProjectId()).toBeNull();
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', 'abc123');
    expect(walletConnectProjectId()).toBe('abc123');
  });

  it('answers like a browser wallet: pairing on eth_requestAccounts, accounts from the session', async () => {
    const p = standIn();
    const provider = asInjectedProvider(p);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x527');
    await expect(
      provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] }),
    ).rejects.toMatchObject({ code: 4200 });
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([
      '0xAbC0000000000000000000000000000000000001',
    ]);
    expect(p.enable).toHaveBeenCalledTimes(1);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([
      '0xAbC0000000000000000000000000000000000001',
    ]);
    expect(await provider.request({ method: 'personal_sign', params: ['0x68690a', '0xabc'] })).toBe(
      'answer:personal_sign',
    );
    expect(p.request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x68690a', '0xabc'],
    });
  });

  it('passes the wallet events through (account and chain changes reach the session watch)', () => {
    const p = standIn();
    const provider = asInjectedProvider(p);
    const onAccounts = vi.fn();
    provider.on('accountsChanged', onAccounts);
    p.listeners.get('accountsChanged')?.(['0x2']);
    expect(onAccounts).toHaveBeenCalledWith(['0x2']);
    provider.removeListener('accountsChanged', onAccounts);
    expect(p.listeners.has('accountsChanged')).toBe(false);
  });
});
