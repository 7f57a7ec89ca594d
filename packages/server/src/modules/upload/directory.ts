// IPFS directories in the content-addressed store: NFT collections publish their metadata as one
// directory (token URI = ipfs://<directory>/<token id>), so the store must hold the directory node
// and the gateway must resolve a name inside it, as ipfs.io and Kubo do.
import path from 'node:path';
import { decode } from '@ipld/dag-pb';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import { ipfsPath } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { uploads } from '../../db/schema.js';
import { DiskStore } from './store.js';

/** The content type the uploads table records for a directory node (a dag-pb block). */
export const DIRECTORY_CONTENT_TYPE = 'application/vnd.ipld.dag-pb';

const NAME = /^[A-Za-z0-9._-]{1,255}$/;

export interface DirectoryEntry {
  name: string;
  bytes: Uint8Array;
}

export interface BuiltDirectory {
  /** The directory's CID (dag-pb). */
  cid: string;
  /** The directory node's bytes, stored under `cid`. */
  block: Uint8Array;
  /** Each file with its CID (the same CID computeCid gives for its bytes). */
  files: { name: string; cid: string; bytes: Uint8Array }[];
}

/**
 * Builds a flat UnixFS directory with the options of computeCid (CIDv1, raw leaves), so the
 * directory CID is what `ipfs add -r --cid-version=1 --raw-leaves` gives for the same files.
 * Names are plain file names; a directory too large for one node (sharded) is refused.
 */
export async function buildDirectory(entries: DirectoryEntry[]): Promise<BuiltDirectory> {
  if (entries.length === 0) throw new Error('a directory needs at least one file');
  const names = new Set<string>();
  for (const e of entries) {
    if (!NAME.test(e.name)) throw new Error(`invalid file name ${JSON.stringify(e.name)}`);
    if (names.has(e.name)) throw new Error(`duplicate file name ${e.name}`);
    names.add(e.name);
  }
  const blockstore = new MemoryBlockstore();
  const byPath = new Map<string, string>();
  let root: string | undefined;
  for await (const entry of importer(
    entries.map((e) => ({ path: e.name, content: e.bytes })),
    blockstore,
    { cidVersion: 1, rawLeaves: true, reduceSingleLeafToSelf: true, wrapWithDirectory: true },
  )) {
    if (!entry.path) root = entry.cid.toString();
    else byPath.set(entry.path, entry.cid.toString());
  }
  if (!root) throw new Error('importer produced no directory');
  let bytes: Uint8Array | undefined;
  // The memory blockstore keys blocks by multihash (it gives them back as raw CIDs).
  const rootHash = Buffer.from(CID.parse(root).multihash.bytes);
  for await (const pair of blockstore.getAll()) {
    if (rootHash.equals(pair.cid.multihash.bytes)) bytes = await collect(pair.bytes);
  }
  if (!bytes) throw new Error('the directory node is missing');
  if (decode(bytes).Links.length !== entries.length) {
    throw new Error(`a directory of ${entries.length} files does not fit in one node`);
  }
  return {
    cid: root,
    block: bytes,
    files: entries.map((e) => ({ name: e.name, cid: byPath.get(e.name)!, bytes: e.bytes })),
  };
}

async function collect(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

/**
 * The CID at `names` below directory `cid` in the store, or null when the directory or a name
 * is missing (or `cid` is not a directory node).
 */
export async function resolveDirectoryPath(
  store: Pick<DiskStore, 'get'>,
  cid: string,
  names: string[],
): Promise<string | null> {
  let current = cid;
  for (const name of names) {
    if (CID.parse(current).code !== 0x70) return null;
    const block = await store.get(current);
    if (!block) return null;
    let links;
    try {
      links = decode(block).Links;
    } catch {
      return null;
    }
    const link = links.find((l) => l.Name === name);
    if (!link) return null;
    current = link.Hash.toV1().toString();
  }
  return current;
}

/**
 * Stores a directory of files of one content type (e.g. token metadata JSON) in DATA_DIR/ipfs
 * with an uploads row for the directory and each file; returns the directory's `/ipfs/{cid}`
 * and each file's CID by name.
 */
export async function storeDirectory(
  db: AppDb,
  dataDir: string,
  entries: DirectoryEntry[],
  contentType: string,
  uploadedBy = 'admin',
): Promise<{ url: string; cid: string; files: Map<string, string> }> {
  const dir = await buildDirectory(entries);
  const store = new DiskStore(path.join(dataDir, 'ipfs'));
  const by = uploadedBy.slice(0, 42);
  const rows = [
    { cid: dir.cid, contentType: DIRECTORY_CONTENT_TYPE, size: dir.block.length },
    ...dir.files.map((f) => ({ cid: f.cid, contentType, size: f.bytes.length })),
  ];
  await store.put(dir.cid, dir.block);
  for (const f of dir.files) await store.put(f.cid, f.bytes);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(uploads)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, purpose: 'default', uploadedBy: by })))
      .onConflictDoNothing();
  }
  return {
    url: ipfsPath(dir.cid),
    cid: dir.cid,
    files: new Map(dir.files.map((f) => [f.name, f.cid])),
  };
}
