// The indexer bench's IPFS gateway, in a process of its own: a real gateway is another machine,
// and one sharing the indexer's event loop slowed the back-fill it was measured beside (4,879
// events/s with it in the bench's process, 5,500 with it in its own, PostgreSQL, 2 cores).
// Run as a script it serves until killed and prints its URL on its first line.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Metadata JSON of any token path, deterministic (name, image, two properties). */
function tokenJson(path: string): string {
  let h = 0;
  for (const c of path) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const rarity = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'][h % 5]!;
  return JSON.stringify({
    name: `Bench ${path
      .split('/')
      .slice(-2)
      .join(' #')
      .replace(/\.json$/, '')}`,
    description: 'A token of the indexer bench.',
    image: `ipfs://bench-images/${h % 997}.png`,
    attributes: [
      { trait_type: 'Rarity', value: rarity },
      { trait_type: 'Level', value: String((h >>> 8) % 50) },
    ],
  });
}

/** Serves every /ipfs/<path> with that token's metadata, in this process. */
async function serve(): Promise<string> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/ipfs\//, '');
    const body = tokenJson(decodeURIComponent(path));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const self = fileURLToPath(import.meta.url);

/** Starts the gateway in a child process. */
export async function startGateway(): Promise<{ url: string; close(): Promise<void> }> {
  // Not this process's execArgv: under `tsx -e` it holds the evaluated code, which would run the
  // whole bench again in the child.
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    cwd: path.dirname(self),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n')[0]!;
      if (out.includes('\n')) resolve(line.trim());
    });
    void exited.then(() => reject(new Error('the metadata gateway exited before it listened')));
  });
  return {
    url,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === self) {
  process.stdout.write(`${await serve()}\n`);
}
