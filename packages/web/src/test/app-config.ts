import type { AppConfig } from '../lib/appConfig';

/**
 * The public configuration the wallet tests run with: AIA mainnet (1319) unless `chain` says
 * otherwise, a 2.5% fee and a sign-in message for localhost.
 */
export function testAppConfig(chain: Partial<AppConfig['chain']> = {}): AppConfig {
  return {
    transactionFee: 2.5,
    chain: {
      chainId: 1319,
      name: 'AIA Mainnet',
      rpcUrl: 'http://127.0.0.1:8545',
      explorerUrl: null,
      nativeCurrency: { name: 'AIA', symbol: 'AIA', decimals: 18 },
      contracts: {},
      ...chain,
    },
    upload: {} as AppConfig['upload'],
    signIn: { domain: 'localhost', uri: 'http://localhost', termsUrl: '', nonceTtlSeconds: 300 },
  };
}
