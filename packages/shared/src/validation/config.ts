import { z } from 'zod';
import { CONFIG_KEYS } from '../constants.js';

/** The marketplace contract's MAX_FEE_PERCENT: a higher fee could never be charged on chain. */
export const TRANSACTION_FEE_MAX_PERCENT = 50;

const FEE_FORMAT = /^\d{1,3}(\.\d{1,4})?$/;

/** The platform fee in percent as stored under transaction_fee: "2.5", up to 4 decimals. */
export const transactionFeeSchema = z
  .string()
  .refine((v) => FEE_FORMAT.test(v) && Number(v) <= TRANSACTION_FEE_MAX_PERCENT);

export type ConfigKey = (typeof CONFIG_KEYS)[keyof typeof CONFIG_KEYS];

/**
 * The value rule of each config key the API serves (app_config), with a hint for the refusal:
 * a key missing here has no reader, so setting it would change nothing.
 */
export const CONFIG_VALUE_RULES: Record<ConfigKey, { schema: z.ZodType<string>; hint: string }> = {
  [CONFIG_KEYS.transactionFee]: {
    schema: transactionFeeSchema,
    hint: `a percent from 0 to ${TRANSACTION_FEE_MAX_PERCENT}, e.g. 2.5`,
  },
};

export function isConfigKey(name: string): name is ConfigKey {
  return Object.hasOwn(CONFIG_VALUE_RULES, name);
}
