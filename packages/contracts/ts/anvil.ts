import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toHex } from 'viem';
import type { Address, Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { findNodeBin } from './node-bin.js';

export interface StartAnvilOptions {
  /** Port to listen on (127.0.0.1). A free one is picked when omitted. */
  port?: number;
  /** Chain id (default 31337, anvil's own default and the local stack's). */
  chainId?: number;
  /**
   * State file: loaded at start when it exists, dumped every 5 s and on a clean stop, so the
   * chain survives restarts.
   */
  stateFile?: string;
  /** Seconds between blocks; omitted means a block is mined for each transaction. */
  blockTime?: number;
  /**
   * Unix time (seconds) of the genesis block, e.g. a month ago so that demo history can be
   * mined at past times. Only meaningful for a new chain: leave it out when loading a state file.
   */
  genesisTimestamp?: number;
  /** When false, anvil's own output is forwarded to this process's stdout/stderr. Default true. */
  silent?: boolean;
  /** How long to wait for the RPC to answer, in ms (default 20 000). */
  readyTimeoutMs?: number;
  /** More anvil arguments, e.g. ['--base-fee', '0'] for gas-free exact balance accounting. */
  extraArgs?: readonly string[];
}

export interface AnvilInstance {
  /** http://127.0.0.1:<port> */
  rpcUrl: string;
  port: number;
  chainId: number;
  process: ChildProcess;
  /**
   * SIGINT, then waits for anvil to exit (it dumps its state file on the way out); SIGKILL
   * after `timeoutMs` (default 8 000). Safe to call more than once.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** The mnemonic anvil derives its default accounts from (public test keys; never use for value). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export interface AnvilAccount {
  address: Address;
  privateKey: Hex;
}

/** The first 5 default anvil accounts, each funded with 10 000 ETH on a fresh anvil. */
export const ANVIL_ACCOUNTS: readonly AnvilAccount[] = Object.freeze(
  Array.from({ length: 5 }, (_, addressIndex) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (!privateKey) throw new Error(`cannot derive anvil account ${addressIndex}`);
    return Object.freeze({ address: account.address, privateKey: toHex(privateKey) });
  }),
);

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * The anvil executable. `ANVIL_PATH` wins; then the native binary of the installed
 * `@foundry-rs/anvil-<platform>` package; then `node_modules/.bin/anvil` found walking up from
 * this file. The native binary is preferred because the npm `bin` wrapper re-raises SIGINT on
 * itself without waiting for anvil, so stop() could not wait for the state dump through it.
 */
export function resolveAnvilBinary(): string {
  const fromEnv = process.env.ANVIL_PATH;
  if (fromEnv) return fromEnv;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (platformPackage) {
    try {
      const native = require.resolve(`${platformPackage}/bin/${exe}`);
      if (existsSync(native)) return native;
    } catch {
      // not installed for this platform: fall back to the bin wrapper
    }
  }
  const wrapper = findNodeBin('anvil', here);
  if (wrapper) return wrapper;
  throw new Error(
    'anvil not found: install @foundry-rs/anvil (npm install at the repository root) or set ANVIL_PATH',
  );
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

/** Running anvils; killed if this process exits without stopping them (no orphans left). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { result?: string };
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the last `limit` characters of a stream, for error messages. */
function tail(limit = 4_000) {
  let text = '';
  return {
    push(chunk: Buffer | string) {
      text = (text + chunk.toString()).slice(-limit);
    },
    get text() {
      return text.trim();
    },
  };
}

class AnvilStartError extends Error {
  constructor(
    message: string,
    readonly addressInUse: boolean,
  ) {
    super(message);
    this.name = 'AnvilStartError';
  }
}

async function launch(
  binary: string,
  port: number,
  chainId: number,
  opts: StartAnvilOptions,
): Promise<AnvilInstance> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  if (opts.stateFile) {
    // anvil does not create the folder and silently skips the dump when it is missing.
    mkdirSync(dirname(resolvePath(opts.stateFile)), { recursive: true });
    args.push('--state', opts.stateFile, '--state-interval', '5');
  }
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));
  if (opts.genesisTimestamp !== undefined) {
    args.push('--timestamp', String(Math.floor(opts.genesisTimestamp)));
  }
  if (opts.extraArgs) args.push(...opts.extraArgs);
  const silent = opts.silent ?? true;

  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = tail();
  const stdout = tail();
  // anvil prints this once it has bound the port. Waiting for it (not only for an answer on the
  // port) avoids taking another process already listening there for this anvil.
  const listeningLine = `Listening on 127.0.0.1:${port}`;
  let listening = false;
  let startupOutput = '';
  // Always drain the pipes: anvil logs every RPC call and would block on a full pipe.
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    if (!listening) {
      startupOutput = (startupOutput + chunk.toString()).slice(-64_000);
      listening = startupOutput.includes(listeningLine);
    }
    if (!silent) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    if (!silent) process.stderr.write(chunk);
  });

  let exited = child.exitCode !== null || child.signalCode !== null;
  let spawnError: Error | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', (err) => {
      spawnError = err;
      exited = true;
      resolve();
    });
  });

  live.add(child);
  void exitPromise.then(() => live.delete(child));

  const rpcUrl = `http://127.0.0.1:${port}`;
  const describe = () => {
    const output = stderr.text || stdout.text;
    return output ? `\nanvil output:\n${output}` : '';
  };

  const timeoutMs = opts.readyTimeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      const how = spawnError
        ? `could not be started (${spawnError.message})`
        : `exited with ${child.signalCode ?? `code ${child.exitCode}`}`;
      const output = `${stderr.text}\n${stdout.text}`;
      throw new AnvilStartError(
        `anvil (${binary}) ${how} before answering on ${rpcUrl}${describe()}`,
        /address already in use|addrinuse/i.test(output),
      );
    }
    const answered = listening ? await rpcChainId(rpcUrl) : undefined;
    if (answered !== undefined) {
      if (answered !== chainId) {
        child.kill('SIGKILL');
        await exitPromise;
        throw new AnvilStartError(
          `anvil on ${rpcUrl} answered chain id ${answered}, expected ${chainId}` +
            (opts.stateFile ? ` (state file ${opts.stateFile} is from another chain?)` : ''),
          false,
        );
      }
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exitPromise;
      throw new AnvilStartError(
        `anvil did not answer eth_chainId on ${rpcUrl} within ${timeoutMs} ms${describe()}`,
        false,
      );
    }
    await delay(100);
  }

  let stopping: Promise<void> | undefined;
  const stop = (stopTimeoutMs = 8_000): Promise<void> => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill('SIGINT');
        // SIGKILL if it has not exited in time; the timer is cleared so it keeps nothing alive.
        const timer = setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, stopTimeoutMs);
        await exitPromise;
        clearTimeout(timer);
      }
    })();
    return stopping;
  };

  return { rpcUrl, port, chainId, process: child, stop };
}

/**
 * Starts anvil and resolves once its RPC answers `eth_chainId` with the expected id.
 * Rejects with anvil's output when it exits early or does not answer in time.
 */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const binary = resolveAnvilBinary();
  const chainId = opts.chainId ?? 31337;
  // A picked port can be taken by someone else before anvil binds it: pick again then.
  const attempts = opts.port === undefined ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    try {
      return await launch(binary, port, chainId, opts);
    } catch (err) {
      if (err instanceof AnvilStartError && err.addressInUse && attempt < attempts) continue;
      throw err;
    }
  }
}
