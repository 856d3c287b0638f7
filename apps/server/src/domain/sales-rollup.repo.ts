import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/**
 * Rolls up to `max` queued sales into the kept totals in one transaction (functions/pos_sales_rollup.sql) and
 * answers how many it took; fewer than `max` means the queue held no more that nobody else was holding.
 */
export async function rollUpSales(db: DbOrTx, max: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select pos_sales_rollup(${max}::integer) as n`);
  return Number(row?.n ?? 0);
}
