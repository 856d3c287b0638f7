import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, stockMovements } from '../db/schema';

export type StockMovementInsert = typeof stockMovements.$inferInsert;

/**
 * The one way stock changes (sales, returns, adjustments): append the movements and set each moved
 * product's quantity to its movement's `newQuantity`, in one statement, in the caller's transaction,
 * with the products already locked by the caller. One movement per product per call.
 * Invariant, checked by tests: stock_quantity == the signed sum of a product's movements.
 */
export async function recordStockMovements(tx: DbOrTx, movements: StockMovementInsert[]) {
  if (movements.length === 0) return;
  const { companyId } = movements[0] as StockMovementInsert;
  const productIds = new Set(movements.map((m) => m.productId));
  if (productIds.size !== movements.length || movements.some((m) => m.companyId !== companyId)) {
    throw new Error('recordStockMovements: one movement per product, all of one company');
  }
  const moved = tx.$with('moved').as(
    tx.insert(stockMovements).values(movements).returning({
      productId: stockMovements.productId,
      newQuantity: stockMovements.newQuantity,
    }),
  );
  // One statement whatever the number of products: one round trip on the register's hot path.
  await tx
    .with(moved)
    .update(products)
    .set({ stockQuantity: sql`${moved.newQuantity}`, updatedAt: sql`now()` })
    .from(moved)
    .where(and(eq(products.companyId, companyId), eq(products.id, moved.productId)));
}
