import { and, eq } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { z } from 'zod';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import type { AppDb } from '../db/database.js';
import { collectionProfiles, type CollectionProfileRow } from '../db/schema-market.js';
import { detectContractType, registerCollection } from '../indexer/collections.js';
import {
  collectionAddInput,
  collectionSaveInput,
  type CollectionSaveInput,
} from '../modules/collection/input.js';
import {
  ensureCollectionProfile,
  LinkTakenError,
  readContractOwner,
  syncCollectionProfiles,
} from '../modules/collection/profiles.js';
import {
  isLinkTaken,
  updateProfileRow,
  type ProfileChanges,
} from '../modules/collection/queries.js';

/** What the collection commands need: the database, and the chain to read contracts from. */
export interface CollectionAdminDeps {
  db: AppDb;
  chainId: number;
  chain: PublicClient | null;
}

/** A refused collection command (printed as one line by the CLI). */
export class CollectionAdminError extends Error {}

/** Validates like the API; the first issue becomes the one-line error. */
function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'input';
    throw new CollectionAdminError(`invalid input: ${where}: ${issue.message}`);
  }
  return result.data;
}

function changesOf(input: Omit<CollectionSaveInput, 'id' | 'address'>): ProfileChanges {
  const changes: ProfileChanges = {};
  const keys = [
    'name',
    'linkCollection',
    'description',
    'headUrl',
    'coverUrl',
    'backgroundUrl',
    'linkSkypegmwcn',
    'linkTwitter',
    'linkDiscord',
    'linkInstagram',
    'linkMedium',
    'featuredRank',
  ] as const;
  for (const key of keys) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }
  if (input.ownerAddr !== undefined) changes.ownerAddr = input.ownerAddr?.toLowerCase() ?? null;
  return changes;
}

/**
 * Edits the page of a collection (found by id or contract address); only the fields given
 * change. The link must stay unique in any letter case.
 */
export async function saveCollectionProfile(
  deps: Pick<CollectionAdminDeps, 'db' | 'chainId'>,
  raw: z.input<typeof collectionSaveInput>,
): Promise<CollectionProfileRow> {
  const input = validate(collectionSaveInput, raw);
  const { db, chainId } = deps;
  const p = collectionProfiles;
  const found = await db
    .select()
    .from(p)
    .where(
      and(
        eq(p.chainId, chainId),
        input.id !== undefined ? eq(p.id, input.id) : undefined,
        input.address !== undefined ? eq(p.contractAddr, input.address.toLowerCase()) : undefined,
      ),
    );
  const profile = found[0];
  if (!profile) {
    throw new CollectionAdminError(`no collection page for ${input.id ?? input.address}`);
  }
  if (input.linkCollection && (await isLinkTaken(db, input.linkCollection, profile.id))) {
    throw new CollectionAdminError(`the link '${input.linkCollection}' is already used`);
  }
  const changes = changesOf(input);
  if (Object.keys(changes).length === 0) return profile;
  return (await updateProfileRow(db, profile.id, changes))!;
}

/**
 * `collection add`: registers the contract for indexing (the indexer's registerCollection; a
 * contract deployed in the past is back-filled) and creates its page. Contract type, name and
 * owner are read from the chain when not given. Adding a collection that exists already applies
 * the given page fields to it.
 */
export async function addCollection(
  deps: CollectionAdminDeps,
  raw: z.input<typeof collectionAddInput>,
): Promise<CollectionProfileRow> {
  const input = validate(collectionAddInput, raw);
  const { db, chainId, chain } = deps;
  const address = input.address.toLowerCase();
  const type =
    input.contractType ?? (chain ? await detectContractType(chain, address as Address) : null);
  if (!type) {
    throw new CollectionAdminError(
      `${address} is neither ERC721 nor ERC1155 (or the chain is unreachable): give contractType`,
    );
  }
  const chainName =
    input.name ??
    (chain
      ? await chain
          .readContract({ address: address as Address, abi: gameItems721Abi, functionName: 'name' })
          .catch(() => null)
      : null);
  const owner =
    input.ownerAddr !== undefined
      ? (input.ownerAddr?.toLowerCase() ?? null)
      : chain
        ? await readContractOwner(chain, address)
        : null;
  if (input.linkCollection && (await isLinkTaken(db, input.linkCollection))) {
    const mine = await db
      .select({ id: collectionProfiles.id })
      .from(collectionProfiles)
      .where(
        and(eq(collectionProfiles.chainId, chainId), eq(collectionProfiles.contractAddr, address)),
      );
    if (!mine[0] || (await isLinkTaken(db, input.linkCollection, mine[0].id))) {
      throw new CollectionAdminError(`the link '${input.linkCollection}' is already used`);
    }
  }
  await registerCollection(db, chainId, {
    address,
    contractType: type,
    deploymentBlock: input.deploymentBlock ?? 0,
    source: 'admin',
    name: chainName,
  });
  try {
    const { profile, created } = await ensureCollectionProfile(db, {
      chainId,
      contractAddr: address,
      name: chainName?.trim() || `Collection ${address.slice(0, 10)}`,
      linkCollection: input.linkCollection,
      description: input.description,
      headUrl: input.headUrl,
      coverUrl: input.coverUrl,
      backgroundUrl: input.backgroundUrl,
      linkSkypegmwcn: input.linkSkypegmwcn,
      linkTwitter: input.linkTwitter,
      linkDiscord: input.linkDiscord,
      linkInstagram: input.linkInstagram,
      linkMedium: input.linkMedium,
      ownerAddr: owner,
      createAddr: owner,
      featuredRank: input.featuredRank,
    });
    if (created) return profile;
    const { address: _address, contractType: _type, deploymentBlock: _block, ...page } = input;
    return saveCollectionProfile(deps, { id: profile.id, ...page });
  } catch (err) {
    if (err instanceof LinkTakenError) throw new CollectionAdminError(err.message);
    throw err;
  }
}

/** `collection sync`: pages for every registered collection that has none. */
export async function syncProfiles(deps: CollectionAdminDeps): Promise<CollectionProfileRow[]> {
  return syncCollectionProfiles(deps.db, deps.chainId, deps.chain);
}

export const COLLECTION_USAGE = `  collection add <file.json | json>  register a collection for indexing and create its page
                                     {address, contractType?, deploymentBlock?, name?,
                                     linkCollection?, description?, headUrl?, coverUrl?,
                                     backgroundUrl?, link*?, ownerAddr?, featuredRank?}
  collection save <file.json | json> edit a collection page ({id | address, ...fields})
  collection sync                    create the pages of registered collections without one`;

/** Runs `collection <action> ...`; returns the saved rows as JSON. */
export async function runCollectionCommand(
  deps: CollectionAdminDeps,
  action: string | undefined,
  input: () => unknown,
): Promise<string> {
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  switch (action) {
    case 'add':
      return json(await addCollection(deps, input() as z.input<typeof collectionAddInput>));
    case 'save':
      return json(
        await saveCollectionProfile(deps, input() as z.input<typeof collectionSaveInput>),
      );
    case 'sync':
      return json(await syncProfiles(deps));
    default:
      throw new CollectionAdminError(`unknown command 'collection ${action ?? ''}'`);
  }
}
