// The admin commands that act on the indexer's data: registering a collection to follow (and
// back-fill) and refreshing token metadata on demand.
import type { PublicClient } from 'viem';
import { ADDRESS_PATTERN, CONTRACT_TYPE, type ContractType } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import {
  CollectionRegistrationError,
  registerCollectionFromChain,
} from '../indexer/collections.js';
import { loadIndexerConfig } from '../indexer-config.js';
import {
  knownToken,
  refreshCollectionMetadata,
  refreshTokenMetadata,
  storedMetadata,
  type MetadataOptions,
} from '../metadata/index.js';
import { parseOptions } from './options.js';

export const INDEXER_USAGE = `  collection register <address> [--type ERC721|ERC1155] [--from-block N]
                                     follow a collection; back-filled from its deployment
                                     block (found on chain unless --from-block is given)
  metadata refresh <contract> [tokenId]
                                     fetch token metadata again (one token, or every token
                                     of the collection the indexer has seen)`;

/** A refused indexer command (printed as one line by the CLI). */
export class IndexerAdminError extends Error {}

export interface IndexerAdminDeps {
  db: AppDb;
  chainId: number;
  chain: PublicClient | null;
  /** Fetch settings; the INDEXER_* variables when not given. */
  metadata?: MetadataOptions;
}

const TOKEN_ID = /^\d{1,78}$/;

const parseArgs = (args: string[], allowed: string[]) =>
  parseOptions(args, allowed, (message) => new IndexerAdminError(message));

function needChain(chain: PublicClient | null): PublicClient {
  if (!chain) throw new IndexerAdminError('no chain client (RPC_URL)');
  return chain;
}

async function register(deps: IndexerAdminDeps, args: string[]) {
  const { positional, opts } = parseArgs(args, ['type', 'from-block']);
  const [address, extra] = positional;
  if (!address || !ADDRESS_PATTERN.test(address)) {
    throw new IndexerAdminError(`missing or invalid collection address: ${address ?? ''}`);
  }
  if (extra !== undefined) throw new IndexerAdminError(`unexpected argument ${extra}`);
  const type = opts.get('type');
  const types: string[] = [CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155];
  if (type !== undefined && !types.includes(type)) {
    throw new IndexerAdminError(`--type must be ERC721 or ERC1155 (got ${type})`);
  }
  const from = opts.get('from-block');
  if (from !== undefined && !/^\d{1,12}$/.test(from)) {
    throw new IndexerAdminError('--from-block must be a block number');
  }
  try {
    const { added, row } = await registerCollectionFromChain(
      deps.db,
      needChain(deps.chain),
      deps.chainId,
      {
        address,
        ...(type ? { contractType: type as ContractType } : {}),
        ...(from !== undefined ? { fromBlock: Number(from) } : {}),
      },
    );
    return JSON.stringify({ added, collection: row }, null, 2);
  } catch (err) {
    if (err instanceof CollectionRegistrationError) throw new IndexerAdminError(err.message);
    throw err;
  }
}

async function refresh(deps: IndexerAdminDeps, args: string[]) {
  const { positional } = parseArgs(args, []);
  const [contract, tokenId, extra] = positional;
  if (!contract || !ADDRESS_PATTERN.test(contract)) {
    throw new IndexerAdminError(`missing or invalid contract address: ${contract ?? ''}`);
  }
  if (tokenId !== undefined && !TOKEN_ID.test(tokenId)) {
    throw new IndexerAdminError(`invalid token id: ${tokenId}`);
  }
  if (extra !== undefined) throw new IndexerAdminError(`unexpected argument ${extra}`);
  const chain = needChain(deps.chain);
  const opts = deps.metadata ?? loadIndexerConfig().metadata;
  if (tokenId === undefined) {
    const counts = await refreshCollectionMetadata(deps.db, chain, deps.chainId, contract, opts);
    if (counts.ok + counts.error === 0) {
      throw new IndexerAdminError(`no indexed token of ${contract.toLowerCase()}`);
    }
    return JSON.stringify(counts);
  }
  const token = await knownToken(deps.db, deps.chainId, contract, tokenId);
  if (!token) {
    throw new IndexerAdminError(`token ${tokenId} of ${contract.toLowerCase()} is not indexed`);
  }
  await refreshTokenMetadata(
    deps.db,
    chain,
    deps.chainId,
    { contractAddr: contract, contractType: token.contractType, tokenId },
    opts,
  );
  return JSON.stringify(await storedMetadata(deps.db, deps.chainId, contract, tokenId), null, 2);
}

/** Runs `collection register ...` or `metadata refresh ...`; returns what to print. */
export async function runIndexerCommand(
  deps: IndexerAdminDeps,
  command: 'collection register' | 'metadata refresh',
  args: string[],
): Promise<string> {
  return command === 'collection register' ? register(deps, args) : refresh(deps, args);
}
