// Trait sets stored once and shared (schema-offers.ts traitSets): a set is found by the digest of
// its token ids (no hashing of its tree), its Merkle tree is built once, in slices that give the
// event loop back every few milliseconds, and kept (every level), so a proof is a read of a
// dozen stored nodes.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { hashPair, OFFER_KIND, traitLeaf } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { offers, traitSetTokens, traitSets } from '../../db/schema.js';
import { ofContract } from '../../db/keys.js';

/** The longest stretch of hashing before the event loop gets a turn. */
const SLICE_MS = 8;
/** Rows per statement when a set's tokens are read or written (PGlite runs on this thread). */
const ROWS_PER_STATEMENT = 500;
/** An unused set stays this long (a trait offer is usually signed soon after offer/traitSet). */
export const UNUSED_SET_TTL_MS = 24 * 3_600_000;
const TOUCH_EVERY_MS = 3_600_000;

/**
 * The next turn of the event loop: PGlite answers through promises alone, so a run of its
 * statements would otherwise never let another request in.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits for the next turn of the event loop once the current slice has run SLICE_MS. */
function slicer() {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

/** The number of nodes of each level of a tree over `leaves` leaves (leaves first). */
export function levelSizes(leaves: number): number[] {
  const sizes = [leaves];
  while (sizes.at(-1)! > 1) sizes.push(Math.ceil(sizes.at(-1)! / 2));
  return sizes;
}

/**
 * Every level of the tree of ascending token ids, 32 bytes a node, leaves first: the tree of
 * shared sortedMerkleTree/traitTree (same pairing, same root), built in slices.
 */
export async function buildTraitNodes(tokenIds: readonly string[]): Promise<Uint8Array> {
  const sizes = levelSizes(tokenIds.length);
  const nodes = new Uint8Array(sizes.reduce((a, b) => a + b, 0) * 32);
  const pause = slicer();
  let level: Hex[] = [];
  for (const id of tokenIds) {
    level.push(traitLeaf(BigInt(id)));
    await pause();
  }
  let offset = 0;
  for (;;) {
    for (const [i, node] of level.entries()) {
      nodes.set(hexToBytes(node), offset + i * 32);
      await pause();
    }
    offset += level.length * 32;
    if (level.length === 1) return nodes;
    const next: Hex[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? hashPair(level[i]!, level[i + 1]!) : level[i]!);
      await pause();
    }
    level = next;
  }
}

/** The root (last node) of stored levels. */
export const rootOf = (nodes: Uint8Array): Hex => bytesToHex(nodes.subarray(nodes.length - 32));

/** sha256 of the ascending token ids joined by ',' (migration 0025 computes the same in SQL). */
export function digestOf(tokenIds: readonly string[]): string {
  return createHash('sha256').update(tokenIds.join(',')).digest('hex');
}

export interface StoredTraitSet {
  id: number;
  root: Hex;
  tokenCount: number;
}

const asStored = (r: { id: number; root: string; tokenCount: number }): StoredTraitSet => ({
  id: r.id,
  root: `0x${BigInt(r.root).toString(16).padStart(64, '0')}`,
  tokenCount: r.tokenCount,
});

const setColumns = { id: traitSets.id, root: traitSets.root, tokenCount: traitSets.tokenCount };

/** Builds of a set under way in this process, so concurrent callers hash it once. */
const building = new Map<string, Promise<StoredTraitSet>>();

/**
 * The stored set of these ascending token ids of a collection, storing it (tokens and tree)
 * when it is new. A set another replica stores at the same time is taken as stored.
 */
export async function ensureTraitSet(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenIds: readonly string[],
): Promise<StoredTraitSet> {
  const digest = digestOf(tokenIds);
  const find = async () => {
    const [row] = await db
      .select({ ...setColumns, usedAt: traitSets.usedAt })
      .from(traitSets)
      .where(and(ofContract(traitSets, chainId, contractAddr), eq(traitSets.digest, digest)));
    if (!row) return undefined;
    // Marked as asked for (at most once an hour), so pruning leaves a set about to be named.
    if (Date.now() - row.usedAt.getTime() > TOUCH_EVERY_MS) {
      await db.update(traitSets).set({ usedAt: new Date() }).where(eq(traitSets.id, row.id));
    }
    return asStored(row);
  };
  const stored = await find();
  if (stored) return stored;
  const key = `${chainId}:${contractAddr}:${digest}`;
  let pending = building.get(key);
  if (!pending) {
    pending = (async () => {
      const nodes = await buildTraitNodes(tokenIds);
      const root = hexToBigIntText(rootOf(nodes));
      await db.transaction(async (tx) => {
        // The levels (32 bytes a node, 640 KB for 10,000 tokens) in one statement, as a hex text
        // the database decodes: appending them in pieces rewrote the whole value each time
        // (2.5 times the WAL, and on PGlite, which runs on this thread, the longest statements).
        const [row] = await tx
          .insert(traitSets)
          .values({
            chainId,
            contractAddr,
            root,
            digest,
            tokenCount: tokenIds.length,
            nodes: sql`decode(${Buffer.from(nodes).toString('hex')}, 'hex')`,
          })
          .onConflictDoNothing()
          .returning({ id: traitSets.id });
        if (!row) return;
        await nextTurn();
        for (let i = 0; i < tokenIds.length; i += ROWS_PER_STATEMENT) {
          // One array parameter per statement, numbered by the database: building and sending
          // 3,000 parameters a statement held the event loop over 50 ms on PostgreSQL.
          const ids = `{${tokenIds.slice(i, i + ROWS_PER_STATEMENT).join(',')}}`;
          await tx.execute(sql`insert into ${traitSetTokens}
            (${sql.identifier(traitSetTokens.setId.name)}, ${sql.identifier(traitSetTokens.tokenId.name)},
              ${sql.identifier(traitSetTokens.leaf.name)})
            select ${row.id}, t.id, ${i - 1} + t.n
            from unnest(${ids}::numeric[]) with ordinality as t(id, n)`);
          await nextTurn();
        }
      });
      await pruneTraitSets(db, chainId);
      return (await find())!;
    })().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

const hexToBigIntText = (hex: Hex) => BigInt(hex).toString();

/** The stored set a trait offer names (its collection and root), if any. */
export async function traitSetOfOffer(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  identifier: string,
) {
  const [row] = await db
    .select({ ...setColumns, built: sql<boolean>`${traitSets.nodes} is not null` })
    .from(traitSets)
    .where(and(ofContract(traitSets, chainId, contractAddr), eq(traitSets.root, identifier)));
  return row;
}

/** The ascending token ids of a stored set, read a page at a time. */
export async function setTokenIds(db: AppDb, setId: number): Promise<string[]> {
  const out: string[] = [];
  for (;;) {
    const rows = await db
      .select({ tokenId: traitSetTokens.tokenId })
      .from(traitSetTokens)
      .where(
        and(
          eq(traitSetTokens.setId, setId),
          gt(traitSetTokens.leaf, out.length - 1),
          lt(traitSetTokens.leaf, out.length + ROWS_PER_STATEMENT),
        ),
      )
      .orderBy(traitSetTokens.leaf);
    out.push(...rows.map((r) => r.tokenId));
    if (rows.length < ROWS_PER_STATEMENT) return out;
    await nextTurn();
  }
}

/** Builds and stores the levels of a set stored without them (moved by migration 0025). */
const completing = new Map<number, Promise<void>>();
async function completeNodes(db: AppDb, setId: number) {
  let pending = completing.get(setId);
  if (!pending) {
    pending = (async () => {
      const nodes = await buildTraitNodes(await setTokenIds(db, setId));
      await db.update(traitSets).set({ nodes }).where(eq(traitSets.id, setId));
    })().finally(() => completing.delete(setId));
    completing.set(setId, pending);
  }
  await pending;
}

/**
 * The Merkle proof of `tokenId` in a stored set, read from its stored levels (built first if
 * the set has none); null when the token is not in the set.
 */
export async function storedProof(
  db: AppDb,
  set: { id: number; tokenCount: number; built: boolean },
  tokenId: string,
): Promise<Hex[] | null> {
  const [token] = await db
    .select({ leaf: traitSetTokens.leaf })
    .from(traitSetTokens)
    .where(and(eq(traitSetTokens.setId, set.id), eq(traitSetTokens.tokenId, tokenId)));
  if (!token) return null;
  if (!set.built) await completeNodes(db, set.id);
  // The sibling of the node on the path at each level but the root (none for a lone last node).
  const offsets: number[] = [];
  let index = token.leaf;
  let levelStart = 0;
  for (const size of levelSizes(set.tokenCount).slice(0, -1)) {
    const sibling = index ^ 1;
    if (sibling < size) offsets.push(levelStart + sibling * 32);
    levelStart += size * 32;
    index >>= 1;
  }
  if (!offsets.length) return [];
  // One statement reads the siblings; with nodes stored uncompressed (STORAGE EXTERNAL) each
  // substring reads only its own bytes.
  const [row] = await db
    .select({
      siblings: sql<string[]>`array[${sql.join(
        offsets.map((o) => sql`encode(substring(${traitSets.nodes} from ${o + 1} for 32), 'hex')`),
        sql`, `,
      )}]`,
    })
    .from(traitSets)
    .where(eq(traitSets.id, set.id));
  return row!.siblings.map((h) => `0x${h}` as Hex);
}

/**
 * Deletes the sets no offer names that nobody asked for in UNUSED_SET_TTL_MS (a set is only
 * created from a collection's current attributes, and one is kept a day after offer/traitSet
 * so the offer signed from it finds it): storage stays bounded by the sets offers use. Called
 * when a set is created; deletes a few sets a call, their tokens in pages, so no statement
 * runs long.
 */
export async function pruneTraitSets(db: AppDb, chainId: number, now = new Date()) {
  const before = new Date(now.getTime() - UNUSED_SET_TTL_MS);
  const stale = await db
    .select({ id: traitSets.id, tokenCount: traitSets.tokenCount })
    .from(traitSets)
    .where(
      and(
        eq(traitSets.chainId, chainId),
        lt(traitSets.usedAt, before),
        sql`not exists (select 1 from ${offers}
          where ${offers.chainId} = ${traitSets.chainId}
            and ${offers.contractAddr} = ${traitSets.contractAddr}
            and ${offers.kind} = ${OFFER_KIND.trait}
            and ${offers.identifier} = ${traitSets.root})`,
      ),
    )
    .limit(4);
  for (const { id, tokenCount } of stale) {
    for (let from = 0; from < tokenCount; from += ROWS_PER_STATEMENT) {
      await db
        .delete(traitSetTokens)
        .where(
          and(eq(traitSetTokens.setId, id), lt(traitSetTokens.leaf, from + ROWS_PER_STATEMENT)),
        );
      await nextTurn();
    }
    await db.delete(traitSets).where(eq(traitSets.id, id));
  }
  return stale.length;
}
