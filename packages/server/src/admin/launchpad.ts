// `launchpad save`: the project page, plus its swap source collection registered for indexing
// (the exchange modal lists a user's source NFTs from the indexer's holdings).
import { and, eq } from 'drizzle-orm';
import { zeroAddress, type Address, type PublicClient } from 'viem';
import { CONTRACT_TYPE } from '@aiamarket/shared';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import type { AppDb } from '../db/database.js';
import { collections } from '../db/schema-chain.js';
import {
  CollectionRegistrationError,
  registerCollectionFromChain,
} from '../indexer/collections.js';
import type { ProjectValues } from '../modules/launchpad/input.js';
import { saveProject, type ProjectRow } from '../modules/launchpad/queries.js';

/**
 * What happened to the sale's swap source: `added` false when it was followed already; `error`
 * when it could not be registered (the project is saved anyway; `collection register` can be
 * run by hand).
 */
export type SwapSourceResult =
  { address: string; added: boolean } | { address: string | null; error: string };

/**
 * Registers the swap source collection (fromNft) of a sale the way `collection register` does,
 * when the contract allows swaps and the indexer does not follow it yet. Null when the sale has
 * no swap.
 */
export async function registerSwapSource(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  project: Pick<ProjectRow, 'contractAddr' | 'contractType' | 'tokenId'>,
): Promise<SwapSourceResult | null> {
  let swap;
  try {
    swap = await readSwap(chain, project);
  } catch (err) {
    return {
      address: null,
      error: `cannot read the sale's swap from the chain: ${errorText(err)}`,
    };
  }
  if (!swap.swapFlag || swap.fromNft === zeroAddress) return null;
  const address = swap.fromNft.toLowerCase();
  const known = await db
    .select({ address: collections.address })
    .from(collections)
    .where(and(eq(collections.chainId, chainId), eq(collections.address, address)));
  if (known.length) return { address, added: false };
  try {
    const { added } = await registerCollectionFromChain(db, chain, chainId, { address });
    return { address, added };
  } catch (err) {
    const hint = `; run 'collection register ${address} --from-block <N>'`;
    const reason = err instanceof CollectionRegistrationError ? err.message : errorText(err);
    return { address, error: `${reason}${hint}` };
  }
}

/** The swap flag and source of a sale; throws when the chain cannot tell (unlike the pages' reader). */
async function readSwap(
  chain: PublicClient,
  project: Pick<ProjectRow, 'contractAddr' | 'contractType' | 'tokenId'>,
): Promise<{ swapFlag: boolean; fromNft: string }> {
  const address = project.contractAddr as Address;
  const [common, , swap] =
    project.contractType === CONTRACT_TYPE.erc1155
      ? await chain.readContract({
          address,
          abi: launchpad1155Abi,
          functionName: 'getConfig',
          args: [BigInt(project.tokenId)],
        })
      : await chain.readContract({ address, abi: launchpad721Abi, functionName: 'getConfig' });
  return { swapFlag: common.swapFlag, fromNft: swap.fromNft };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!;
}

/** Saves the project; with a chain, also registers its swap source (reported as `swapSource`). */
export async function saveLaunchpadProject(
  deps: { db: AppDb; chainId: number; chain: PublicClient | null },
  input: ProjectValues,
): Promise<ProjectRow & { swapSource?: SwapSourceResult | null }> {
  const row = await saveProject(deps.db, input);
  if (!deps.chain) return row;
  return { ...row, swapSource: await registerSwapSource(deps.db, deps.chain, deps.chainId, row) };
}
