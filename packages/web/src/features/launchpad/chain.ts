import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  erc1155Abi,
  erc20Abi,
  erc721Abi,
  http,
  parseUnits,
  type Abi,
  type Address,
  type PublicClient,
} from 'viem';
import { simulateContract, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import type { Config } from 'wagmi';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import {
  DEFAULT_COIN_DECIMALS,
  NATIVE_COIN_ADDRESS,
  TIMING,
  contractErrorMessage,
} from '@aiamarket/shared';
import { loadAppConfig } from '../../lib/appConfig';
import { getSession, isSignedIn, openConnectDialog } from '../../lib/session';
import { findSessionWallet, loadEngine } from '../../lib/wallet';
import type { LaunchpadProject, MintCoin } from './types';

// Chain reads and writes of the launchpad (loaded with the detail page only). Reads go straight
// to the deployment's RPC; writes through the signed-in wallet (wagmi, ../../lib/wallet).

let client: Promise<PublicClient> | null = null;

function publicClient(): Promise<PublicClient> {
  if (!client) {
    client = loadAppConfig()
      .then((app) => createPublicClient({ transport: http(app.chain.rpcUrl) }) as PublicClient)
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
  }
  return client;
}

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

/**
 * The wallet of the signed-in user, reconnected without a prompt when needed. Without a session
 * (or a wallet that answers) the connect dialog opens and null is returned: the flow stops quietly.
 */
export async function connectedWallet(): Promise<{ config: Config; account: Address } | null> {
  const session = getSession();
  if (!isSignedIn(session)) {
    openConnectDialog();
    return null;
  }
  const [app, engine] = await Promise.all([loadAppConfig(), loadEngine()]);
  let config = engine.getWalletConfig();
  if (!config && session.wallet) {
    const wallet = await findSessionWallet(session.wallet).catch(() => null);
    if (wallet) {
      await engine.resumeWallet(wallet, app).catch(() => null);
      config = engine.getWalletConfig();
    }
  }
  if (!config) {
    openConnectDialog();
    return null;
  }
  return { config, account: session.address as Address };
}

type Wallet = NonNullable<Awaited<ReturnType<typeof connectedWallet>>>;

async function send(
  wallet: Wallet,
  call: { address: Address; abi: Abi; functionName: string; args: unknown[]; value?: bigint },
) {
  const { request } = await simulateContract(wallet.config, {
    ...call,
    account: wallet.account,
  } as Parameters<typeof simulateContract>[1]);
  const hash = await writeContract(wallet.config, request as Parameters<typeof writeContract>[1]);
  const receipt = await waitForTransactionReceipt(wallet.config, { hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return hash;
}

export const isNativeCoin = (coin: string) => coin.toLowerCase() === NATIVE_COIN_ADDRESS;

/** Price x count in the coin's smallest units. */
export function mintCost(coin: MintCoin, count: number): bigint {
  return parseUnits(coin.number || '0', coin.decimals ?? DEFAULT_COIN_DECIMALS) * BigInt(count);
}

/**
 * The mint flow of section 4: approve the coin spend first (ERC-20 only, when the allowance is
 * short), then mint; the native coin is paid as the transaction value.
 */
export async function mint(wallet: Wallet, p: LaunchpadProject, coin: MintCoin, count: number) {
  const cost = mintCost(coin, count);
  const launchpad = p.contractAddr as Address;
  if (!isNativeCoin(coin.address) && cost > 0n) {
    const c = await publicClient();
    const allowance = await c.readContract({
      address: coin.address as Address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.account, launchpad],
    });
    if (allowance < cost) {
      await send(wallet, {
        address: coin.address as Address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [launchpad, cost],
      });
    }
  }
  return send(wallet, {
    address: launchpad,
    abi: abiOf(p),
    functionName: 'mint',
    args: withToken(p, coin.address, BigInt(count)),
    ...(isNativeCoin(coin.address) ? { value: cost } : {}),
  });
}

/** The exchange flow: approve the launchpad on the source collection, then swap. */
export async function swap(
  wallet: Wallet,
  p: LaunchpadProject,
  sourceType: 721 | 1155,
  selection: { tokenId: string; amount: number }[],
) {
  const source = p.exchangeAddr as Address;
  const launchpad = p.contractAddr as Address;
  const c = await publicClient();
  const approved = await c.readContract({
    address: source,
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [wallet.account, launchpad],
  });
  if (!approved) {
    await send(wallet, {
      address: source,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [launchpad, true],
    });
  }
  return send(wallet, {
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
  });
}

/** The message of a failed transaction: the contract's error when decoded, else transactionErr. */
export function chainErrorMessage(error: unknown): { key: string; values: Record<string, string> } {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) {
      const m = contractErrorMessage(reverted.data.errorName, reverted.data.args ?? []);
      return { key: m.key, values: m.values };
    }
  }
  return { key: 'launchpad.transactionErr', values: {} };
}
