import { stableCoinAbi, stableCoinBytecode } from '@aiamarket/shared/abis';
import fc from 'fast-check';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEventLogs,
  parseUnits,
} from 'viem';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '../ts/index.js';
import type { AnvilInstance } from '../ts/index.js';
import { clientsFor, expectRevert } from './helpers.js';

const [owner, alice, bob, carol] = ANVIL_ACCOUNTS as [
  (typeof ANVIL_ACCOUNTS)[number],
  (typeof ANVIL_ACCOUNTS)[number],
  (typeof ANVIL_ACCOUNTS)[number],
  (typeof ANVIL_ACCOUNTS)[number],
];
const usdt = (amount: string) => parseUnits(amount, 6);

let anvil: AnvilInstance;
let coin: Address;
let c: ReturnType<typeof clientsFor>;

beforeAll(async () => {
  anvil = await startAnvil();
  c = clientsFor(anvil.rpcUrl);
  const deployment = await deployContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: owner.privateKey,
    chainId: anvil.chainId,
  });
  coin = deployment.contracts.StableCoin!.address as Address;
});

afterAll(async () => {
  await anvil?.stop();
});

const balanceOf = (account: Address) =>
  c.publicClient.readContract({
    address: coin,
    abi: stableCoinAbi,
    functionName: 'balanceOf',
    args: [account],
  });

/** The coin's calls the tests send. */
type CoinCall =
  | { functionName: 'mint' | 'transfer' | 'approve'; args: readonly [Address, bigint] }
  | { functionName: 'transferFrom'; args: readonly [Address, Address, bigint] };

/** `call` simulated from `from` (what a wallet's estimate answers: a refusal rejects). */
const simulate = (from: Address, call: CoinCall) =>
  c.publicClient.simulateContract({
    account: from,
    address: coin,
    abi: stableCoinAbi,
    ...call,
  } as Parameters<typeof c.publicClient.simulateContract>[0]);

async function write(from: (typeof ANVIL_ACCOUNTS)[number], call: CoinCall) {
  const hash = await c.wallet(from.privateKey).writeContract({
    address: coin,
    abi: stableCoinAbi,
    ...call,
  } as Parameters<ReturnType<typeof c.wallet>['writeContract']>[0]);
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe('StableCoin', () => {
  it('is a 6-decimal USDT owned by the deployer with no initial supply', async () => {
    const read = <const fn extends 'decimals' | 'symbol' | 'name' | 'owner' | 'totalSupply'>(
      functionName: fn,
    ) => c.publicClient.readContract({ address: coin, abi: stableCoinAbi, functionName });
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe('USDT');
    expect(await read('name')).toBe('USD Tether (local)');
    expect(await read('owner')).toBe(owner.address);
    expect(await read('totalSupply')).toBe(0n);
  });

  it('lets the owner mint exact amounts and emits Transfer from the zero address', async () => {
    const before = await balanceOf(alice.address);
    const supplyBefore = await c.publicClient.readContract({
      address: coin,
      abi: stableCoinAbi,
      functionName: 'totalSupply',
    });
    const receipt = await write(owner, {
      functionName: 'mint',
      args: [alice.address, usdt('1234.567891')],
    });
    expect(await balanceOf(alice.address)).toBe(before + 1_234_567_891n);
    expect(
      await c.publicClient.readContract({
        address: coin,
        abi: stableCoinAbi,
        functionName: 'totalSupply',
      }),
    ).toBe(supplyBefore + 1_234_567_891n);
    const [transfer] = parseEventLogs({
      abi: stableCoinAbi,
      eventName: 'Transfer',
      logs: receipt.logs,
    });
    expect(transfer?.args).toEqual({
      from: '0x0000000000000000000000000000000000000000',
      to: alice.address,
      value: 1_234_567_891n,
    });
  });

  it('refuses to mint for anyone but the owner', async () => {
    const before = await balanceOf(bob.address);
    await expectRevert(
      simulate(bob.address, { functionName: 'mint', args: [bob.address, usdt('1000')] }),
      'OwnableUnauthorizedAccount',
      [bob.address],
    );
    // Also on chain: a mined transaction (gas given, so no estimate) reverts and mints nothing.
    const hash = await c.wallet(bob.privateKey).writeContract({
      address: coin,
      abi: stableCoinAbi,
      functionName: 'mint',
      args: [bob.address, usdt('1000')],
      gas: 200_000n,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(await balanceOf(bob.address)).toBe(before);
  });

  it('transfers exact balances and refuses to overdraw', async () => {
    await write(owner, { functionName: 'mint', args: [bob.address, usdt('50')] });
    const [bobBefore, carolBefore] = await Promise.all([
      balanceOf(bob.address),
      balanceOf(carol.address),
    ]);
    await write(bob, { functionName: 'transfer', args: [carol.address, usdt('12.000001')] });
    expect(await balanceOf(bob.address)).toBe(bobBefore - 12_000_001n);
    expect(await balanceOf(carol.address)).toBe(carolBefore + 12_000_001n);

    const bobBalance = await balanceOf(bob.address);
    await expectRevert(
      simulate(bob.address, { functionName: 'transfer', args: [carol.address, bobBalance + 1n] }),
      'ERC20InsufficientBalance',
      [bob.address, bobBalance, bobBalance + 1n],
    );
  });

  it('approve sets the allowance and transferFrom spends exactly it', async () => {
    await write(owner, { functionName: 'mint', args: [alice.address, usdt('100')] });
    await write(alice, { functionName: 'approve', args: [bob.address, usdt('30')] });
    const allowance = () =>
      c.publicClient.readContract({
        address: coin,
        abi: stableCoinAbi,
        functionName: 'allowance',
        args: [alice.address, bob.address],
      });
    expect(await allowance()).toBe(usdt('30'));

    const [aliceBefore, carolBefore, bobBefore] = await Promise.all([
      balanceOf(alice.address),
      balanceOf(carol.address),
      balanceOf(bob.address),
    ]);
    await write(bob, {
      functionName: 'transferFrom',
      args: [alice.address, carol.address, usdt('20.5')],
    });
    expect(await balanceOf(alice.address)).toBe(aliceBefore - usdt('20.5'));
    expect(await balanceOf(carol.address)).toBe(carolBefore + usdt('20.5'));
    expect(await balanceOf(bob.address)).toBe(bobBefore);
    expect(await allowance()).toBe(usdt('9.5'));

    await expectRevert(
      simulate(bob.address, {
        functionName: 'transferFrom',
        args: [alice.address, carol.address, usdt('9.500001')],
      }),
      'ERC20InsufficientAllowance',
      [bob.address, usdt('9.5'), usdt('9.500001')],
    );
  });

  it('keeps balances equal to a simple ledger over random operation sequences', async () => {
    const holders = [alice, bob, carol];
    const holder = fc.integer({ min: 0, max: holders.length - 1 });
    const amount = fc.bigInt({ min: 0n, max: usdt('1000') });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('mint' as const), to: holder, amount }),
      fc.record({ kind: fc.constant('transfer' as const), from: holder, to: holder, amount }),
      fc.record({
        kind: fc.constant('spend' as const),
        owner: holder,
        spender: holder,
        to: holder,
        amount,
      }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        const snapshot = await c.testClient.snapshot();
        try {
          const ledger = await Promise.all(holders.map((h) => balanceOf(h.address)));
          for (const o of ops) {
            if (o.kind === 'mint') {
              await write(owner, {
                functionName: 'mint',
                args: [holders[o.to]!.address, o.amount],
              });
              ledger[o.to]! += o.amount;
            } else if (o.kind === 'transfer') {
              if (ledger[o.from]! < o.amount) continue;
              await write(holders[o.from]!, {
                functionName: 'transfer',
                args: [holders[o.to]!.address, o.amount],
              });
              ledger[o.from]! -= o.amount;
              ledger[o.to]! += o.amount;
            } else {
              if (ledger[o.owner]! < o.amount) continue;
              await write(holders[o.owner]!, {
                functionName: 'approve',
                args: [holders[o.spender]!.address, o.amount],
              });
              await write(holders[o.spender]!, {
                functionName: 'transferFrom',
                args: [holders[o.owner]!.address, holders[o.to]!.address, o.amount],
              });
              ledger[o.owner]! -= o.amount;
              ledger[o.to]! += o.amount;
            }
          }
          const actual = await Promise.all(holders.map((h) => balanceOf(h.address)));
          expect(actual).toEqual(ledger);
        } finally {
          await c.testClient.revert({ id: snapshot });
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('StableCoin on other chains', () => {
  async function deployOn(chainId: number) {
    const node = await startAnvil({ chainId });
    const chain = defineChain({
      id: chainId,
      name: `anvil ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.rpcUrl] } },
    });
    const publicClient = createPublicClient({ chain, transport: http(), pollingInterval: 50 });
    const wallet = createWalletClient({
      chain,
      transport: http(),
      account: privateKeyToAccount(owner.privateKey),
      pollingInterval: 50,
    });
    const hash = await wallet.deployContract({
      abi: stableCoinAbi,
      bytecode: stableCoinBytecode,
      args: [owner.address],
    });
    const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
    return { node, publicClient, wallet, address: contractAddress! };
  }

  it('refuses to mint outside local chains (AIA testnet id 1320)', async () => {
    const { node, publicClient, address } = await deployOn(1320);
    try {
      await expectRevert(
        publicClient.simulateContract({
          account: owner.address,
          address,
          abi: stableCoinAbi,
          functionName: 'mint',
          args: [owner.address, 1n],
        }),
        'NotLocalChain',
        [1320n],
      );
    } finally {
      await node.stop();
    }
  });

  it('mints on chain 1337 too', async () => {
    const { node, publicClient, wallet, address } = await deployOn(1337);
    try {
      const hash = await wallet.writeContract({
        address,
        abi: stableCoinAbi,
        functionName: 'mint',
        args: [alice.address, 5n],
      });
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
      expect(
        await publicClient.readContract({
          address,
          abi: stableCoinAbi,
          functionName: 'balanceOf',
          args: [alice.address],
        }),
      ).toBe(5n);
    } finally {
      await node.stop();
    }
  });
});
