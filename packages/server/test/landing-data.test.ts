import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { jsonForHtml, LANDING_REQUESTS_FILE } from '../src/http/landing-data.js';
import { createTestContext, type TestContext } from './support/context.js';

const LOADER = `(function(){var d=document.getElementById('landing-data')})()`;
const INDEX = `<!doctype html><html><head><script data-app-scripts="/assets/app.js">${LOADER}</script></head><body><div id="root"></div></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// A hostile name: it tries to close the data block and run a script of its own.
const HOSTILE = '</script><script>alert(1)</script><!--';
const KEY = '/v1/api/test/landing {"page":1}';
const ANSWER = {
  code: 0,
  message: 'success',
  data: {
    records: [
      { name: HOSTILE, collectionName: `x${HOSTILE}`, imageUrl: 'ipfs://bafytest/1.png' },
      { name: 'second', imageUrl: 'ipfs://bafytest/2.png' },
    ],
    // A page's worth of text: over the size the server compresses from.
    description: 'a listing '.repeat(200),
  },
};

let t: TestContext;
let webDir: string;
let app: FastifyInstance;
let behaviour: 'answer' | 'fail' | 'slow' = 'answer';

beforeAll(async () => {
  t = await createTestContext();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  fs.writeFileSync(
    path.join(webDir, LANDING_REQUESTS_FILE),
    JSON.stringify({
      id: 'landing-data',
      paths: { '/marketplace': { [KEY]: { url: '/v1/api/test/landing', body: '{"page":1}' } } },
    }),
  );
  app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDistDir: webDir } });
  // A stand-in for the market page read, whose answer the test controls.
  app.post('/v1/api/test/landing', async (request, reply) => {
    expect(request.body).toEqual({ page: 1 });
    if (behaviour === 'fail') return reply.status(500).send({ code: 1, message: 'no', data: null });
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_000));
    return ANSWER;
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('landing data in the HTML', () => {
  it('puts the first read in a JSON block no name can break out of, with the CSP unchanged', async () => {
    behaviour = 'answer';
    const res = await page('/marketplace');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const plain = await page('/index.html');
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(String(res.headers['content-security-policy'])).toContain(`'self' ${sha(LOADER)}`);
    // The hostile text appears only escaped: the page has exactly its two scripts.
    expect(res.body).not.toContain('</script><script>alert');
    expect(res.body.match(/<script\b/g)).toHaveLength(2);
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);

    const { document } = new JSDOM(res.body).window;
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['application/json', null]);
    // Before the loader, which reads it.
    expect(scripts[0]!.id).toBe('landing-data');
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual({ [KEY]: ANSWER });
    // The first card's picture is preloaded, through the IPFS gateway path as the card shows it.
    const preload = document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/ipfs/bafytest/1.png');
  });

  it('is compressed for clients that accept it', async () => {
    behaviour = 'answer';
    const res = await app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('id="landing-data"');
  });

  it('serves the plain shell when the read fails, takes too long, or the URL has a query', async () => {
    const plain = (await page('/index.html')).body;
    behaviour = 'fail';
    expect((await page('/marketplace')).body).toBe(plain);
    behaviour = 'slow';
    expect((await page('/marketplace')).body).toBe(plain);
    behaviour = 'answer';
    expect((await page('/marketplace?sort=price')).body).toBe(plain);
    // Pages without early reads get the plain shell.
    expect((await page('/rankings')).body).toBe(plain);
  });
});

describe('jsonForHtml', () => {
  it('is the same JSON, without a character that can end or open markup', () => {
    const value = { a: HOSTILE, b: '& > < \u2028\u2029' };
    const text = jsonForHtml(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });
});
