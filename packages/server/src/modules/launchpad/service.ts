// The rules of the launchpad: the projects of a list or a detail (page data stored here, sale
// figures read from each launchpad contract), and what kind of NFT contract an address holds.
// Routes parse and answer only.
import type { Address } from 'viem';
import { ApiError, CONTRACT_TYPE, DEFAULT_COIN_DECIMALS, ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { paged } from '../../http/paging.js';
import { LaunchpadReader } from './chain.js';
import { findCollection, findProjects } from './queries.js';
import { projectRecord, type CoinMeta } from './view.js';

/** ERC-165 interface ids. */
const IERC721 = '0x80ac58cd';
const IERC1155 = '0xd9b67a26';
const probeAbi = [
  {
    type: 'function',
    name: 'supportsInterface',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'bytes4' }],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'name',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'string' }],
  },
] as const;

/** Which projects a page asks for: one by id, or a list filtered by contract, name and state. */
export interface ProjectQuery {
  id?: number;
  contractAddr?: string;
  name?: string;
  state?: number;
  page: number;
  size: number;
}

/** The launchpad of one server: its database, chain and the contracts' reader. */
export function launchpadService(ctx: ServerContext, reader: LaunchpadReader) {
  const db = ctx.database.db;

  /** A page of projects, each with its sale state read from its contract. */
  async function projects(query: ProjectQuery) {
    const { id, contractAddr, name, state, page, size } = query;
    const rows = await findProjects(db, { id, contractAddr, name });
    const sales = await reader.read(rows);
    const coinAddrs = new Set<string>();
    for (const sale of sales.values()) sale?.coins.forEach((c) => coinAddrs.add(c.coinAddr));
    const onChainMeta = new Map<string, { symbol: string; decimals: number }>();
    // Decimals always come from the coin contract (read once per coin and kept).
    await Promise.all(
      [...coinAddrs].map(async (a) => {
        onChainMeta.set(
          a,
          await reader.coin(a).catch(() => ({ symbol: '?', decimals: DEFAULT_COIN_DECIMALS })),
        );
      }),
    );
    const now = new Date();
    const all = rows.map((row) => {
      const meta = (a: string): CoinMeta => {
        const stored = row.coins.find((c) => c.address === a);
        const chain = onChainMeta.get(a);
        return {
          symbol: stored?.symbol ?? chain?.symbol ?? '?',
          decimals: chain?.decimals ?? DEFAULT_COIN_DECIMALS,
          iconUrl: stored?.iconUrl ?? null,
        };
      };
      return projectRecord(row, sales.get(LaunchpadReader.key(row)) ?? null, meta, now);
    });
    // The state depends on the chain's figures, so it filters after they are read.
    const matching = state === undefined ? all : all.filter((r) => r.state === state);
    const records = matching.slice((page - 1) * size, page * size);
    return paged(records, matching.length, page, size);
  }

  /** The standard and name of the NFT contract at `address`: the index's, else the chain's. */
  async function contractInfo(address: string) {
    const known = await findCollection(db, ctx.config.chainId, address);
    if (known && (known.contractType === 'ERC721' || known.contractType === 'ERC1155')) {
      return {
        contractType: known.contractType as 'ERC721' | 'ERC1155',
        name: known.name ?? '',
      };
    }
    const results = await ctx.chain.multicall({
      contracts: [
        {
          address: address as Address,
          abi: probeAbi,
          functionName: 'supportsInterface',
          args: [IERC721],
        },
        {
          address: address as Address,
          abi: probeAbi,
          functionName: 'supportsInterface',
          args: [IERC1155],
        },
        { address: address as Address, abi: probeAbi, functionName: 'name' },
      ],
      allowFailure: true,
      deployless: true,
    });
    const [is721, is1155, nameResult] = results;
    const contractType =
      is721?.status === 'success' && is721.result
        ? CONTRACT_TYPE.erc721
        : is1155?.status === 'success' && is1155.result
          ? CONTRACT_TYPE.erc1155
          : null;
    if (!contractType) throw new ApiError(ERRORS.notFound, `No NFT contract at ${address}`);
    const name = nameResult?.status === 'success' ? nameResult.result : '';
    return { contractType, name };
  }

  return { projects, contractInfo };
}
