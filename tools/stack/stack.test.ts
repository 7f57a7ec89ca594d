import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableCoinAbi } from '@aiamarket/shared/abis';
import { buildAll } from './build.js';
import { DEMO_STABLE_COIN_BALANCE } from './seed.js';
import { startStack, type Stack } from './stack.js';
import { silentSteps, type StepLogger } from './steps.js';

let dataDir: string;

beforeAll(async () => {
  await buildAll(silentSteps);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-stack-'));
}, 300_000);

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the stack in dataDir and records which steps ran. */
async function start(fresh = false): Promise<{ stack: Stack; ran: string[] }> {
  const ran: string[] = [];
  const steps: StepLogger = {
    step: (label, run) => {
      ran.push(label);
      return run();
    },
    info: () => undefined,
  };
  const stack = await startStack({ dataDir, port: 0, anvilPort: 0, fresh, steps });
  return { stack, ran };
}

async function demoBalance(stack: Stack): Promise<bigint> {
  const client = createPublicClient({ transport: http(stack.rpcUrl) });
  return client.readContract({
    address: stack.deployment.contracts.StableCoin!.address as Address,
    abi: stableCoinAbi,
    functionName: 'balanceOf',
    args: [stack.accounts[1]!.address as Address],
  });
}

describe('the local stack', () => {
  it('deploys and seeds on a fresh start, then keeps everything across a restart', async () => {
    const first = await start(true);
    expect(first.ran).toContain('deploying contracts');
    expect(first.ran).toContain('seeding demo data');
    expect(await demoBalance(first.stack)).toBe(DEMO_STABLE_COIN_BALANCE);
    const health = (await (await fetch(`${first.stack.url}/v1/api/health`)).json()) as {
      code: number;
    };
    expect(health.code).toBe(0);
    await first.stack.stop();

    const second = await start();
    expect(second.ran).not.toContain('deploying contracts');
    expect(second.ran).not.toContain('seeding demo data');
    expect(second.stack.deployment).toEqual(first.stack.deployment);
    expect(await demoBalance(second.stack)).toBe(DEMO_STABLE_COIN_BALANCE);
    await second.stack.stop();
  }, 180_000);

  it('seeds on the next start when a start failed after deploying', async () => {
    fs.rmSync(path.join(dataDir, 'seeded.json'), { force: true });
    const again = await start();
    expect(again.ran).not.toContain('deploying contracts');
    expect(again.ran).toContain('seeding demo data');
    expect(await demoBalance(again.stack)).toBe(DEMO_STABLE_COIN_BALANCE * 2n);
    await again.stack.stop();
  }, 180_000);
});
