import { expect } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getContract,
  http,
  type Abi,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gameItems1155Abi, gameItems721Abi } from '@aiamarket/shared/abis';
import { DEMO_ACCOUNT_COUNT, demoAccountKey, type Stack } from '@aiamarket/tools/stack';
import { callApi } from './api.js';

/** How many heroes the demo seed mints (token ids 1..72). */
export const HEROES_SUPPLY = 72n;

/** The ten demo accounts (the stack's own list has anvil's first five; 5-9 trade in the seed). */
export const ACCOUNTS = Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) => {
  const privateKey = demoAccountKey(i);
  return { privateKey, address: privateKeyToAccount(privateKey).address };
});

/** demo account index -> address (lowercase, as the API answers it). */
export const accountOf = (index: number) => ACCOUNTS[index]!.address.toLowerCase() as Address;

/** address -> demo account index, -1 when it is not a demo account. */
export const indexOf = (owner: string) =>
  ACCOUNTS.findIndex((a) => a.address.toLowerCase() === owner.toLowerCase());

/**
 * The chain and API helpers of one journey file. `stack` is read on each call because the stack
 * only exists once the journey's beforeAll has run.
 */
export function chainTools(stack: () => Stack) {
  const contract = (contractName: string) =>
    stack().deployment.contracts[contractName]!.address as Address;
  /** The demo deployment's contracts, by the names the journeys give them. */
  const contracts = () => ({
    heroes: contract('GameItems721'),
    items: contract('GameItems1155'),
    market: contract('Marketplace'),
    stable: contract('StableCoin'),
    wrapped: contract('WrappedAIA'),
    offers: contract('Offers'),
    listings: contract('Listings'),
  });
  const client = () => createPublicClient({ transport: http(stack().rpcUrl) });

  /** A direct transaction from a demo account (setup the page must not do); its receipt. */
  async function send(
    from: number,
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    value?: bigint,
  ) {
    const account = privateKeyToAccount(ACCOUNTS[from]!.privateKey);
    const wallet = createWalletClient({ account, transport: http(stack().rpcUrl) });
    const hash = await wallet.writeContract({
      address,
      abi,
      functionName,
      args,
      chain: null,
      ...(value !== undefined ? { value } : {}),
    });
    const receipt = await client().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return receipt;
  }

  /** A GET call; null when the envelope's code is not 0. */
  async function get<T>(pathAndQuery: string): Promise<T | null> {
    const answer = await callApi<T>(stack().url, pathAndQuery);
    return answer.code === 0 ? answer.data : null;
  }

  /** A POST call with a JSON body; null when the envelope's code is not 0. */
  async function post<T>(call: string, body: unknown): Promise<T | null> {
    const answer = await callApi<T>(stack().url, call, body);
    return answer.code === 0 ? answer.data : null;
  }

  /** A GET call (a POST when `body` is given) that must answer code 0: its data. */
  async function api<T>(call: string, body?: unknown): Promise<T> {
    const answer = await callApi<T>(stack().url, call, body);
    expect(answer.code).toBe(0);
    return answer.data;
  }

  /** The owner of a seeded hero (lowercase). */
  const ownerOf = async (tokenId: bigint) =>
    (
      await client().readContract({
        address: contract('GameItems721'),
        abi: gameItems721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      })
    ).toLowerCase();

  /** The seeded heroes held by a demo account not in `exclude`: [tokenId, account index]. */
  async function heroesHeld(exclude: number[] = []): Promise<[bigint, number][]> {
    const ids = Array.from({ length: Number(HEROES_SUPPLY) }, (_, i) => BigInt(i + 1));
    const owners = await Promise.all(ids.map(ownerOf));
    return ids
      .map((id, i) => [id, indexOf(owners[i]!)] as [bigint, number])
      .filter(([, who]) => who >= 0 && !exclude.includes(who));
  }

  const erc20 = (token: Address) =>
    getContract({ address: token, abi: erc20Abi, client: client() });
  const erc1155 = (nft: Address) =>
    getContract({ address: nft, abi: gameItems1155Abi, client: client() });

  /** What `who` holds of the ERC-20 `token` (the stable coin, the wrapped AIA), in base units. */
  const tokenBalance = (token: Address, who: Address) => erc20(token).read.balanceOf([who]);

  /** What `owner` lets `spender` take of the ERC-20 `token`, in base units. */
  const tokenAllowance = (token: Address, owner: Address, spender: Address) =>
    erc20(token).read.allowance([owner, spender]);

  /** How many units of the ERC-1155 item `tokenId` of `nft` `who` holds. */
  const unitsHeld = (nft: Address, who: Address, tokenId: bigint) =>
    erc1155(nft).read.balanceOf([who, tokenId]);

  return {
    contract,
    contracts,
    client,
    send,
    get,
    post,
    api,
    ownerOf,
    heroesHeld,
    tokenBalance,
    tokenAllowance,
    unitsHeld,
  };
}
