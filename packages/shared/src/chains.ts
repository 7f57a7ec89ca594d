import { defineChain, type Chain } from 'viem';
import { NATIVE_COIN } from './constants.js';

/** Chain ids named by the spec. 1319 is the product chain in production. */
export const CHAIN_IDS = {
  mainnet: 1319,
  testnet: 1320,
  /** anvil's default id; the local stack runs on it. */
  local: 31337,
} as const;

/** Other networks the spec names (not supported for actions). */
export const OTHER_NETWORK_IDS = [1337, 10] as const;

const nativeCurrency = {
  name: NATIVE_COIN.name,
  symbol: NATIVE_COIN.symbol,
  decimals: 18,
} as const;

export const aiaMainnet = defineChain({
  id: CHAIN_IDS.mainnet,
  name: 'AIA Chain',
  nativeCurrency,
  rpcUrls: { default: { http: ['https://aia-dataseed1.aiachain.org'] } },
  blockExplorers: { default: { name: 'AIAScan', url: 'https://aiascan.com' } },
});

export const aiaTestnet = defineChain({
  id: CHAIN_IDS.testnet,
  name: 'AIA Chain Testnet',
  nativeCurrency,
  rpcUrls: { default: { http: ['https://aia-dataseed1-testnet.aiachain.org'] } },
  blockExplorers: { default: { name: 'AIAScan Testnet', url: 'https://testnet.aiascan.com' } },
  testnet: true,
});

export const localChain = defineChain({
  id: CHAIN_IDS.local,
  name: 'AIA Local (anvil)',
  nativeCurrency,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
});

export const SUPPORTED_CHAINS = [aiaMainnet, aiaTestnet, localChain] as const;

export function chainById(id: number): Chain | undefined {
  return SUPPORTED_CHAINS.find((c) => c.id === id);
}

/** The chain definition to use for a configured id and RPC URL (local RPC overrides the default). */
export function chainFor(id: number, rpcUrl?: string): Chain {
  const base = chainById(id);
  if (!base) throw new Error(`unsupported chain id ${id}`);
  if (!rpcUrl) return base;
  return { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
}
