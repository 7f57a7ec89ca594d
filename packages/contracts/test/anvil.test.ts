import { createWalletClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNTS, startAnvil } from '../ts/index.js';
import { anvilsOfThisFile, clientsFor } from './helpers.js';

const anvil = anvilsOfThisFile();

describe('startAnvil', () => {
  it('starts on a free port with chain id 31337 and the funded default accounts', async () => {
    const node = await anvil();
    expect(node.rpcUrl).toBe(`http://127.0.0.1:${node.port}`);
    expect(node.chainId).toBe(31337);
    const { publicClient } = clientsFor(node.rpcUrl);
    expect(await publicClient.getChainId()).toBe(31337);
    const accounts = await createWalletClient({ transport: http(node.rpcUrl) }).getAddresses();
    expect(accounts.slice(0, 5)).toEqual(ANVIL_ACCOUNTS.map((a) => a.address));
    for (const account of ANVIL_ACCOUNTS) {
      expect(account.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await publicClient.getBalance({ address: account.address })).toBe(10n ** 22n);
    }
  });

  it('takes a chain id and a block time', async () => {
    const node = await anvil({ chainId: 1320, blockTime: 1 });
    const { publicClient } = clientsFor(node.rpcUrl, 1320);
    expect(await publicClient.getChainId()).toBe(1320);
    const start = await publicClient.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await publicClient.getBlockNumber()).toBeGreaterThan(start);
  });

  it('gives two instances different ports', async () => {
    const [a, b] = await Promise.all([anvil(), anvil()]);
    expect(a.port).not.toBe(b.port);
  });

  it('fails with anvil output when the requested port is taken', async () => {
    const node = await anvil();
    await expect(startAnvil({ port: node.port })).rejects.toThrow(/Address already in use/);
  });

  it('stop() ends the process and can be called twice', async () => {
    const node = await startAnvil();
    await node.stop();
    await node.stop();
    expect(node.process.exitCode !== null || node.process.signalCode !== null).toBe(true);
    await expect(clientsFor(node.rpcUrl).publicClient.getChainId()).rejects.toThrow();
  });
});
