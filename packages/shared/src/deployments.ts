import { z } from 'zod';
import { ADDRESS_PATTERN } from './constants.js';

const address = z.string().regex(ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte address');

/** What the deploy module writes for one chain and what server and web read. */
export const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  deployedAt: z.string(),
  contracts: z.record(
    z.string(),
    z.object({
      address,
      blockNumber: z.number().int().nonnegative(),
      /** keccak256 of the creation code deployed: a build whose code differs replaces it. */
      codeHash: z
        .string()
        .regex(/^0x[0-9a-f]{64}$/)
        .optional(),
    }),
  ),
  /**
   * Order-book contracts (Offers, Listings) that a newer version replaced: the orders signed for
   * them can no longer be filled through the market, and are shown as ended.
   */
  retired: z
    .array(
      z.object({
        name: z.string(),
        address,
        blockNumber: z.number().int().nonnegative(),
        retiredAt: z.string(),
      }),
    )
    .optional(),
});

export type Deployment = z.infer<typeof deploymentSchema>;

export function parseDeployment(json: unknown): Deployment {
  return deploymentSchema.parse(json);
}
