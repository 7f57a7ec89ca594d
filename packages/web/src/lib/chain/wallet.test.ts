import { afterEach, describe, expect, it } from 'vitest';
import { fakeProvider } from '../../test/provider';
import { resetAppConfig } from '../appConfig';
import { saveSession } from '../session';
import { walletOnProductChain } from './wallet';
import { testAppConfig } from '../../test/app-config';

const APP = testAppConfig();
const ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

afterEach(() => {
  resetAppConfig();
  delete (globalThis as { ethereum?: unknown }).ethereum;
});

describe('walletOnProductChain', () => {
  it('asks a wallet that is on another chain (e.g. after a reload) to switch before trading', async () => {
    resetAppConfig(APP);
    // Signed in earlier; the wallet is on chain 1 when the page loads and knows both chains.
    const fake = fakeProvider({ chainId: 1, known: [1, 1319], address: ADDRESS });
    await fake.provider.request({ method: 'eth_requestAccounts' });
    (globalThis as { ethereum?: unknown }).ethereum = fake.provider;
    saveSession({
      token: 'tok',
      address: ADDRESS.toLowerCase(),
      wallet: 'injected',
      walletName: 'Browser wallet',
    });

    const wallet = await walletOnProductChain();

    expect(wallet?.account).toBe(ADDRESS.toLowerCase());
    expect(fake.calls.map((c) => c.method)).toContain('wallet_switchEthereumChain');
    expect(fake.chainId).toBe(1319);
    // The wallet library loads on first use: slow on a busy machine.
  }, 20_000);
});
