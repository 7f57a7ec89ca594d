import { and, eq, type Column } from 'drizzle-orm';
import { tokenMetadata } from './schema-chain.js';

/** The join condition of a chain row's token metadata: same chain, contract and token id. */
export function tokenMetadataOf(row: { chainId: Column; contractAddr: Column; tokenId: Column }) {
  return and(
    eq(tokenMetadata.chainId, row.chainId),
    eq(tokenMetadata.contractAddr, row.contractAddr),
    eq(tokenMetadata.tokenId, row.tokenId),
  );
}
