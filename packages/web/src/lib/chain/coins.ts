import { erc20Abi, type Address } from 'viem';
import { NATIVE_COIN, NATIVE_COIN_ADDRESS } from '@aiamarket/shared';
import { loadAppConfig } from '../appConfig';
import { publicClient } from './client';

/** A coin the market accepts (a listing's price, an offer's payment). */
export interface MarketCoin {
  address: Address;
  symbol: string;
  decimals: number;
}

/** The deploy names of the ERC-20 coins the market accepts besides AIA. */
const ERC20_COINS = ['StableCoin'] as const;

/** AIA (the zero address) and the deployment's accepted ERC-20 coins, read from their contracts. */
export async function loadMarketCoins(): Promise<MarketCoin[]> {
  const app = await loadAppConfig();
  const native: MarketCoin = {
    address: NATIVE_COIN_ADDRESS,
    symbol: app.chain.nativeCurrency.symbol || NATIVE_COIN.symbol,
    decimals: app.chain.nativeCurrency.decimals,
  };
  const c = await publicClient();
  const tokens = await Promise.all(
    ERC20_COINS.flatMap((name) => {
      const address = app.chain.contracts[name] as Address | undefined;
      if (!address) return [];
      return [
        Promise.all([
          c.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
          c.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        ]).then(([symbol, decimals]): MarketCoin => ({ address, symbol, decimals })),
      ];
    }),
  );
  return [native, ...tokens];
}
