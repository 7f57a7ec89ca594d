import { chainById } from '@aiamarket/shared';
import type { AppConfig } from '../appConfig';

/**
 * The explorer page of a transaction: the deployment's explorer when it names one, else the
 * chain's own (packages/shared chains.ts); null on a chain without an explorer (anvil).
 */
export function explorerTxUrl(chain: AppConfig['chain'], hash: string): string | null {
  const base = chain.explorerUrl || chainById(chain.chainId)?.blockExplorers?.default.url || null;
  return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : null;
}
