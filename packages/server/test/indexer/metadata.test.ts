import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_METADATA_OPTIONS,
  fetchText,
  isPrivateAddress,
  parseMetadata,
  resolveTokenUri,
  substituteId,
  type MetadataOptions,
} from '../../src/metadata/index.js';

describe('metadata: URIs and parsing', () => {
  it('resolves ipfs, data and http URIs', () => {
    expect(resolveTokenUri('ipfs://Qm123/1.json', 'http://gw:8080/')).toEqual({
      url: 'http://gw:8080/ipfs/Qm123/1.json',
    });
    expect(resolveTokenUri('ipfs://ipfs/Qm123', 'http://gw')).toEqual({
      url: 'http://gw/ipfs/Qm123',
    });
    const json = '{"name":"A"}';
    expect(
      resolveTokenUri(
        `data:application/json;base64,${Buffer.from(json).toString('base64')}`,
        'http://gw',
      ),
    ).toEqual({ inline: json });
    expect(
      resolveTokenUri(`data:application/json,${encodeURIComponent(json)}`, 'http://gw'),
    ).toEqual({ inline: json });
    expect(resolveTokenUri('https://x.example/1', 'http://gw')).toEqual({
      url: 'https://x.example/1',
    });
    expect(() => resolveTokenUri('file:///etc/passwd', 'http://gw')).toThrow(/scheme/);
    expect(() => resolveTokenUri('not a uri', 'http://gw')).toThrow(/unsupported/);
  });

  it('substitutes {id} as 64 hex characters', () => {
    expect(substituteId('ipfs://x/{id}.json', 255n)).toBe(`ipfs://x/${'0'.repeat(62)}ff.json`);
  });

  it('knows private addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('reads name, image, description and properties', () => {
    expect(
      parseMetadata(
        JSON.stringify({
          name: 'Hero #1',
          image: 'ipfs://img/1.png',
          description: 'A hero',
          attributes: [
            { trait_type: 'Class', value: 'Mage' },
            { trait_type: 'Level', value: 3 },
            { value: 'x' },
          ],
        }),
      ),
    ).toEqual({
      name: 'Hero #1',
      imageUrl: '/ipfs/img/1.png',
      description: 'A hero',
      properties: [
        { name: 'Class', value: 'Mage' },
        { name: 'Level', value: '3' },
      ],
    });
    expect(parseMetadata('{"properties":{"Rarity":"rare"}}').properties).toEqual([
      { name: 'Rarity', value: 'rare' },
    ]);
    expect(() => parseMetadata('{oops')).toThrow(/invalid JSON/);
    expect(() => parseMetadata('[1]')).toThrow(/not a JSON object/);
  });
});

describe('metadata: fetching', () => {
  let server: http.Server;
  let origin: string;
  let flaky = 0;
  const pending: http.ServerResponse[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      switch (req.url) {
        case '/ok':
          return res.end('{"name":"ok"}');
        case '/slow':
          pending.push(res);
          return;
        case '/huge':
          res.writeHead(200);
          for (let i = 0; i < 64; i++) res.write('x'.repeat(16 * 1024));
          return res.end();
        case '/flaky':
          if (flaky++ < 2) {
            res.writeHead(503);
            return res.end();
          }
          return res.end('{"name":"flaky"}');
        case '/missing':
          res.writeHead(404);
          return res.end();
        case '/to-private':
          res.writeHead(302, {
            location: `http://localhost:${(server.address() as AddressInfo).port}/ok`,
          });
          return res.end();
        default:
          res.writeHead(404);
          return res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of pending) res.destroy();
    await new Promise((r) => server.close(r));
  });

  const opts = (): MetadataOptions => ({
    ...DEFAULT_METADATA_OPTIONS,
    ipfsGateway: 'http://gateway.invalid',
    trustedOrigins: [origin],
    timeoutMs: 300,
    maxBytes: 64 * 1024,
    attempts: 3,
    backoffMs: 10,
  });

  it('fetches JSON from a trusted origin', async () => {
    expect(await fetchText(`${origin}/ok`, opts())).toBe('{"name":"ok"}');
  });

  it('times out on a slow server', async () => {
    const started = Date.now();
    await expect(fetchText(`${origin}/slow`, { ...opts(), attempts: 2 })).rejects.toThrow(
      /timed out/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops reading a body over the size cap', async () => {
    await expect(fetchText(`${origin}/huge`, opts())).rejects.toThrow(/larger than/);
  });

  it('retries server errors with back-off, not client errors', async () => {
    expect(await fetchText(`${origin}/flaky`, opts())).toBe('{"name":"flaky"}');
    expect(flaky).toBe(3);
    await expect(fetchText(`${origin}/missing`, opts())).rejects.toThrow(/HTTP 404/);
  });

  it('refuses private-network addresses, also through a redirect or a name', async () => {
    await expect(fetchText('http://10.0.0.1/x', opts())).rejects.toThrow(/refused private address/);
    await expect(fetchText('http://[::1]:1/x', opts())).rejects.toThrow(/refused private address/);
    const port = (server.address() as AddressInfo).port;
    await expect(fetchText(`http://localhost:${port}/ok`, opts())).rejects.toThrow(
      /refused private address/,
    );
    await expect(fetchText(`${origin}/to-private`, opts())).rejects.toThrow(
      /refused private address/,
    );
    await expect(fetchText('ftp://example.com/x', opts())).rejects.toThrow(/unsupported scheme/);
  });
});
