import type { Abi, Address } from 'viem';
import { listingsAbi, marketplaceAbi, offersAbi, pullPaymentsAbi } from '@aiamarket/shared/abis';
import { loadAppConfig } from '../../lib/appConfig';
import {
  hashOf,
  publicClient,
  sendContractCall,
  type ConnectedWallet,
  type TxHashHandler,
  type TxResult,
} from '../../lib/chain';
import { loadMarketCoins, type MarketCoin } from '../../lib/chain/coins';

// Payments the contracts could not deliver (a payee refusing AIA, a blocked token holder) are
// credited to the payee instead of reverting the trade; the payee takes them with withdrawOwed.
// Nothing indexes these credits for the app, so they are read from the chain.

/** The contracts that credit failed payouts, by their deploy names, with their own ABIs. */
const PAYING_CONTRACTS: Record<string, Abi> = {
  Marketplace: marketplaceAbi,
  Offers: offersAbi,
  Listings: listingsAbi,
};

/** A contract holding credits: a current one, or a retired Offers/Listings still holding some. */
export interface OwedContract {
  name: string;
  address: Address;
  retired: boolean;
}

/** One non-zero credit of the account: what `contract` owes it in `coin`. */
export interface OwedLine {
  contract: OwedContract;
  coin: MarketCoin;
  amount: bigint;
}

/** The deployment's paying contracts, the retired ones after the current ones. */
async function owedContracts(): Promise<OwedContract[]> {
  const app = await loadAppConfig();
  const current = Object.keys(PAYING_CONTRACTS).flatMap((name) => {
    const address = app.chain.contracts[name];
    return address ? [{ name, address: address as Address, retired: false }] : [];
  });
  const retired = (app.chain.retired ?? [])
    .filter((r) => r.name in PAYING_CONTRACTS)
    .map((r) => ({ name: r.name, address: r.address as Address, retired: true }));
  return [...current, ...retired];
}

/**
 * Every coin a credit can be in: AIA, the accepted ERC-20s, the wrapped AIA (offers pay in it)
 * and any other coin the deployment gives a rate for, each once.
 */
async function owedCoins(): Promise<MarketCoin[]> {
  const [app, market] = await Promise.all([loadAppConfig(), loadMarketCoins()]);
  const coins = [...market];
  const seen = new Set(coins.map((c) => c.address.toLowerCase()));
  const add = (coin: MarketCoin) => {
    if (seen.has(coin.address.toLowerCase())) return;
    seen.add(coin.address.toLowerCase());
    coins.push(coin);
  };
  const wrapped = app.chain.contracts.WrappedAIA;
  if (wrapped) {
    const { decimals } = app.chain.nativeCurrency;
    add({ address: wrapped as Address, symbol: 'WAIA', decimals });
  }
  for (const r of app.chain.rates ?? []) {
    add({ address: r.currency as Address, symbol: r.symbol, decimals: r.decimals });
  }
  return coins;
}

/**
 * The account's non-zero credits in every paying contract and coin, in one deployless multicall
 * (no Multicall3 contract needed). A read that fails (a retired contract that predates credits)
 * counts as nothing owed.
 */
export async function readOwed(owner: Address): Promise<OwedLine[]> {
  const [contracts, coins, client] = await Promise.all([
    owedContracts(),
    owedCoins(),
    publicClient(),
  ]);
  const pairs = contracts.flatMap((contract) => coins.map((coin) => ({ contract, coin })));
  if (pairs.length === 0) return [];
  const results = await client.multicall({
    contracts: pairs.map(({ contract, coin }) => ({
      address: contract.address,
      abi: pullPaymentsAbi,
      functionName: 'owedTo' as const,
      args: [coin.address, owner] as const,
    })),
    allowFailure: true,
    deployless: true,
  });
  return pairs.flatMap((pair, i) => {
    const r = results[i];
    return r?.status === 'success' && r.result > 0n ? [{ ...pair, amount: r.result }] : [];
  });
}

/** withdrawOwed(coin, to) on the contract holding the credit: all of it goes to `to`. */
export async function withdrawOwed(
  wallet: ConnectedWallet,
  contract: OwedContract,
  coin: Address,
  to: Address,
  onHash?: TxHashHandler,
): Promise<TxResult> {
  return sendContractCall(
    wallet,
    {
      address: contract.address,
      abi: PAYING_CONTRACTS[contract.name] ?? marketplaceAbi,
      functionName: 'withdrawOwed',
      args: [coin, to],
    },
    hashOf(onHash, 'withdrawOwed'),
  );
}
