// Token metadata: tokenURI / uri -> JSON (http(s), ipfs:// through the gateway, data:) with a
// time-out, a size cap, retries with back-off, and refusal of private-network addresses.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import { CONTRACT_TYPE, displayImageUrl } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';
import type { AppDb } from '../db/database.js';
import { orders, tokenMetadata } from '../db/schema-chain.js';
import { writeTokenAttributes } from './attributes.js';
import { lockOrderItems } from './store.js';

export interface MetadataOptions {
  /** Gateway for ipfs:// URIs, e.g. http://127.0.0.1:8080 (requests go to {gateway}/ipfs/...). */
  ipfsGateway: string;
  timeoutMs: number;
  maxBytes: number;
  /** Attempts per fetch (1 = no retry). */
  attempts: number;
  backoffMs: number;
  /** Origins allowed even on private addresses (the gateway's is always allowed). */
  trustedOrigins?: string[];
  /** Aborts fetches in flight (shutdown). */
  signal?: AbortSignal;
}

export const DEFAULT_METADATA_OPTIONS: MetadataOptions = {
  ipfsGateway: 'https://ipfs.io',
  timeoutMs: 10_000,
  maxBytes: 512 * 1024,
  attempts: 3,
  backoffMs: 500,
};

export class MetadataError extends Error {
  constructor(
    message: string,
    /** False for errors a retry cannot fix (refused address, invalid JSON, too large...). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MetadataError';
  }
}

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and unspecified. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe8') ||
    v6.startsWith('fe9') ||
    v6.startsWith('fea') ||
    v6.startsWith('feb') ||
    v6.startsWith('ff')
  );
}

/** The http(s) URL to fetch for a token URI, or the JSON text of a data: URI. */
export function resolveTokenUri(
  uri: string,
  gateway: string,
): { url: string } | { inline: string } {
  const trimmed = uri.trim();
  if (trimmed.startsWith('data:')) {
    const comma = trimmed.indexOf(',');
    if (comma < 0) throw new MetadataError('invalid data: URI', false);
    const meta = trimmed.slice(5, comma);
    const body = trimmed.slice(comma + 1);
    return {
      inline: meta.endsWith(';base64')
        ? Buffer.from(body, 'base64').toString('utf8')
        : decodeURIComponent(body),
    };
  }
  if (trimmed.startsWith('ipfs://')) {
    const rest = trimmed.slice(7).replace(/^ipfs\//, '');
    return { url: `${gateway.replace(/\/+$/, '')}/ipfs/${rest}` };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new MetadataError(
      `unsupported token URI ${JSON.stringify(trimmed.slice(0, 100))}`,
      false,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new MetadataError(`unsupported token URI scheme ${url.protocol}`, false);
  }
  return { url: url.toString() };
}

/** The ERC1155 `{id}` substitution: lowercase hex, 64 characters, no 0x. */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/** One GET with the address check at connect time (so DNS cannot swap in a private address). */
function getOnce(url: URL, opts: MetadataOptions, trusted: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad && !trusted) {
          return callback(
            new MetadataError(`refused private address ${bad.address} for ${hostname}`, false),
            '',
            0,
          );
        }
        if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
        callback(null, list[0]!.address, list[0]!.family);
      });
    };
    if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
      if (isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
        reject(new MetadataError(`refused private address ${url.hostname}`, false));
        return;
      }
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup, headers: { accept: 'application/json, */*' }, timeout: opts.timeoutMs },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          reject(Object.assign(new Error('redirect'), { location: res.headers.location }));
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new MetadataError(`HTTP ${status}`, status >= 500 || status === 429));
          return;
        }
        const length = Number(res.headers['content-length'] ?? 0);
        if (length > opts.maxBytes) {
          res.destroy();
          reject(new MetadataError(`body larger than ${opts.maxBytes} bytes`, false));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new MetadataError(`body larger than ${opts.maxBytes} bytes`, false));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err) => reject(new MetadataError(err.message, true)));
      },
    );
    const onAbort = () => req.destroy(new MetadataError('aborted', false));
    opts.signal?.addEventListener('abort', onAbort);
    const deadline = setTimeout(() => {
      req.destroy(new MetadataError(`timed out after ${opts.timeoutMs} ms`, true));
    }, opts.timeoutMs);
    req.on('timeout', () =>
      req.destroy(new MetadataError(`timed out after ${opts.timeoutMs} ms`, true)),
    );
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err instanceof MetadataError ? err : new MetadataError(err.message, true));
    });
    req.on('close', () => {
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** GET with up to 3 redirects (each re-checked) and retries with back-off. */
export async function fetchText(rawUrl: string, opts: MetadataOptions): Promise<string> {
  const trustedOrigins = new Set(
    [opts.ipfsGateway, ...(opts.trustedOrigins ?? [])].map((o) => new URL(o).origin),
  );
  let lastError: MetadataError = new MetadataError('no attempt', false);
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    let url = new URL(rawUrl);
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new MetadataError(`unsupported scheme ${url.protocol}`, false);
        }
        try {
          return await getOnce(url, opts, trustedOrigins.has(url.origin));
        } catch (err) {
          const location = (err as { location?: string }).location;
          if (!location) throw err;
          if (hop >= 3) throw new MetadataError('too many redirects', false);
          url = new URL(location, url);
        }
      }
    } catch (err) {
      lastError =
        err instanceof MetadataError ? err : new MetadataError((err as Error).message, true);
      if (!lastError.retryable || attempt === opts.attempts || opts.signal?.aborted) break;
      await new Promise((r) => setTimeout(r, opts.backoffMs * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}

export interface ParsedMetadata {
  name: string | null;
  imageUrl: string | null;
  description: string | null;
  properties: { name: string; value: string }[];
}

const text = (v: unknown, max = 2_000) =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;

/** Name, image, description and properties of a metadata JSON document. */
export function parseMetadata(body: string): ParsedMetadata {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MetadataError('invalid JSON', false);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new MetadataError('metadata is not a JSON object', false);
  }
  const doc = json as Record<string, unknown>;
  const properties: { name: string; value: string }[] = [];
  if (Array.isArray(doc.attributes)) {
    for (const a of doc.attributes as Record<string, unknown>[]) {
      const name = text(a?.trait_type ?? a?.name, 100);
      const value = text(a?.value, 200);
      if (name !== null && value !== null) properties.push({ name, value });
    }
  } else if (doc.properties && typeof doc.properties === 'object') {
    for (const [k, v] of Object.entries(doc.properties as Record<string, unknown>)) {
      const value = text(v, 200);
      if (value !== null) properties.push({ name: k.slice(0, 100), value });
    }
  }
  const image = text(doc.image ?? doc.image_url, 2_048);
  return {
    name: text(doc.name, 256),
    // ipfs:// is stored as the path of the server's own gateway so that browsers can load it.
    imageUrl: image === null ? null : displayImageUrl(image),
    description: text(doc.description, 5_000),
    properties: properties.slice(0, 100),
  };
}

/** tokenURI (ERC721) or uri with {id} (ERC1155) of a token. */
export async function readTokenUri(
  chain: PublicClient,
  contract: `0x${string}`,
  contractType: string,
  tokenId: bigint,
): Promise<string> {
  try {
    if (contractType === CONTRACT_TYPE.erc1155) {
      const uri = await chain.readContract({
        address: contract,
        abi: gameItems1155Abi,
        functionName: 'uri',
        args: [tokenId],
      });
      return substituteId(uri, tokenId);
    }
    return await chain.readContract({
      address: contract,
      abi: gameItems721Abi,
      functionName: 'tokenURI',
      args: [tokenId],
    });
  } catch (err) {
    throw new MetadataError(
      `token URI call failed: ${(err as Error).message.split('\n')[0]}`,
      true,
    );
  }
}

/** Reads, fetches and parses a token's metadata. */
export async function loadMetadata(
  chain: PublicClient,
  contract: `0x${string}`,
  contractType: string,
  tokenId: bigint,
  opts: MetadataOptions,
): Promise<{ tokenUri: string } & ParsedMetadata> {
  const tokenUri = await readTokenUri(chain, contract, contractType, tokenId);
  const target = resolveTokenUri(tokenUri, opts.ipfsGateway);
  const body = 'inline' in target ? target.inline : await fetchText(target.url, opts);
  if (Buffer.byteLength(body) > opts.maxBytes) {
    throw new MetadataError(`body larger than ${opts.maxBytes} bytes`, false);
  }
  return { tokenUri, ...parseMetadata(body) };
}

/**
 * Fetches and stores one token's metadata. On failure the row keeps what it had (status
 * 'error', the reason, a later attempt time) and nothing is thrown: one bad token never stops
 * the others. Returns the stored status.
 */
export async function refreshTokenMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  token: { contractAddr: string; contractType: string; tokenId: string },
  opts: MetadataOptions,
): Promise<'ok' | 'error'> {
  const key = {
    chainId,
    contractAddr: token.contractAddr.toLowerCase(),
    tokenId: token.tokenId,
  };
  const now = new Date();
  try {
    const m = await loadMetadata(
      chain,
      token.contractAddr as `0x${string}`,
      token.contractType,
      BigInt(token.tokenId),
      opts,
    );
    const values = {
      tokenUri: m.tokenUri,
      name: m.name,
      imageUrl: m.imageUrl,
      description: m.description,
      properties: m.properties,
      status: 'ok',
      error: null,
      attempts: 0,
      nextAttemptAt: null,
      fetchedAt: now,
    };
    // The metadata, the token's attributes and its orders' name and image change together.
    await db.transaction(async (tx) => {
      await lockOrderItems(tx);
      await tx
        .insert(tokenMetadata)
        .values({ ...key, ...values })
        .onConflictDoUpdate({
          target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
          set: values,
        });
      await writeTokenAttributes(tx, chainId, key.contractAddr, key.tokenId, m.properties);
      await tx
        .update(orders)
        .set({ name: m.name, imageUrl: m.imageUrl })
        .where(
          and(
            eq(orders.chainId, chainId),
            eq(orders.contractAddr, key.contractAddr),
            eq(orders.tokenId, key.tokenId),
          ),
        );
    });
    return 'ok';
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    await db
      .insert(tokenMetadata)
      .values({
        ...key,
        status: 'error',
        error: message,
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() + 60_000),
        fetchedAt: now,
      })
      .onConflictDoUpdate({
        target: [tokenMetadata.chainId, tokenMetadata.contractAddr, tokenMetadata.tokenId],
        set: {
          status: sql`case when ${tokenMetadata.status} = 'ok' then 'ok' else 'error' end`,
          error: message,
          attempts: sql`${tokenMetadata.attempts} + 1`,
          // Back-off: 1 min, 2, 4, ... up to a day.
          nextAttemptAt: sql`now() + least(interval '1 day', interval '1 minute' * power(2, ${tokenMetadata.attempts}))`,
          fetchedAt: now,
        },
      });
    return 'error';
  }
}

/**
 * Tokens the indexer has seen without metadata (or whose retry time has come), at most
 * `limit`, for the background fetcher.
 */
export async function tokensToFetch(db: AppDb, chainId: number, limit: number) {
  const rows = await db.execute(sql`
    select t.contract_addr, t.token_id::text as token_id, c.contract_type
    from (select distinct contract_addr, token_id from nft_transfers where chain_id = ${chainId}) t
    join collections c on c.chain_id = ${chainId} and c.address = t.contract_addr
    left join token_metadata m
      on m.chain_id = ${chainId} and m.contract_addr = t.contract_addr and m.token_id = t.token_id
    where m.token_id is null or (m.status = 'error' and m.next_attempt_at <= now())
    limit ${limit}`);
  return (
    rows as unknown as {
      rows: { contract_addr: string; token_id: string; contract_type: string }[];
    }
  ).rows.map((r) => ({
    contractAddr: r.contract_addr,
    tokenId: r.token_id,
    contractType: r.contract_type,
  }));
}

/** Fetches metadata for up to `limit` tokens, `concurrency` at a time; returns how many. */
export async function fetchPendingMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  opts: MetadataOptions,
  limit = 50,
  concurrency = 4,
): Promise<number> {
  const queue = await tokensToFetch(db, chainId, limit);
  const total = queue.length;
  const worker = async () => {
    for (let t = queue.shift(); t && !opts.signal?.aborted; t = queue.shift()) {
      await refreshTokenMetadata(db, chain, chainId, t, opts);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}

/** A stored token's metadata row, or undefined. */
export async function storedMetadata(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
) {
  const rows = await db
    .select()
    .from(tokenMetadata)
    .where(
      and(
        eq(tokenMetadata.chainId, chainId),
        eq(tokenMetadata.contractAddr, contractAddr.toLowerCase()),
        eq(tokenMetadata.tokenId, tokenId),
      ),
    );
  return rows[0];
}

/**
 * The collection's type when the token is one the indexer has seen (a registered collection
 * with a transfer of that id), else null: refreshes on demand only touch real tokens.
 */
export async function knownToken(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
): Promise<{ contractType: string } | null> {
  const rows = await db.execute(sql`
    select c.contract_type from collections c
    where c.chain_id = ${chainId} and c.address = ${contractAddr.toLowerCase()}
      and exists (select 1 from nft_transfers t where t.chain_id = ${chainId}
        and t.contract_addr = c.address and t.token_id = ${tokenId}::numeric)`);
  const row = (rows as unknown as { rows: { contract_type: string }[] }).rows[0];
  return row ? { contractType: row.contract_type } : null;
}

/** Refreshes every token of a registered collection the indexer has seen; counts the results. */
export async function refreshCollectionMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  contractAddr: string,
  opts: MetadataOptions,
  concurrency = 4,
): Promise<{ ok: number; error: number }> {
  const contract = contractAddr.toLowerCase();
  const rows = await db.execute(sql`
    select distinct t.token_id::text as token_id, c.contract_type
    from nft_transfers t join collections c on c.chain_id = t.chain_id and c.address = t.contract_addr
    where t.chain_id = ${chainId} and t.contract_addr = ${contract}
    order by 1`);
  const queue = (rows as unknown as { rows: { token_id: string; contract_type: string }[] }).rows;
  const counts = { ok: 0, error: 0 };
  const worker = async () => {
    for (let t = queue.shift(); t && !opts.signal?.aborted; t = queue.shift()) {
      const status = await refreshTokenMetadata(
        db,
        chain,
        chainId,
        { contractAddr: contract, contractType: t.contract_type, tokenId: t.token_id },
        opts,
      );
      counts[status]++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}
