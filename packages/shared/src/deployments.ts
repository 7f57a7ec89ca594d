import { z } from 'zod';
import { ADDRESS_PATTERN } from './constants.js';

const address = z.string().regex(ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte address');

/** What the deploy module writes for one chain and what server and web read. */
export const deploymentSchema = z.object({
  chainId: z.number().int().positive(),
  deployedAt: z.string(),
  contracts: z.record(
    z.string(),
    z.object({ address, blockNumber: z.number().int().nonnegative() }),
  ),
});

export type Deployment = z.infer<typeof deploymentSchema>;

export function parseDeployment(json: unknown): Deployment {
  return deploymentSchema.parse(json);
}
