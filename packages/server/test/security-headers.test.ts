import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { inlineScriptHashes } from '../src/http/security-headers.js';
import { createTestContext, type TestContext } from './support/context.js';

const LOADER = `(function(){var m=document.createElement('script');m.type='module';m.src='/assets/app.js';document.head.appendChild(m)})()`;
const INDEX = `<!doctype html><html><head><script data-app-scripts="/assets/app.js">${LOADER}</script></head><body><div id="root"></div></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestContext;
let webDir: string;
const apps: FastifyInstance[] = [];

async function appWith(publicUrl: string, publicRpcUrl = 'https://rpc.example:8443/v1') {
  const app = await buildApp({
    ...t.ctx,
    config: { ...t.ctx.config, webDistDir: webDir, publicUrl, publicRpcUrl },
  });
  apps.push(app);
  return app;
}

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.cleanup();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('HTML answers', () => {
  it('carry a CSP allowing the inline loader by its hash, never unsafe-inline scripts', async () => {
    const app = await appWith('http://localhost:8080');
    for (const url of ['/', '/marketplace', '/index.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'", sha(LOADER)]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      // Wallets reach the public RPC (http and WebSocket) and WalletConnect.
      expect(csp['connect-src']).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://rpc.example:8443',
          'wss://rpc.example:8443',
          'wss://*.walletconnect.org',
        ]),
      );
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const app = await appWith('https://market.example');
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(String(res.headers['content-security-policy']))).toHaveProperty(
      'upgrade-insecure-requests',
    );
    const api = await app.inject({ method: 'GET', url: '/v1/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('API answers are not framable either', async () => {
    const app = await appWith('http://localhost:8080');
    const res = await app.inject({ method: 'GET', url: '/v1/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, exactly their text', () => {
    const html = `<script src="/a.js"></script><script type="module">a()</script><SCRIPT>\nb()\n</SCRIPT>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')]);
  });
});
