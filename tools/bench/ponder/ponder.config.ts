// The bench's Ponder app: what to follow comes from PONDER_BENCH (JSON written by
// tools/bench/indexer-vs-ponder.ts), so one app serves any dataset the bench builds.
import { createConfig } from 'ponder';
import {
  gameItems1155Abi,
  gameItems721Abi,
  marketplaceAbi,
} from '../../../packages/shared/src/generated/abis';

interface BenchTarget {
  rpcUrl: string;
  chainId: number;
  fromBlock: number;
  toBlock: number;
  marketplace: `0x${string}`;
  erc721: `0x${string}`[];
  erc1155: `0x${string}`[];
  /** A PGlite directory, or a PostgreSQL URL. */
  pgliteDir?: string;
  postgresUrl?: string;
}

const target = JSON.parse(process.env.PONDER_BENCH ?? 'null') as BenchTarget | null;
if (!target) throw new Error('PONDER_BENCH is not set: run this app through npm run bench');

const range = { startBlock: target.fromBlock, endBlock: target.toBlock };

export default createConfig({
  database: target.postgresUrl
    ? { kind: 'postgres', connectionString: target.postgresUrl }
    : { kind: 'pglite', directory: target.pgliteDir },
  chains: { anvil: { id: target.chainId, rpc: target.rpcUrl } },
  contracts: {
    Marketplace: { chain: 'anvil', abi: marketplaceAbi, address: target.marketplace, ...range },
    Erc721: { chain: 'anvil', abi: gameItems721Abi, address: target.erc721, ...range },
    Erc1155: { chain: 'anvil', abi: gameItems1155Abi, address: target.erc1155, ...range },
  },
});
