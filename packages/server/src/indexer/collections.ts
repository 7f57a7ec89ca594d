import { and, eq } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import {
  ADDRESS_PATTERN,
  CONTRACT_TYPE,
  type ContractType,
  type Deployment,
} from '@aiamarket/shared';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import type { AppDb } from '../db/database.js';
import { collections } from '../db/schema-chain.js';
import { syncProfileRoyalty } from './derive/royalty.js';
import { readCursor } from './sync/store.js';

export type CollectionSource = 'deployment' | 'launchpad' | 'admin';

/** The NFT contracts of a deployment, by the names `deployContracts` records. */
const DEPLOYED_COLLECTIONS: Record<string, { type: ContractType; source: CollectionSource }> = {
  GameItems721: { type: CONTRACT_TYPE.erc721, source: 'deployment' },
  GameItems1155: { type: CONTRACT_TYPE.erc1155, source: 'deployment' },
  Launchpad721: { type: CONTRACT_TYPE.erc721, source: 'launchpad' },
  Launchpad1155: { type: CONTRACT_TYPE.erc1155, source: 'launchpad' },
};

/** Deployment names that are launchpads (their Minted / Swapped events are followed). */
export function launchpadNames(deployment: Deployment): string[] {
  return Object.keys(deployment.contracts).filter((n) => /^Launchpad(721|1155)$/.test(n));
}

const ERC721_INTERFACE = '0x80ac58cd';
const ERC1155_INTERFACE = '0xd9b67a26';

/** Reads name and symbol; null for what the contract does not answer. */
async function readNames(chain: PublicClient, address: `0x${string}`) {
  const read = (functionName: 'name' | 'symbol') =>
    chain.readContract({ address, abi: gameItems721Abi, functionName }).catch(() => null);
  const [name, symbol] = await Promise.all([read('name'), read('symbol')]);
  return { name, symbol };
}

/** ERC721 or ERC1155 by ERC-165; null when the contract claims neither. */
export async function detectContractType(
  chain: PublicClient,
  address: `0x${string}`,
): Promise<ContractType | null> {
  const supports = (id: `0x${string}`) =>
    chain
      .readContract({
        address,
        abi: gameItems721Abi,
        functionName: 'supportsInterface',
        args: [id],
      })
      .catch(() => false);
  if (await supports(ERC721_INTERFACE)) return CONTRACT_TYPE.erc721;
  if (await supports(ERC1155_INTERFACE)) return CONTRACT_TYPE.erc1155;
  return null;
}

export interface NewCollection {
  address: string;
  contractType: ContractType;
  deploymentBlock: number;
  source: CollectionSource;
  name?: string | null;
  symbol?: string | null;
}

/**
 * Adds a collection to the registry (nothing when it is already there). One deployed at or
 * below the cursor is back-filled from its deployment block by the running indexer.
 * Returns true when it was added.
 */
export async function registerCollection(
  db: AppDb,
  chainId: number,
  c: NewCollection,
): Promise<boolean> {
  const cursor = await readCursor(db, chainId);
  const syncedBlock =
    cursor && c.deploymentBlock <= cursor.number ? Math.max(c.deploymentBlock - 1, -1) : null;
  const added = await db
    .insert(collections)
    .values({
      chainId,
      address: c.address.toLowerCase(),
      contractType: c.contractType,
      name: c.name ?? null,
      symbol: c.symbol ?? null,
      deploymentBlock: c.deploymentBlock,
      source: c.source,
      syncedBlock,
    })
    .onConflictDoNothing()
    .returning({ address: collections.address });
  if (added.length !== 1) return false;
  // The market's events of a collection are kept whether it is registered or not: its royalty
  // (the market's rate, the ERC-2981 read of its latest listing) follows them from now on.
  await syncProfileRoyalty(db, chainId, [added[0]!.address]);
  return true;
}

/** Registers the NFT contracts of the deployment file (idempotent). */
export async function seedCollections(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  deployment: Deployment,
): Promise<void> {
  for (const [name, entry] of Object.entries(deployment.contracts)) {
    const kind = DEPLOYED_COLLECTIONS[name];
    if (!kind) continue;
    const address = entry.address.toLowerCase();
    const existing = await db
      .select({ address: collections.address })
      .from(collections)
      .where(and(eq(collections.chainId, chainId), eq(collections.address, address)));
    if (existing.length > 0) continue;
    const names = await readNames(chain, entry.address as `0x${string}`);
    await registerCollection(db, chainId, {
      address,
      contractType: kind.type,
      deploymentBlock: entry.blockNumber,
      source: kind.source,
      ...names,
    });
  }
}

/** A contract that cannot be registered (printed as one line by the CLI). */
export class CollectionRegistrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectionRegistrationError';
  }
}

/**
 * The block a contract was deployed in: the lowest block at which it has code (binary search;
 * needs the node's historical state, otherwise give the block yourself).
 */
export async function findDeploymentBlock(
  chain: PublicClient,
  address: `0x${string}`,
): Promise<number> {
  const hasCode = async (block: number) => {
    const code = await chain.getCode({ address, blockNumber: BigInt(block) });
    return code !== undefined && code !== '0x';
  };
  let high = Number(await chain.getBlockNumber({ cacheTime: 0 }));
  if (!(await hasCode(high))) throw new CollectionRegistrationError(`no contract at ${address}`);
  let low = 0;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (await hasCode(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

export interface CollectionToRegister {
  address: string;
  /** Read by ERC-165 when not given. */
  contractType?: ContractType;
  /** Where the back-fill starts; the deployment block (found on chain) when not given. */
  fromBlock?: number;
  source?: CollectionSource;
}

/**
 * Registers a collection with what the chain says (type by ERC-165, name, symbol, deployment
 * block); the running indexer back-fills it. For the admin CLI and the collection pages.
 */
export async function registerCollectionFromChain(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  c: CollectionToRegister,
): Promise<{ added: boolean; row: typeof collections.$inferSelect }> {
  if (!ADDRESS_PATTERN.test(c.address)) {
    throw new CollectionRegistrationError(`not an address: ${JSON.stringify(c.address)}`);
  }
  const address = c.address.toLowerCase() as `0x${string}`;
  const deploymentBlock = c.fromBlock ?? (await findDeploymentBlock(chain, address));
  const contractType = c.contractType ?? (await detectContractType(chain, address));
  if (!contractType) {
    throw new CollectionRegistrationError(
      `${address} says neither ERC721 nor ERC1155 (ERC-165); give the type`,
    );
  }
  const names = await readNames(chain, address);
  const added = await registerCollection(db, chainId, {
    address,
    contractType,
    deploymentBlock,
    source: c.source ?? 'admin',
    ...names,
  });
  const rows = await db
    .select()
    .from(collections)
    .where(and(eq(collections.chainId, chainId), eq(collections.address, address)));
  return { added, row: rows[0]! };
}
