import { describe, expect, it, vi } from 'vitest';
import { fakeProvider } from '../../test/provider';
import { walletErrorText } from './errors';
import { connectWallet, productChain, resumeWallet, signWithWallet, watchWallet } from './engine';
import { testAppConfig } from '../../test/app-config';

const APP = testAppConfig({
  chainId: 31337,
  name: 'AIA Local (anvil)',
  explorerUrl: 'https://explorer.example',
});

describe('the wallet engine (wagmi)', () => {
  it('builds the product chain from the configuration', () => {
    const chain = productChain(APP);
    expect(chain).toMatchObject({
      id: 31337,
      name: 'AIA Local (anvil)',
      nativeCurrency: { symbol: 'AIA', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      blockExplorers: { default: { url: 'https://explorer.example' } },
    });
    expect(
      productChain({ ...APP, chain: { ...APP.chain, explorerUrl: null } }).blockExplorers,
    ).toBe(undefined);
  });

  it('requests the account, then adds the unknown product chain (4902) and switches to it', async () => {
    const fake = fakeProvider({ chainId: 1 });
    const steps: string[] = [];
    const address = await connectWallet(fake.wallet, APP, (s) => steps.push(s));
    expect(address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(steps).toEqual(['connecting', 'switching']);
    expect(fake.chainId).toBe(31337);
    const add = fake.calls.find((c) => c.method === 'wallet_addEthereumChain');
    expect((add?.params as unknown[])[0]).toMatchObject({
      chainId: '0x7a69',
      chainName: 'AIA Local (anvil)',
      nativeCurrency: { name: 'AIA', symbol: 'AIA', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
      blockExplorerUrls: ['https://explorer.example'],
    });

    const signature = await signWithWallet(fake.wallet, APP, address, 'hello');
    expect(signature).toMatch(/^0x(ab){65}$/);
    const sign = fake.calls.find((c) => c.method === 'personal_sign');
    // personal_sign gets the message as hex and the address.
    expect(sign?.params).toEqual(['0x68656c6c6f', address]);
  });

  it('does not switch when the wallet is already on the product chain', async () => {
    const fake = fakeProvider({
      chainId: 31337,
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    });
    const steps: string[] = [];
    await connectWallet(fake.wallet, APP, (s) => steps.push(s));
    expect(steps).toEqual(['connecting']);
    expect(fake.calls.map((c) => c.method)).not.toContain('wallet_switchEthereumChain');
  });

  it('reports a refused connection as the spec message', async () => {
    const fake = fakeProvider({
      address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      fail: {
        wallet_requestPermissions: { code: 4001, message: 'User rejected the request.' },
      },
    });
    const error = await connectWallet(fake.wallet, APP).catch((e: unknown) => e);
    expect(walletErrorText(error)).toEqual({ key: 'wallet.errors.rejected' });
  });

  it('resumes a granted wallet and reports account and chain changes', async () => {
    const fake = fakeProvider({
      chainId: 31337,
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    });
    await connectWallet(fake.wallet, APP);
    const resumed = await resumeWallet(fake.wallet, APP);
    expect(resumed).toEqual({
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      chainId: 31337,
    });
    const onAccountChanged = vi.fn();
    const onWrongChain = vi.fn();
    const stop = watchWallet(APP, '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65', {
      onAccountChanged,
      onWrongChain,
    });
    fake.setChain(1);
    await vi.waitFor(() => expect(onWrongChain).toHaveBeenCalledWith(1));
    fake.setChain(31337);
    fake.setAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
    await vi.waitFor(() =>
      expect(onAccountChanged).toHaveBeenCalledWith('0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc'),
    );
    stop();
  });

  it('answers two resumes at once with the same connection (page start: watch and a buy)', async () => {
    const fake = fakeProvider({
      chainId: 31337,
      address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    });
    // A new page's provider that already granted the site its account: a fresh wagmi config
    // that is not connected until the reconnect ends.
    await fake.wallet.provider.request({ method: 'eth_requestAccounts' });
    const [a, b] = await Promise.all([
      resumeWallet(fake.wallet, APP),
      resumeWallet(fake.wallet, APP),
    ]);
    const expected = { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', chainId: 31337 };
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);
  });
});
