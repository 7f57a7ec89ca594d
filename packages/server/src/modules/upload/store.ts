import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { importer } from 'ipfs-unixfs-importer';
import { BlackHoleBlockstore } from 'blockstore-core/black-hole';
import { CID } from 'multiformats/cid';

/**
 * Content-addressed storage: a file's name is its IPFS CID (CIDv1, raw leaves, 256 KiB chunks,
 * balanced DAG: what `ipfs add --cid-version=1 --raw-leaves` gives), so the local store and a
 * Kubo node agree on every address.
 */
export async function computeCid(bytes: Uint8Array): Promise<string> {
  let root: CID | undefined;
  for await (const entry of importer([{ content: bytes }], new BlackHoleBlockstore(), {
    cidVersion: 1,
    rawLeaves: true,
    reduceSingleLeafToSelf: true,
  })) {
    root = entry.cid;
  }
  if (!root) throw new Error('importer produced no CID');
  return root.toString();
}

/** The canonical form of a CID string, or null when it is not a CID. */
export function parseCid(value: string): string | null {
  if (value.length > 128 || !/^[A-Za-z0-9]+$/.test(value)) return null;
  try {
    return CID.parse(value).toV1().toString();
  } catch {
    return null;
  }
}

export class DiskStore {
  constructor(readonly dir: string) {}

  /** The file of a CID; the CID is validated first, so it can never name another path. */
  private fileOf(cid: string): string {
    if (!/^[a-z0-9]+$/.test(cid)) throw new Error('invalid cid');
    return path.join(this.dir, cid);
  }

  async put(cid: string, bytes: Uint8Array): Promise<void> {
    const target = this.fileOf(cid);
    await fs.mkdir(this.dir, { recursive: true });
    try {
      await fs.access(target);
      return; // same CID, same bytes
    } catch {
      // not stored yet
    }
    const tmp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target);
  }

  async get(cid: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.fileOf(cid));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}

/** A Kubo node's HTTP RPC API (IPFS_API_URL). */
export class KuboClient {
  constructor(
    readonly apiUrl: string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** Adds and pins a file; returns the CID the node computed. */
  async add(bytes: Uint8Array): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'file');
    const res = await fetch(
      `${this.apiUrl}/api/v0/add?cid-version=1&raw-leaves=true&pin=true&quieter=true`,
      { method: 'POST', body: form, signal: AbortSignal.timeout(this.timeoutMs) },
    );
    if (!res.ok) throw new Error(`kubo add answered HTTP ${res.status}`);
    const lines = (await res.text()).trim().split('\n');
    const last = JSON.parse(lines[lines.length - 1] ?? '{}') as { Hash?: unknown };
    if (typeof last.Hash !== 'string') throw new Error('kubo add answered no Hash');
    return last.Hash;
  }

  /** The bytes of a CID, or null when the node does not have them (bounded by maxBytes). */
  async cat(cid: string, maxBytes: number): Promise<Buffer | null> {
    const res = await fetch(
      `${this.apiUrl}/api/v0/cat?arg=${encodeURIComponent(cid)}&length=${maxBytes + 1}`,
      { method: 'POST', signal: AbortSignal.timeout(this.timeoutMs) },
    );
    if (!res.ok) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > maxBytes ? null : bytes;
  }
}
