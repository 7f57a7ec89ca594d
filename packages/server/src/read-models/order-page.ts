import type { SQL } from 'drizzle-orm';
import type { AppDb } from '../db/database.js';
import { orders } from '../db/schema.js';
import { countWhere, pageWithTotal } from '../db/page-with-total.js';
import { orderColumns, type OrderRow } from './order-view.js';

/** One page of the orders matching `where`, sorted by `order`, with their exact total. */
export function ordersPage(
  db: AppDb,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  return pageWithTotal(
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    countWhere(db, orders, where),
    page,
    size,
  );
}
