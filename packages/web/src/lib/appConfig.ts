import type { CoinRate, UploadPurpose } from '@aiamarket/shared';
import { apiRequest } from './api';

/** GET /v1/api/config/app: what the app needs to know about this deployment. */
export interface AppConfig {
  /** Platform fee in percent. */
  transactionFee: number;
  chain: {
    chainId: number;
    name: string;
    rpcUrl: string;
    explorerUrl: string | null;
    nativeCurrency: { name: string; symbol: string; decimals: number };
    contracts: Record<string, string>;
    /** The unit volumes, floors, price sorts and filters are in (absent from an older server). */
    referenceUnit?: { symbol: string; decimals: number };
    /** Every payment coin and its rate in force (reference units per whole coin). */
    rates?: CoinRate[];
    /** Order-book contracts a newer version replaced (they may still hold credits owed). */
    retired?: { name: string; address: string }[];
  };
  upload: Record<UploadPurpose, { maxMb: number; contentTypes: string[] }>;
  signIn: { domain: string; uri: string; termsUrl: string; nonceTtlSeconds: number };
}

let cached: Promise<AppConfig> | null = null;

/** The deployment's configuration, fetched once per page (a failed fetch is retried next time). */
export function loadAppConfig(): Promise<AppConfig> {
  if (!cached) {
    cached = apiRequest<AppConfig>('/config/app').catch((error: unknown) => {
      cached = null;
      throw error;
    });
  }
  return cached;
}

/** Test helper. */
export function resetAppConfig(value?: AppConfig): void {
  cached = value ? Promise.resolve(value) : null;
}
