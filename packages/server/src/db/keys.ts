import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';

/** A table whose rows belong to one contract on one chain. */
interface ContractKeyed {
  chainId: AnyColumn;
  contractAddr: AnyColumn;
}

/**
 * The rows of one contract on one chain; given another table's columns, the join condition on
 * the same contract.
 */
export function ofContract(
  table: ContractKeyed,
  chainId: number | AnyColumn,
  contractAddr: string | AnyColumn,
): SQL {
  return and(eq(table.chainId, chainId), eq(table.contractAddr, contractAddr))!;
}

/** The rows of one token (a contract's token id) on one chain; with columns, the join condition. */
export function ofToken(
  table: ContractKeyed & { tokenId: AnyColumn },
  chainId: number | AnyColumn,
  contractAddr: string | AnyColumn,
  tokenId: string | AnyColumn,
): SQL {
  return and(
    eq(table.chainId, chainId),
    eq(table.contractAddr, contractAddr),
    eq(table.tokenId, tokenId),
  )!;
}
