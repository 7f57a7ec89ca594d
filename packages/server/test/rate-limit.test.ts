import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, parseTrustProxy, StartupError, type Config } from '../src/config.js';
import { createTestContext, type TestContext } from './support/context.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const ADDRESS = '0x00000000000000000000000000000000000000a1';
let t: TestContext;
const opened: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestContext();
});

afterAll(async () => {
  for (const app of opened) await app.close();
  await t?.cleanup();
});

async function serve(config: Partial<Config>): Promise<string> {
  const app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, ...config } });
  opened.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** GET the nonce route (limited per client) with a chosen X-Forwarded-For. */
async function nonce(origin: string, forwardedFor?: string): Promise<number> {
  const res = await fetch(`${origin}/v1/api/user/nonce/${ADDRESS}`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await res.arrayBuffer();
  return res.status;
}

const limits = (authPerMinute: number, extra: Partial<Config['rateLimit']> = {}) => ({
  rateLimit: { authPerMinute, uploadPerMinute: authPerMinute, ...extra },
});
const uniquePrefix = () => `test:${randomBytes(6).toString('hex')}:`;

describe('TRUST_PROXY setting', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8, 192.168.1.7 ,loopback', ['10.0.0.0/8', '192.168.1.7', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [
      'true',
      'TRUST_PROXY must be a hop count or proxy addresses/CIDRs (true would trust any client) (got "true")',
    ],
    ['11', 'TRUST_PROXY hop count must be at most 10 (got "11")'],
    [
      '10.0.0.0/33',
      'TRUST_PROXY has "10.0.0.0/33", which is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal (got "10.0.0.0/33")',
    ],
    [
      'proxy.internal',
      'TRUST_PROXY has "proxy.internal", which is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal (got "proxy.internal")',
    ],
    [
      '10.0.0.1,',
      'TRUST_PROXY has "", which is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal (got "10.0.0.1,")',
    ],
  ])('refuses %j at start with one clear line', (value, message) => {
    let error: unknown;
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(message);
  });

  it('REDIS_URL must be a redis:// or rediss:// URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
    expect(loadConfig({ REDIS_URL }).rateLimit.redisUrl).toBe(REDIS_URL);
  });
});

describe('client address behind proxies', () => {
  it('by default a forged X-Forwarded-For does not dodge the limit', async () => {
    const origin = await serve({ ...limits(2), trustProxy: false });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await nonce(origin, `203.0.113.${i}`));
    expect(codes).toEqual([200, 200, 429, 429]);
  });

  it('from a trusted proxy (address list or hop count) each forwarded client counts alone', async () => {
    for (const trustProxy of [['127.0.0.1'], 1] as const) {
      const origin = await serve({ ...limits(2), trustProxy: trustProxy as Config['trustProxy'] });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push(await nonce(origin, '198.51.100.7'));
      codes.push(await nonce(origin, '198.51.100.8'));
      expect(codes).toEqual([200, 200, 429, 200]);
    }
  });

  it('a proxy that is not in the list is not believed', async () => {
    const origin = await serve({ ...limits(2), trustProxy: ['10.9.9.9'] });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push(await nonce(origin, `198.51.100.${i}`));
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe('rate-limit store in Redis (REDIS_URL)', () => {
  let redis: Redis;
  let prefixes: string[] = [];

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    prefixes = [];
    await redis.quit();
  });

  it('counts in Redis under the key prefix', async () => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    const origin = await serve(limits(2, { redisUrl: REDIS_URL, redisKeyPrefix: prefix }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push(await nonce(origin));
    expect(codes).toEqual([200, 200, 429]);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBe(3);
  });

  // A child process compiles the server through tsx and opens its own database (initdb and every
  // migration on PGlite): tens of seconds when the machine is busy.
  it('two server processes share one limit', { timeout: 180_000 }, async () => {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    const env = {
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    };
    const local = await serve(loadConfigPart(env));
    const other = await startServerProcess(env);
    try {
      const codes = [];
      for (const origin of [local, other.origin, local, other.origin, local]) {
        codes.push(await nonce(origin));
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      other.child.kill('SIGTERM');
      await new Promise((resolve) => other.child.once('exit', resolve));
      fs.rmSync(other.dataDir, { recursive: true, force: true });
    }
  });

  it('each process alone counts alone with the in-process store', async () => {
    const a = await serve(limits(1));
    const b = await serve(limits(1));
    expect([await nonce(a), await nonce(b), await nonce(a)]).toEqual([200, 200, 429]);
  });
});

function loadConfigPart(env: Record<string, string>): Partial<Config> {
  const { rateLimit } = loadConfig(env);
  return { rateLimit };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real server (src/main.ts through tsx) in a child process, on the test's chain. */
async function startServerProcess(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-proc-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../src/main.ts')],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RPC_URL: t.anvil.rpcUrl,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server process exited: ${stderr}`);
    try {
      if ((await fetch(`${origin}/v1/api/health`)).ok) return { child, origin, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`server process did not start: ${stderr}`);
}
