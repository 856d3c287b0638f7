import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products, stockMovements } from '../db/schema';

export type StockMovementInsert = typeof stockMovements.$inferInsert;

/**
 * The stock ledger: the only writer of `stock_movements` outside the migrations and the seeds (a test
 * greps the source tree for others). Every change of stock (sale, return, adjustment, initial stock,
 * and the transfers, purchases and counts to come) is one movement per product here.
 * Invariant, checked by tests: stock_quantity == the signed sum of a product's movements.
 */

/**
 * Appends the movements and sets each moved product's quantity to its movement's `newQuantity`, in one
 * statement, in the caller's transaction, with the products already locked by the caller (returns,
 * adjustments). One movement per product per call.
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

/**
 * The first movement of a product created with stock (POST /products), in the transaction that inserted
 * it: `initial_stock` from 0 to the quantity it was created with.
 */
export async function recordInitialStock(
  tx: DbOrTx,
  input: { companyId: string; branchId: string; productId: string; quantity: number; userId: string | null },
) {
  await recordStockMovements(tx, [
    {
      companyId: input.companyId,
      branchId: input.branchId,
      productId: input.productId,
      movementType: 'initial_stock',
      direction: 'in',
      quantity: input.quantity,
      previousQuantity: 0,
      newQuantity: input.quantity,
      userId: input.userId,
      referenceType: 'product',
      referenceId: input.productId,
      reason: 'Initial stock',
    },
  ]);
}

/**
 * The sale's movements as SQL text, for the one-statement sale (COMMIT_SALE in transactions.repo.ts),
 * which embeds it as its `movements` step: one `sale` movement (out) per product decremented, from the
 * update's own new quantity. `sale` names a relation with the sale's `id`; `moved` one with each
 * product's `id`, `quantity` sold and `new_quantity`; the others are SQL expressions (parameters).
 */
export function saleMovementsSql(p: {
  companyId: string;
  branchId: string;
  userId: string;
  sale: string;
  moved: string;
}) {
  return `insert into stock_movements (company_id, branch_id, product_id, movement_type, direction, quantity,
                               previous_quantity, new_quantity, user_id, reference_type, reference_id)
  select ${p.companyId}::uuid, ${p.branchId}::uuid, m.id, 'sale', 'out', m.quantity, m.new_quantity + m.quantity, m.new_quantity, ${p.userId}::uuid,
         'sale', s.id
  from ${p.sale} s cross join ${p.moved} m`;
}
