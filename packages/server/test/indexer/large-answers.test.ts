import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../../src/chain/client.js';
import { largeAnswersClient } from '../../src/chain/http-variants.js';

// 16,000 logs of about 800 bytes: an answer of about 13 MB, over viem's default 10 MB cap.
const LOGS = 16_000;
const log = (i: number) => ({
  address: '0x' + '11'.repeat(20),
  topics: ['0x' + 'ab'.repeat(32), '0x' + i.toString(16).padStart(64, '0')],
  data: '0x' + 'cd'.repeat(250),
  blockNumber: '0x1',
  blockHash: '0x' + '22'.repeat(32),
  transactionHash: '0x' + i.toString(16).padStart(64, '0'),
  transactionIndex: '0x0',
  logIndex: '0x' + i.toString(16),
  removed: false,
});

let server: http.Server;
let url: string;

beforeAll(async () => {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    result: Array.from({ length: LOGS }, (_, i) => log(i)),
  });
  server = http.createServer((req, res) => {
    let request = '';
    req.on('data', (c: Buffer) => (request += c.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(request) as { id: number; method: string };
      res.setHeader('content-type', 'application/json');
      if (method === 'eth_chainId')
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x7a69' }));
      else res.end(body.replace('"id":0', `"id":${id}`));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('eth_getLogs answers over 10 MB (a dense range)', () => {
  const range = { fromBlock: 1n, toBlock: 100n } as const;

  it('the plain client refuses them: the download is thrown away', async () => {
    await expect(createChainClient(url, 31337).getLogs(range)).rejects.toThrow(/size limit/);
  });

  it("the indexer's logs client reads them", async () => {
    const logs = await largeAnswersClient(createChainClient(url, 31337), 64 * 1024 * 1024).getLogs(
      range,
    );
    expect(logs).toHaveLength(LOGS);
    expect(logs[LOGS - 1]!.logIndex).toBe(LOGS - 1);
  });
});
