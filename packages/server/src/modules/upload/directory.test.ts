import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { encode, prepare } from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../../test/support/context.js';
import { buildDirectory, resolveDirectoryPath, storeDirectory } from './directory.js';
import { computeCid, DiskStore } from './store.js';

let t: TestContext;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'directory-test-'));
  t = await createTestContext({ dataDir });
  app = await buildApp(t.ctx);
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const json = (v: unknown) => Buffer.from(JSON.stringify(v));

describe('IPFS directories', () => {
  it('builds the directory node Kubo builds: UnixFS directory, links sorted by name', async () => {
    const entries = [
      { name: '2', bytes: json({ name: 'two' }) },
      { name: '10', bytes: json({ name: 'ten' }) },
      { name: '1', bytes: json({ name: 'one' }) },
    ];
    const dir = await buildDirectory(entries);
    // The same node written by hand: Data = UnixFS {Type: Directory}, one link per file.
    const links = await Promise.all(
      entries.map(async (e) => ({
        Name: e.name,
        Hash: CID.parse(await computeCid(e.bytes)),
        Tsize: e.bytes.length,
      })),
    );
    const node = encode(prepare({ Data: Uint8Array.from([0x08, 0x01]), Links: links }));
    const expected = CID.createV1(0x70, await sha256.digest(node)).toString();
    expect(dir.cid).toBe(expected);
    expect(Buffer.from(dir.block).equals(Buffer.from(node))).toBe(true);
    for (const f of dir.files) expect(f.cid).toBe(await computeCid(f.bytes));
  });

  it('refuses bad names, duplicates and an empty directory', async () => {
    await expect(buildDirectory([])).rejects.toThrow('at least one file');
    await expect(buildDirectory([{ name: '../x', bytes: json(1) }])).rejects.toThrow(
      'invalid file name',
    );
    await expect(
      buildDirectory([
        { name: 'a', bytes: json(1) },
        { name: 'a', bytes: json(2) },
      ]),
    ).rejects.toThrow('duplicate');
  });

  it('resolves names in a stored directory, and nothing else', async () => {
    const store = new DiskStore(path.join(dataDir, 'resolve'));
    const dir = await buildDirectory([
      { name: '1', bytes: json({ id: 1 }) },
      { name: '2', bytes: json({ id: 2 }) },
    ]);
    await store.put(dir.cid, dir.block);
    expect(await resolveDirectoryPath(store, dir.cid, ['2'])).toBe(dir.files[1]!.cid);
    expect(await resolveDirectoryPath(store, dir.cid, ['3'])).toBeNull();
    // A file is not a directory, and a missing directory resolves nothing.
    expect(await resolveDirectoryPath(store, dir.files[0]!.cid, ['1'])).toBeNull();
    const other = await buildDirectory([{ name: 'x', bytes: json('x') }]);
    expect(await resolveDirectoryPath(store, other.cid, ['x'])).toBeNull();
  });

  it('serves /ipfs/{directory}/{name} through the gateway with the stored type', async () => {
    const doc = { name: 'Hero #7', attributes: [{ trait_type: 'Class', value: 'Mage' }] };
    const stored = await storeDirectory(
      t.ctx.database.db,
      dataDir,
      [
        { name: '7', bytes: json(doc) },
        { name: '8', bytes: json({ name: 'Hero #8' }) },
      ],
      'application/json',
      'seed',
    );
    expect(stored.url).toBe(`/ipfs/${stored.cid}`);
    const res = await app.inject({ method: 'GET', url: `${stored.url}/7` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual(doc);
    expect(res.headers.etag).toBe(`"${stored.files.get('7')}"`);

    for (const url of [
      `${stored.url}/9`,
      `${stored.url}/7/deeper`,
      `/ipfs/${stored.files.get('7')}/7`,
      '/ipfs/nope/7',
    ]) {
      const miss = await app.inject({ method: 'GET', url });
      expect(miss.statusCode, url).toBe(404);
      expect(miss.json().code).toBe(10004);
    }
  });
});
