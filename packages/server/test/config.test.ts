import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, redact, StartupError } from '../src/config.js';

describe('loadConfig', () => {
  it('runs the embedded stack with no settings', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBeUndefined();
    expect(c.rpcUrl).toBe('http://127.0.0.1:8545');
    expect(c.publicRpcUrl).toBe(c.rpcUrl);
    expect(c.chainId).toBe(31337);
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve('.data'));
    expect(c.deploymentsFile).toBe(path.resolve('.data/deployments/31337.json'));
    expect(c.publicUrl).toBe('http://localhost:8080');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/market',
      RPC_URL: 'wss://rpc.example/ws',
      PUBLIC_RPC_URL: 'https://rpc.example',
      CHAIN_ID: '1319',
      DATA_DIR: '/var/lib/market',
      DEPLOYMENTS_FILE: '/etc/market/1319.json',
      IPFS_API_URL: 'http://kubo:5001',
      PUBLIC_URL: 'https://market.example',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/market',
      chainId: 1319,
      publicRpcUrl: 'https://rpc.example',
      deploymentsFile: '/etc/market/1319.json',
      publicUrl: 'https://market.example',
      logLevel: 'warn',
    });
  });

  it.each([
    [
      'DATABASE_URL',
      'mysql://root@db/x',
      /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    ['DATABASE_URL', 'not a url', /^DATABASE_URL /],
    ['RPC_URL', 'localhost:8545', /^RPC_URL must be a http:\/\//],
    ['CHAIN_ID', '1', /^CHAIN_ID must be one of 1319, 1320, 31337/],
    ['PORT', '70000', /^PORT /],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL /],
    ['UPLOAD_MAX_MB', '-1', /^UPLOAD_MAX_MB /],
    ['RATE_LIMIT_AUTH_PER_MINUTE', '0', /^RATE_LIMIT_AUTH_PER_MINUTE /],
    ['RATE_LIMIT_UPLOAD_PER_MINUTE', 'many', /^RATE_LIMIT_UPLOAD_PER_MINUTE /],
    ['SESSION_TTL_HOURS', '0', /^SESSION_TTL_HOURS /],
  ])('refuses a bad %s with one line naming it', (name, value, pattern) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('reads the upload, rate-limit and session settings', () => {
    expect(loadConfig({})).toMatchObject({
      uploadMaxMb: 5,
      rateLimit: { authPerMinute: 30, uploadPerMinute: 20 },
      sessionTtlHours: 168,
      ipfsApiUrl: undefined,
    });
    const c = loadConfig({
      UPLOAD_MAX_MB: '8',
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
      RATE_LIMIT_UPLOAD_PER_MINUTE: '7',
      SESSION_TTL_HOURS: '24',
      IPFS_API_URL: 'http://kubo:5001/',
      PUBLIC_URL: 'https://market.example/some/path',
    });
    expect(c).toMatchObject({
      uploadMaxMb: 8,
      rateLimit: { authPerMinute: 5, uploadPerMinute: 7 },
      sessionTtlHours: 24,
      ipfsApiUrl: 'http://kubo:5001',
      publicUrl: 'https://market.example',
    });
  });

  it('reads the per-signer caps and limits, 1,000 open offers and listings by default', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimit: { signerPerMinute: 30, traitPerMinute: 120 },
      maxOpenPerSigner: { offers: 1_000, listings: 1_000 },
    });
    expect(
      loadConfig({
        RATE_LIMIT_SIGNER_PER_MINUTE: '3',
        RATE_LIMIT_TRAIT_PER_MINUTE: '9',
        OFFERS_MAX_OPEN_PER_SIGNER: '5',
        LISTINGS_MAX_OPEN_PER_SIGNER: '6',
      }),
    ).toMatchObject({
      rateLimit: { signerPerMinute: 3, traitPerMinute: 9 },
      maxOpenPerSigner: { offers: 5, listings: 6 },
    });
    expect(() => loadConfig({ OFFERS_MAX_OPEN_PER_SIGNER: '0' })).toThrow(StartupError);
  });

  it('never prints a database password', () => {
    expect(redact('postgres://user:secret@db/x')).toBe('postgres://user:***@db/x');
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'postgres://user:secret@db:99999/x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain('secret');
  });
});
