import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDeployment } from '@aiamarket/shared';
import type { Deployment } from '@aiamarket/shared';
import {
  launchpad1155Abi,
  launchpad721Abi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  stableCoinAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { getAddress, zeroAddress } from 'viem';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANVIL_ACCOUNTS,
  DEPLOYED_CONTRACT_NAMES,
  deployContracts,
  isDeployed,
  readDeployment,
  readDeploymentIfExists,
  upgradeDeployment,
} from '../ts/index.js';
import type { AnvilInstance } from '../ts/index.js';
import { findNodeBin } from '../ts/node-bin.js';
import { anvilsOfThisFile, clientsFor } from './helpers.js';

const deployer = ANVIL_ACCOUNTS[0]!;
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

let dir: string;
const anvil = anvilsOfThisFile();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aiamarket-deploy-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('deployContracts', () => {
  let node: AnvilInstance;
  let deployment: Deployment;
  const outFile = () => join(dir, 'nested', 'folders', '31337.json');

  beforeAll(async () => {
    node = await anvil();
    deployment = await deployContracts({
      rpcUrl: node.rpcUrl,
      privateKey: deployer.privateKey,
      chainId: node.chainId,
      outFile: outFile(),
    });
  });

  it('returns every contract with its address and block', async () => {
    expect(deployment.chainId).toBe(31337);
    expect(Object.keys(deployment.contracts).sort()).toEqual([...DEPLOYED_CONTRACT_NAMES].sort());
    expect(new Date(deployment.deployedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const { publicClient } = clientsFor(node.rpcUrl);
    const coin = deployment.contracts.StableCoin!;
    const receiptBlock = await publicClient.getBlock({ blockNumber: BigInt(coin.blockNumber) });
    expect(receiptBlock.number).toBe(BigInt(coin.blockNumber));
    // The deployer owns the coin.
    expect(
      await publicClient.readContract({
        address: coin.address as Address,
        abi: stableCoinAbi,
        functionName: 'owner',
      }),
    ).toBe(deployer.address);
  });

  it('deploys the full set: market behind a proxy, coin, game collections, two launchpads', async () => {
    expect(Object.keys(deployment.contracts)).toEqual([
      'StableCoin',
      'MarketplaceImplementation',
      'Marketplace',
      'GameItems721',
      'GameItems1155',
      'Launchpad721',
      'Launchpad1155',
      'WrappedAIA',
      'Offers',
      'Listings',
    ]);
    const { publicClient } = clientsFor(node.rpcUrl);
    const at = (name: string) => deployment.contracts[name]!.address as Address;
    // The proxy's ERC1967 implementation slot points at the implementation.
    const slot = await publicClient.getStorageAt({
      address: at('Marketplace'),
      slot: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
    });
    expect(getAddress(`0x${slot!.slice(-40)}`)).toBe(at('MarketplaceImplementation'));
    const market = { address: at('Marketplace'), abi: marketplaceAbi } as const;
    expect(await publicClient.readContract({ ...market, functionName: 'owner' })).toBe(
      deployer.address,
    );
    expect(await publicClient.readContract({ ...market, functionName: 'feeConfig' })).toEqual([
      deployer.address,
      25n,
      1000n,
      10000n,
    ]);
    // The offers contract reads this market; the wrapped AIA it pays AIA offers with is allowed.
    expect(
      await publicClient.readContract({
        address: at('Offers'),
        abi: offersAbi,
        functionName: 'market',
      }),
    ).toBe(at('Marketplace'));
    // Both copies of the market's settings are linked.
    expect(await publicClient.readContract({ ...market, functionName: 'offers' })).toBe(
      at('Offers'),
    );
    expect(await publicClient.readContract({ ...market, functionName: 'listings' })).toBe(
      at('Listings'),
    );
    expect(
      await publicClient.readContract({
        address: at('WrappedAIA'),
        abi: wrappedAiaAbi,
        functionName: 'symbol',
      }),
    ).toBe('WAIA');
    for (const coin of [zeroAddress, at('StableCoin'), at('WrappedAIA')]) {
      expect(
        await publicClient.readContract({ ...market, functionName: 'isCoinAllowed', args: [coin] }),
      ).toBe(true);
    }
    const [common, base, swap, coins] = await publicClient.readContract({
      address: at('Launchpad721'),
      abi: launchpad721Abi,
      functionName: 'getConfig',
    });
    expect(common.bankAddress).toBe(deployer.address);
    expect(common.swapFlag).toBe(true);
    expect(base).toMatchObject({ collectionSize: 1000, maxUserSize: 20, maxBatchSize: 10 });
    expect(base.endAt - base.startAt).toBe(30n * 24n * 3600n);
    expect(swap.fromNft).toBe(at('GameItems721'));
    expect(coins.map((c) => c.coinAddr)).toEqual([zeroAddress, at('StableCoin')]);
    const [, , swap1155, coins1155] = await publicClient.readContract({
      address: at('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'getConfig',
      args: [0n],
    });
    expect(swap1155.fromNft).toBe(at('GameItems1155'));
    expect(coins1155).toHaveLength(2);
    const [state] = await publicClient.readContract({
      address: at('Launchpad1155'),
      abi: launchpad1155Abi,
      functionName: 'getState',
      args: [0n],
    });
    expect(state).toBe(1); // in progress
  });

  it('writes a pretty JSON file that parseDeployment accepts', async () => {
    const text = await readFile(outFile(), 'utf8');
    expect(text).toContain('\n  "chainId": 31337');
    expect(parseDeployment(JSON.parse(text))).toEqual(deployment);
    expect(await readDeployment(outFile())).toEqual(deployment);
    expect(await readDeploymentIfExists(join(dir, 'missing.json'))).toBeUndefined();
  });

  it('isDeployed is true on that chain and false for other addresses or chains', async () => {
    const { publicClient } = clientsFor(node.rpcUrl);
    expect(await isDeployed(deployment, publicClient)).toBe(true);

    const randomAddress = `0x${'ab'.repeat(20)}`;
    const elsewhere = {
      ...deployment,
      contracts: { StableCoin: { address: randomAddress, blockNumber: 1 } },
    };
    expect(await isDeployed(elsewhere, publicClient)).toBe(false);
    expect(await isDeployed({ ...deployment, chainId: 1320 }, publicClient)).toBe(false);
    expect(await isDeployed({ ...deployment, contracts: {} }, publicClient)).toBe(false);
  });

  it('isDeployed is false on a fresh anvil (restart without state)', async () => {
    const fresh = await anvil();
    const { publicClient } = clientsFor(fresh.rpcUrl);
    expect(await isDeployed(deployment, publicClient)).toBe(false);
  });

  it('refuses to deploy when the RPC is on another chain', async () => {
    await expect(
      deployContracts({ rpcUrl: node.rpcUrl, privateKey: deployer.privateKey, chainId: 1320 }),
    ).rejects.toThrow(/chain 31337, expected 1320/);
  });

  it('uses a configured wrapped AIA instead of deploying one, and requires it on chain 1319', async () => {
    const wrapped = deployment.contracts.WrappedAIA!.address as Address;
    const again = await deployContracts({
      rpcUrl: node.rpcUrl,
      privateKey: deployer.privateKey,
      chainId: node.chainId,
      wrappedAia: wrapped,
    });
    expect(again.contracts.WrappedAIA!.address).toBe(wrapped);
    const { publicClient } = clientsFor(node.rpcUrl);
    expect(
      await publicClient.readContract({
        address: again.contracts.Marketplace!.address as Address,
        abi: marketplaceAbi,
        functionName: 'isCoinAllowed',
        args: [wrapped],
      }),
    ).toBe(true);

    const product = await anvil({ chainId: 1319 });
    await expect(
      deployContracts({ rpcUrl: product.rpcUrl, privateKey: deployer.privateKey, chainId: 1319 }),
    ).rejects.toThrow(/chain 1319 needs the wrapped AIA address/);
  });
});

describe('upgradeDeployment', () => {
  const stale = `0x${'00'.repeat(32)}`;
  const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

  it('replaces a changed market implementation and order books, keeps collections, retires the old books', async () => {
    const node = await anvil();
    const opts = { rpcUrl: node.rpcUrl, privateKey: deployer.privateKey, chainId: node.chainId };
    const live = await deployContracts(opts);
    const { publicClient } = clientsFor(node.rpcUrl);
    const market = live.contracts.Marketplace!.address as Address;

    // Nothing changed: nothing is replaced and no file is written.
    const same = await upgradeDeployment({ ...opts, deployment: live });
    expect(same.replaced).toEqual([]);
    expect(same.kept).toEqual([]);
    expect(same.deployment).toEqual(live);

    // As if built from older sources: the order books, the market and a collection differ.
    const older: Deployment = { ...live, contracts: { ...live.contracts } };
    for (const name of ['MarketplaceImplementation', 'Offers', 'Listings', 'GameItems721']) {
      older.contracts[name] = { ...older.contracts[name]!, codeHash: stale };
    }
    const outFile = join(dir, 'upgrade', '31337.json');
    const up = await upgradeDeployment({ ...opts, deployment: older, outFile });
    expect(up.replaced).toEqual(['MarketplaceImplementation', 'Offers', 'Listings']);
    expect(up.kept).toEqual(['GameItems721']);
    expect(await readDeployment(outFile)).toEqual(up.deployment);

    const now = up.deployment.contracts;
    for (const name of ['MarketplaceImplementation', 'Offers', 'Listings']) {
      expect(now[name]!.address).not.toBe(live.contracts[name]!.address);
      expect(now[name]!.codeHash).toBe(live.contracts[name]!.codeHash);
    }
    // The market kept its address and state, runs the new implementation, links the new books.
    expect(now.Marketplace).toEqual(live.contracts.Marketplace);
    expect(now.GameItems721).toEqual(older.contracts.GameItems721);
    const slot = await publicClient.getStorageAt({ address: market, slot: implementationSlot });
    expect(getAddress(`0x${slot!.slice(-40)}`)).toBe(now.MarketplaceImplementation!.address);
    const read = (functionName: 'offers' | 'listings') =>
      publicClient.readContract({ address: market, abi: marketplaceAbi, functionName });
    expect(await read('offers')).toBe(now.Offers!.address);
    expect(await read('listings')).toBe(now.Listings!.address);
    // The new book copied the market's coins at its link: AIA is a listing coin.
    expect(
      await publicClient.readContract({
        address: now.Listings!.address as Address,
        abi: listingsAbi,
        functionName: 'market',
      }),
    ).toBe(market);
    expect(up.deployment.retired?.map((r) => [r.name, r.address])).toEqual([
      ['Offers', live.contracts.Offers!.address],
      ['Listings', live.contracts.Listings!.address],
    ]);
    expect(up.deployment.deployedAt).toBe(live.deployedAt);
    expect(await isDeployed(up.deployment, publicClient)).toBe(true);

    // A second run finds the build's code everywhere it can replace: nothing more to do.
    const again = await upgradeDeployment({ ...opts, deployment: up.deployment });
    expect(again.replaced).toEqual([]);
  });
});

describe('deployment with persisted anvil state', () => {
  it('survives an anvil restart with the same state file', async () => {
    const stateFile = join(dir, 'state', 'anvil.json');
    const first = await anvil({ stateFile });
    const deployment = await deployContracts({
      rpcUrl: first.rpcUrl,
      privateKey: deployer.privateKey,
      chainId: first.chainId,
    });
    await first.stop();
    expect(existsSync(stateFile)).toBe(true);

    const second = await anvil({ stateFile });
    const { publicClient } = clientsFor(second.rpcUrl);
    expect(await isDeployed(deployment, publicClient)).toBe(true);
    expect(
      await publicClient.readContract({
        address: deployment.contracts.StableCoin!.address as Address,
        abi: stableCoinAbi,
        functionName: 'decimals',
      }),
    ).toBe(6);
  });
});

describe('deploy CLI', () => {
  function tsxBinary(): string {
    const tsx = findNodeBin('tsx', packageDir);
    if (!tsx) throw new Error('tsx not found');
    return tsx;
  }

  function runCli(env: Record<string, string | undefined>) {
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const key of [
      'RPC_URL',
      'CHAIN_ID',
      'DEPLOYER_PRIVATE_KEY',
      'DEPLOYMENTS_FILE',
      'WRAPPED_AIA',
    ]) {
      delete childEnv[key];
    }
    Object.assign(childEnv, env);
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(tsxBinary(), ['ts/deploy-cli.ts'], { cwd: packageDir, env: childEnv });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
  }

  it('deploys and writes DEPLOYMENTS_FILE', async () => {
    const node = await anvil();
    const file = join(dir, 'cli', 'deployment.json');
    const result = await runCli({
      RPC_URL: node.rpcUrl,
      CHAIN_ID: '31337',
      DEPLOYER_PRIVATE_KEY: deployer.privateKey,
      DEPLOYMENTS_FILE: file,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/deployed StableCoin at 0x[0-9a-fA-F]{40}/);
    const deployment = await readDeployment(file);
    expect(await isDeployed(deployment, clientsFor(node.rpcUrl).publicClient)).toBe(true);
  });

  it.concurrent.each([
    [{}, /^deploy: RPC_URL is not set$/],
    [{ RPC_URL: 'not a url' }, /^deploy: RPC_URL is not a URL/],
    [{ RPC_URL: 'http://127.0.0.1:1' }, /^deploy: CHAIN_ID is not set$/],
    [{ RPC_URL: 'http://127.0.0.1:1', CHAIN_ID: 'x1' }, /^deploy: CHAIN_ID must be a positive/],
    [{ RPC_URL: 'http://127.0.0.1:1', CHAIN_ID: '5' }, /^deploy: CHAIN_ID 5 is not a supported/],
    [
      { RPC_URL: 'http://127.0.0.1:1', CHAIN_ID: '31337', DEPLOYER_PRIVATE_KEY: '0x12' },
      /^deploy: DEPLOYER_PRIVATE_KEY must be 0x followed by 64 hex digits$/,
    ],
    [
      {
        RPC_URL: 'http://127.0.0.1:1',
        CHAIN_ID: '31337',
        DEPLOYER_PRIVATE_KEY: deployer.privateKey,
      },
      /^deploy: DEPLOYMENTS_FILE is not set$/,
    ],
    [
      {
        RPC_URL: 'http://127.0.0.1:1',
        CHAIN_ID: '31337',
        DEPLOYER_PRIVATE_KEY: deployer.privateKey,
        DEPLOYMENTS_FILE: '/tmp/unused.json',
        WRAPPED_AIA: '0x12',
      },
      /^deploy: WRAPPED_AIA must be an address, got 0x12$/,
    ],
    [
      {
        RPC_URL: 'http://127.0.0.1:1',
        CHAIN_ID: '1319',
        DEPLOYER_PRIVATE_KEY: deployer.privateKey,
        DEPLOYMENTS_FILE: '/tmp/unused.json',
      },
      /^deploy: WRAPPED_AIA is not set \(required on chain 1319\)$/,
    ],
  ])('fails with one clear line for bad settings %#', async (env, message) => {
    const result = await runCli(env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});
