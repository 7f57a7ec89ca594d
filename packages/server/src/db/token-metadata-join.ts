import type { Column } from 'drizzle-orm';
import { tokenMetadata } from './schema-chain.js';
import { ofToken } from './keys.js';

/** The join condition of a chain row's token metadata: same chain, contract and token id. */
export function tokenMetadataOf(row: { chainId: Column; contractAddr: Column; tokenId: Column }) {
  return ofToken(tokenMetadata, row.chainId, row.contractAddr, row.tokenId);
}
