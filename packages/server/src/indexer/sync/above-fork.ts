// What a rollback deletes from a table kept per block: its rows above the fork point.
import { and, eq, gt } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.js';

/** A table whose rows each carry their chain and block. */
export type PerBlock = PgTable & { chainId: PgColumn; blockNumber: PgColumn };

/** Deletes `table`'s rows of `chainId` above `fork`. */
export async function deleteAbove(tx: Tx, table: PerBlock, chainId: number, fork: number) {
  await tx.delete(table).where(and(eq(table.chainId, chainId), gt(table.blockNumber, fork)));
}

/** Deletes `table`'s rows of `chainId` above `fork` and answers `fields` of each. */
export function takeAbove<F extends SelectedFieldsFlat>(
  tx: Tx,
  table: PerBlock,
  chainId: number,
  fork: number,
  fields: F,
) {
  return tx
    .delete(table)
    .where(and(eq(table.chainId, chainId), gt(table.blockNumber, fork)))
    .returning(fields);
}
