import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, stockMovements } from '../db/schema';

/**
 * The one way stock changes (sales, returns, adjustments): set the products' quantities and append
 * their movements, in the caller's transaction, with the products already locked by the caller.
 * Invariant, checked by tests: stock_quantity == the signed sum of a product's movements.
 */
export async function setStocks(
  tx: DbOrTx,
  { companyId, rows }: { companyId: string; rows: { productId: string; quantity: number }[] },
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.productId}::uuid, ${r.quantity}::integer)`),
    sql`, `,
  );
  // One statement whatever the number of lines: one round trip on the register's hot path.
  await tx.execute(sql`
    update ${products} set stock_quantity = v.quantity, updated_at = now()
    from (values ${values}) as v(id, quantity)
    where ${products.companyId} = ${companyId} and ${products.id} = v.id`);
}

export async function insertMovements(tx: DbOrTx, rows: (typeof stockMovements.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(stockMovements).values(rows);
}
