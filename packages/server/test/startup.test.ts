import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil } from '@aiamarket/contracts';
import { loadConfig, StartupError } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { appConfig } from '../src/db/schema.js';
import { startServer } from '../src/server.js';

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let dataDir: string;

beforeAll(async () => {
  anvil = await startAnvil();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-data-'));
});

afterAll(async () => {
  await anvil?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const baseEnv = () => ({
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  RPC_URL: anvil.rpcUrl,
});

async function startupError(env: Record<string, string>): Promise<string> {
  try {
    const server = await startServer(loadConfig({ ...baseEnv(), ...env }));
    await server.close();
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError);
    return (err as Error).message;
  }
  throw new Error('the server started although it should not have');
}

describe('startServer', () => {
  it('stops on an unreachable database with one line naming DATABASE_URL', async () => {
    const message = await startupError({ DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/none' });
    expect(message).toMatch(
      /^DATABASE_URL: cannot connect to postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/,
    );
    expect(message).not.toContain('\n');
  });

  it('stops on an unreachable RPC with one line naming RPC_URL', async () => {
    const message = await startupError({ RPC_URL: 'http://127.0.0.1:1' });
    expect(message).toMatch(/^RPC_URL: no answer from http:\/\/127\.0\.0\.1:1/);
    expect(message).not.toContain('\n');
  });

  it('stops when the RPC serves another chain than CHAIN_ID', async () => {
    expect(await startupError({ CHAIN_ID: '1319' })).toBe(
      `CHAIN_ID: ${anvil.rpcUrl} serves chain 31337, but CHAIN_ID is 1319`,
    );
  });

  it('stops on a deployment file for another chain', async () => {
    const file = path.join(dataDir, 'other.json');
    fs.writeFileSync(file, JSON.stringify({ chainId: 1319, deployedAt: 'x', contracts: {} }));
    expect(await startupError({ DEPLOYMENTS_FILE: file })).toMatch(
      /^DEPLOYMENTS_FILE: .* is for chain 1319/,
    );
  });

  it('migrates, serves, and keeps its embedded data across restarts', async () => {
    const first = await startServer(loadConfig(baseEnv()));
    const health = (await fetch(`${first.url}/v1/api/health`).then((r) => r.json())) as {
      code: number;
    };
    expect(health.code).toBe(0);
    await first.ctx.database.db
      .update(appConfig)
      .set({ value: '3.5' })
      .where(eq(appConfig.name, 'transaction_fee'));
    await first.close();

    const second = await startServer(loadConfig(baseEnv()));
    const fee = await fetch(`${second.url}/v1/api/config/getValue?name=transaction_fee`).then((r) =>
      r.json(),
    );
    expect(fee).toEqual({
      code: 0,
      message: 'success',
      data: { name: 'transaction_fee', value: '3.5' },
    });
    await second.close();
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('let replicas that start together migrate one at a time', async () => {
    const { freshDatabase } = await import('./support/database.js');
    const fresh = await freshDatabase({ migrate: false });
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url! })));
    await Promise.all(replicas.map((r) => r.migrate()));
    const rows = await replicas[0]!.db.select().from(appConfig);
    expect(rows.map((r) => r.name)).toEqual(['transaction_fee']);
    await Promise.all(replicas.map((r) => r.close()));
    await fresh.drop();
  });
});
