import { erc1155Abi, erc721Abi, parseUnits, type Abi, type Address } from 'viem';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import { DEFAULT_COIN_DECIMALS } from '@aiamarket/shared';
import {
  ensureAllowance,
  ensureApprovalForAll,
  hashOf,
  isNativeCoin,
  publicClient,
  sendContractCall,
  type ConnectedWallet,
  type TxHashHandler,
  type TxResult,
} from '../../lib/chain';
import type { LaunchpadProject, MintCoin } from './types';

// Chain reads and writes of the launchpad (loaded with the detail page only). Reads go straight
// to the deployment's RPC; writes through the signed-in wallet (the shared ../../lib/chain).

const is1155 = (p: Pick<LaunchpadProject, 'contractType'>) => Number(p.contractType) === 1155;
const abiOf = (p: LaunchpadProject): Abi => (is1155(p) ? launchpad1155Abi : launchpad721Abi);
/** The 1155 functions take the sale's token id first. */
const withToken = (p: LaunchpadProject, ...args: unknown[]): unknown[] =>
  is1155(p) ? [BigInt(p.tokenId || 0), ...args] : args;

async function read<T>(p: LaunchpadProject, functionName: string, ...args: unknown[]) {
  const c = await publicClient();
  return (await c.readContract({
    address: p.contractAddr as Address,
    abi: abiOf(p),
    functionName,
    args: withToken(p, ...args),
  })) as T;
}

/** getState: the minted total and the collection size. */
export async function readSupply(p: LaunchpadProject) {
  const [, totalSupply, collectionSize] = await read<[number, bigint, bigint]>(p, 'getState');
  return { totalSupply: Number(totalSupply), collectionSize: Number(collectionSize) };
}

/** numberMinted: what `user` minted and may still mint. */
export async function readUserMinted(p: LaunchpadProject, user: string) {
  const [minted, remaining] = await read<[bigint, bigint]>(p, 'numberMinted', user);
  return { minted: Number(minted), remaining: Number(remaining) };
}

/** amountMinted: tokens minted so far with `coin`. */
export async function readCoinMinted(p: LaunchpadProject, coin: string) {
  return Number(await read<bigint>(p, 'amountMinted', coin));
}

/** getConfig: the coin caps (coinMaxAmount per coin address, lowercased) and the base limits. */
export async function readSaleConfig(p: LaunchpadProject): Promise<{
  coinCaps: Map<string, number>;
  maxBatchSize: number;
  maxUserSize: number;
}> {
  const [, base, , coins] = await read<
    [
      unknown,
      { maxBatchSize: number | bigint; maxUserSize: number | bigint },
      unknown,
      readonly { coinAddr: string; coinMaxAmount: bigint }[],
    ]
  >(p, 'getConfig');
  return {
    coinCaps: new Map(coins.map((c) => [c.coinAddr.toLowerCase(), Number(c.coinMaxAmount)])),
    maxBatchSize: Number(base.maxBatchSize),
    maxUserSize: Number(base.maxUserSize),
  };
}

/** One NFT of the exchange source that the user holds. */
export interface SourceAsset {
  tokenId: string;
  name: string;
  imageUrl: string | null;
  /** Held count (1 for 721). */
  amount: number;
  contractAddr: string;
}

/** How far the 721 scan goes, and which 1155 ids are looked at. */
export const SOURCE_SCAN = { max721Ids: 2_000, chunk: 500, ids1155: 64 } as const;

const totalMintedAbi = [
  {
    type: 'function',
    name: 'totalMinted',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'totalSupply',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint256' }],
  },
] as const;

/**
 * The user's NFTs of the exchange's source collection, read from the chain. The indexer-backed
 * /v1/api/asset/userInfoList is not built yet; when it is, this is the one function to switch.
 * 721: balanceOf, then ownerOf over ids 1..totalMinted (or totalSupply), at most 2,000 ids.
 * 1155: balanceOfBatch over the ids 0..63.
 */
export async function loadUserSourceAssets(
  source: string,
  type: 721 | 1155,
  owner: string,
  collectionName: string,
): Promise<SourceAsset[]> {
  const c = await publicClient();
  const address = source as Address;
  const user = owner.toLowerCase();
  const asset = (tokenId: bigint, amount: number): SourceAsset => ({
    tokenId: tokenId.toString(),
    name: `${collectionName} #${tokenId}`,
    imageUrl: null,
    amount,
    contractAddr: source,
  });
  if (type === 1155) {
    const ids = Array.from({ length: SOURCE_SCAN.ids1155 }, (_, i) => BigInt(i));
    const balances = await c.readContract({
      address,
      abi: erc1155Abi,
      functionName: 'balanceOfBatch',
      args: [ids.map(() => owner as Address), ids],
    });
    return ids.flatMap((id, i) => (balances[i]! > 0n ? [asset(id, Number(balances[i]))] : []));
  }
  const balance = await c.readContract({
    address,
    abi: erc721Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  });
  if (balance === 0n) return [];
  let last = 0n;
  for (const functionName of ['totalMinted', 'totalSupply'] as const) {
    try {
      last = await c.readContract({ address, abi: totalMintedAbi, functionName });
      break;
    } catch {
      // Not offered by this collection: try the next.
    }
  }
  const max = BigInt(SOURCE_SCAN.max721Ids);
  if (last === 0n || last > max) last = max;
  const found: SourceAsset[] = [];
  for (let start = 1n; start <= last && BigInt(found.length) < balance;) {
    const end =
      start + BigInt(SOURCE_SCAN.chunk) - 1n < last ? start + BigInt(SOURCE_SCAN.chunk) - 1n : last;
    const ids: bigint[] = [];
    for (let id = start; id <= end; id++) ids.push(id);
    const owners = await c.multicall({
      contracts: ids.map((id) => ({
        address,
        abi: erc721Abi,
        functionName: 'ownerOf' as const,
        args: [id] as const,
      })),
      allowFailure: true,
      deployless: true,
    });
    owners.forEach((o, i) => {
      if (o.status === 'success' && String(o.result).toLowerCase() === user) {
        found.push(asset(ids[i]!, 1));
      }
    });
    start = end + 1n;
  }
  return found;
}

// ---------------------------------------------------------------- writes

export { chainErrorMessage, connectedWallet, isNativeCoin } from '../../lib/chain';

type Wallet = ConnectedWallet;

/** Price x count in the coin's smallest units. */
export function mintCost(coin: MintCoin, count: number): bigint {
  return parseUnits(coin.number || '0', coin.decimals ?? DEFAULT_COIN_DECIMALS) * BigInt(count);
}

/**
 * The mint flow of section 4: approve the coin spend first (ERC-20 only, when the allowance is
 * short), then mint; the native coin is paid as the transaction value. `onHash` hears each
 * transaction (allowance, mint) as it is sent; resolves with the mint's hash and block.
 */
export async function mint(
  wallet: Wallet,
  p: LaunchpadProject,
  coin: MintCoin,
  count: number,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const cost = mintCost(coin, count);
  const launchpad = p.contractAddr as Address;
  if (!isNativeCoin(coin.address)) {
    await ensureAllowance(
      wallet,
      coin.address as Address,
      launchpad,
      cost,
      hashOf(onHash, 'allowance'),
    );
  }
  return sendContractCall(
    wallet,
    {
      address: launchpad,
      abi: abiOf(p),
      functionName: 'mint',
      args: withToken(p, coin.address, BigInt(count)),
      ...(isNativeCoin(coin.address) ? { value: cost } : {}),
    },
    hashOf(onHash, 'mint'),
  );
}

/** The exchange flow: approve the launchpad on the source collection, then swap. */
export async function swap(
  wallet: Wallet,
  p: LaunchpadProject,
  sourceType: 721 | 1155,
  selection: { tokenId: string; amount: number }[],
  onHash?: TxHashHandler,
): Promise<TxResult> {
  const source = p.exchangeAddr as Address;
  const launchpad = p.contractAddr as Address;
  await ensureApprovalForAll(wallet, source, launchpad, hashOf(onHash, 'approvalLaunchpad'));
  return sendContractCall(
    wallet,
    {
      address: launchpad,
      abi: abiOf(p),
      functionName: 'swap',
      args: withToken(
        p,
        sourceType === 1155 ? 1 : 0,
        source,
        selection.map((s) => BigInt(s.tokenId)),
        selection.map((s) => BigInt(s.amount)),
      ),
    },
    hashOf(onHash, 'swap'),
  );
}
