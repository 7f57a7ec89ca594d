import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { importer } from 'ipfs-unixfs-importer';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { type TestContext } from '../../../test/support/context.js';
import { signIn } from '../../../test/support/sign-in.js';
import { scratchDir, useTestApp } from '../../../test/support/app.js';
import { GIF, JPEG, makePng, pngChunk } from '../../../test/support/images.js';
import { SVG_CSP } from './gateway.js';

const MB = 1024 * 1024;
let t: TestContext;
let app: FastifyInstance;
let token: string;
const dataDir = scratchDir('upload-test-');

/** The CID as computed independently: the importer with Kubo's settings. */
async function expectedCid(bytes: Uint8Array): Promise<string> {
  let last: CID | undefined;
  for await (const e of importer([{ content: bytes }], new MemoryBlockstore(), {
    cidVersion: 1,
    rawLeaves: true,
  })) {
    last = e.cid;
  }
  return last!.toString();
}

function multipart(
  parts: { name: string; value?: string; filename?: string; type?: string; data?: Buffer }[],
) {
  const boundary = '----aiamarket' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(
      Buffer.from(head + '\r\n'),
      p.data ?? Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(
  target: FastifyInstance,
  data: Buffer,
  opts: { purpose?: string; filename?: string; type?: string; token?: string | null } = {},
) {
  const parts = [];
  if (opts.purpose) parts.push({ name: 'purpose', value: opts.purpose });
  parts.push({
    name: 'file',
    filename: opts.filename ?? 'image.png',
    type: opts.type ?? 'image/png',
    data,
  });
  const body = multipart(parts);
  const headers: Record<string, string> = { 'content-type': body.contentType };
  const tk = opts.token === undefined ? token : opts.token;
  if (tk) headers.token = tk;
  return target.inject({
    method: 'POST',
    url: '/v1/api/ipfs/upload',
    headers,
    payload: body.payload,
  });
}

useTestApp(
  { dataDir, rateLimit: { authPerMinute: 10_000, uploadPerMinute: 10_000 } },
  async (ready) => {
    ({ t, app } = ready);
    token = await signIn(app, privateKeyToAccount(generatePrivateKey()));
  },
);

describe('accepted uploads', () => {
  const png = makePng({ width: 8, height: 8 });
  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'default'],
    ['PNG', png, 'image/png', 'default'],
    ['GIF', GIF, 'image/gif', 'default'],
    ['PNG avatar', makePng({ width: 3, height: 2 }), 'image/png', 'avatar'],
    ['GIF banner', GIF, 'image/gif', 'banner'],
    ['JPEG collection profile', JPEG, 'image/jpeg', 'collectionProfile'],
    ['PNG collection cover', png, 'image/png', 'collectionCover'],
  ])(
    '%s is stored under its CID and served back byte-identical',
    async (_n, bytes, type, purpose) => {
      const res = await upload(app, bytes, {
        purpose,
        filename: 'photo.bin',
        type: 'application/octet-stream',
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().data as string;
      const cid = await expectedCid(bytes);
      expect(url).toBe(`/ipfs/${cid}`);
      // A small file is one raw block: its CID is the sha-256 of the bytes.
      expect(cid).toBe(CID.create(1, raw.code, await sha256.digest(bytes)).toString());
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['content-security-policy']).toBeUndefined();
      expect(fs.readFileSync(path.join(dataDir, 'ipfs', cid)).equals(bytes)).toBe(true);
    },
  );

  it('takes the purpose from the query string too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/ipfs/upload?purpose=avatar',
      ...(() => {
        const b = multipart([
          { name: 'file', filename: 'a.png', data: makePng({ totalBytes: MB + 1 }) },
        ]);
        return { payload: b.payload, headers: { 'content-type': b.contentType, token } };
      })(),
    });
    expect(res.json().message).toBe('Uploaded image should be less than 1M');
  });

  it('chunks a file over 256 KiB like Kubo (balanced DAG of raw leaves)', async () => {
    const big = makePng({ totalBytes: 700_000 });
    const res = await upload(app, big, { purpose: 'banner' });
    const cid = await expectedCid(big);
    expect(res.json().data).toBe(`/ipfs/${cid}`);
    expect(cid.startsWith('bafybei')).toBe(true); // dag-pb root over raw leaves
    const served = await app.inject({ method: 'GET', url: res.json().data });
    expect(served.rawPayload.equals(big)).toBe(true);
  });

  it('answers 304 for a cached copy and supports HEAD', async () => {
    const url = (await upload(app, GIF)).json().data;
    const cid = url.split('/').pop();
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${cid}"` },
    });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/gif');
  });

  it('accepts a file of exactly the limit', async () => {
    const exact = makePng({ totalBytes: MB });
    const res = await upload(app, exact, { purpose: 'avatar' });
    expect(res.json().code).toBe(0);
  });
});

describe('SVG', () => {
  const svg = Buffer.from(
    `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="10" height="10" fill="red" onclick="alert(2)" style="fill:url(https://evil.example/x)"/>
  <circle cx="5" cy="5" r="3" fill="blue"/>
  <image xlink:href="https://evil.example/track.png" width="1" height="1"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>
  <a href="javascript:alert(3)"><text x="1" y="9">hi</text></a>
</svg>`,
  );

  it.each(['default', 'avatar', 'banner'])('is refused for %s', async (purpose) => {
    const res = await upload(app, svg, { purpose, filename: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 10013,
      message: 'Uploading image should be JPG/PNG/GIF',
    });
  });

  it.each(['collectionProfile', 'collectionCover', 'collectionBackground'])(
    'is stored sanitised for %s and served with a sandboxing CSP',
    async (purpose) => {
      const res = await upload(app, svg, { purpose, filename: 'logo.svg', type: 'image/svg+xml' });
      expect(res.statusCode, res.body).toBe(200);
      const served = await app.inject({ method: 'GET', url: res.json().data });
      const text = served.body;
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toBe(SVG_CSP);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      for (const bad of [
        '<script',
        'onload',
        'onclick',
        'evil.example',
        'foreignObject',
        'javascript:',
        'iframe',
      ]) {
        expect(text, bad).not.toContain(bad);
      }
      expect(text).toContain('<circle');
      expect(text).toContain('<svg');
      expect(res.json().data).toBe(`/ipfs/${await expectedCid(served.rawPayload)}`);
    },
  );

  it('refuses entity declarations and malformed SVG', async () => {
    const bomb = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>',
    );
    expect((await upload(app, bomb, { purpose: 'collectionProfile' })).json().code).toBe(10014);
    const broken = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>');
    const res = await upload(app, broken, { purpose: 'collectionProfile' });
    expect(res.json()).toMatchObject({
      code: 10014,
      message: 'Uploading image should be JPG/PNG/SVG',
    });
  });

  it('refuses GIF for collection images (JPG/PNG/SVG only)', async () => {
    const res = await upload(app, GIF, { purpose: 'collectionCover' });
    expect(res.json().code).toBe(10014);
  });
});

describe('refused uploads', () => {
  it.each([
    ['a text file renamed to .png', Buffer.from('just some notes, not an image\n')],
    ['an HTML page renamed to .png', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a PDF renamed to .png', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n')],
    ['a truncated PNG', makePng().subarray(0, 40)],
    [
      'a PNG with a bad CRC',
      (() => {
        const b = Buffer.from(makePng());
        b[29] = b[29]! ^ 0xff;
        return b;
      })(),
    ],
    [
      'a PNG with HTML after IEND',
      Buffer.concat([makePng(), Buffer.from('<html><script>alert(1)</script>')]),
    ],
    [
      'a valid PNG carrying a script in a text chunk',
      makePng({ extra: [pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>'))] }),
    ],
    [
      'a GIF/JavaScript polyglot',
      Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);//;'),
    ],
    ['a JPEG with a ZIP appended', Buffer.concat([JPEG, Buffer.from('PK\x03\x04rest-of-a-zip')])],
    [
      'a JPEG with HTML in a comment',
      Buffer.concat([
        JPEG.subarray(0, 2),
        Buffer.from([0xff, 0xfe, 0x00, 0x1a]),
        Buffer.from('<html><body>hi</body></html'),
        JPEG.subarray(2),
      ]),
    ],
  ])('refuses %s', async (_name, bytes) => {
    const res = await upload(app, bytes, { filename: 'cat.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 10013,
      message: 'Uploading image should be JPG/PNG/GIF',
      data: null,
    });
  });

  it.each([
    ['default', 5],
    ['avatar', 1],
    ['banner', 5],
    ['collectionProfile', 1],
    ['collectionCover', 3],
    ['collectionBackground', 10],
  ])('refuses one byte over the %s limit (%i MB)', async (purpose, mb) => {
    const res = await upload(app, makePng({ totalBytes: mb * MB + 1 }), { purpose });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 10015,
      message: `Uploaded image should be less than ${mb}M`,
      data: null,
    });
  });

  it('refuses an empty file', async () => {
    const res = await upload(app, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 10016, message: 'The uploaded file is empty' });
  });

  it.each([
    '../../etc/passwd.png',
    'a/b.png',
    '..\\..\\win.png',
    'C:\\temp\\x.png',
    '..',
    'x\u0001.png',
  ])('refuses the file name %j', async (filename) => {
    const res = await upload(app, GIF, { filename });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 10017, message: 'The file name is not allowed' });
    expect(fs.readdirSync(path.join(dataDir, 'ipfs')).every((f) => !f.includes('passwd'))).toBe(
      true,
    );
  });

  it('refuses an unknown purpose, a missing file and a non-multipart body', async () => {
    expect((await upload(app, GIF, { purpose: 'wallpaper' })).json().code).toBe(10001);
    const noFile = multipart([{ name: 'purpose', value: 'avatar' }]);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/ipfs/upload',
      headers: { 'content-type': noFile.contentType, token },
      payload: noFile.payload,
    });
    expect(res.json().code).toBe(10001);
    const json = await app.inject({
      method: 'POST',
      url: '/v1/api/ipfs/upload',
      headers: { token },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await upload(app, GIF, { token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(10002);
  });

  it('answers 404 envelopes for unknown or invalid CIDs', async () => {
    for (const url of [
      '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
      '/ipfs/..%2F..%2Fetc%2Fpasswd',
      '/ipfs/nope',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(10004);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with code 10007 past RATE_LIMIT_UPLOAD_PER_MINUTE', async () => {
    const limited = await buildApp({
      ...t.ctx,
      config: { ...t.ctx.config, rateLimit: { authPerMinute: 100, uploadPerMinute: 2 } },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await upload(limited, GIF)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect((await upload(limited, GIF)).json().code).toBe(10007);
    } finally {
      await limited.close();
    }
  });
});

describe('with a Kubo node (IPFS_API_URL)', () => {
  let kubo: http.Server;
  let kuboUrl: string;
  let mode: 'ok' | 'wrong' | 'down' = 'ok';
  const pinned = new Map<string, Buffer>();
  let kuboApp: FastifyInstance;
  let kuboDir: string;

  beforeAll(async () => {
    kubo = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url!, 'http://x');
      if (mode === 'down') {
        res.statusCode = 500;
        return res.end('down');
      }
      if (url.pathname === '/api/v0/add') {
        expect(url.searchParams.get('cid-version')).toBe('1');
        expect(url.searchParams.get('raw-leaves')).toBe('true');
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type']! },
        }).formData();
        const file = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
        const cid =
          mode === 'wrong'
            ? await expectedCid(Buffer.concat([file, Buffer.from('x')]))
            : await expectedCid(file);
        pinned.set(cid, file);
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({ Name: 'file', Hash: cid, Size: String(file.length) }) + '\n',
        );
      }
      if (url.pathname === '/api/v0/cat') {
        const file = pinned.get(url.searchParams.get('arg') ?? '');
        if (!file) {
          res.statusCode = 500;
          return res.end('{"Message":"not found"}');
        }
        return res.end(file);
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => kubo.listen(0, '127.0.0.1', resolve));
    kuboUrl = `http://127.0.0.1:${(kubo.address() as AddressInfo).port}`;
    kuboDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-kubo-'));
    const config: Config = { ...t.ctx.config, dataDir: kuboDir, ipfsApiUrl: kuboUrl };
    kuboApp = await buildApp({ ...t.ctx, config });
  });

  afterAll(async () => {
    await kuboApp?.close();
    await new Promise((resolve) => kubo?.close(resolve));
    fs.rmSync(kuboDir, { recursive: true, force: true });
  });

  it('adds each upload to the node, which agrees on the CID', async () => {
    mode = 'ok';
    const bytes = makePng({ width: 5, height: 5 });
    const res = await upload(kuboApp, bytes);
    const cid = await expectedCid(bytes);
    expect(res.json().data).toBe(`/ipfs/${cid}`);
    expect(pinned.get(cid)?.equals(bytes)).toBe(true);
  });

  it('serves a file missing on this replica from the node', async () => {
    mode = 'ok';
    const bytes = makePng({ width: 6, height: 6 });
    const url = (await upload(kuboApp, bytes)).json().data as string;
    fs.rmSync(path.join(kuboDir, 'ipfs', url.split('/').pop()!));
    const served = await kuboApp.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('fails the upload with 503 (10021) when the node is down or disagrees', async () => {
    mode = 'down';
    const down = await upload(kuboApp, makePng({ width: 7, height: 7 }));
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe(10021);
    mode = 'wrong';
    const wrong = await upload(kuboApp, makePng({ width: 9, height: 9 }));
    expect(wrong.statusCode).toBe(503);
    expect(wrong.json().message).toContain('another CID');
    mode = 'ok';
  });
});
