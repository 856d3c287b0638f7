import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, sales } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

/** Counts over the branch's live products (not soft-deleted); the stock value is cost x stock. */
export async function inventoryCounts(db: DbOrTx, scope: BranchKey) {
  const [row] = await db
    .select({
      totalProducts: count(),
      lowStockCount: sql<string>`count(*) filter (where ${products.stockQuantity} <= ${products.lowStockThreshold})`,
      outOfStockCount: sql<string>`count(*) filter (where ${products.stockQuantity} <= 0)`,
      totalStockValue: sql<string>`coalesce(sum(${products.cost} * ${products.stockQuantity}), 0)`,
    })
    .from(products)
    .where(
      and(eq(products.companyId, scope.companyId), eq(products.branchId, scope.branchId), isNull(products.deletedAt)),
    );
  return row ?? { totalProducts: 0, lowStockCount: '0', outOfStockCount: '0', totalStockValue: '0' };
}

/**
 * The branch's newest sales (any status), newest first by when the customer paid (sold_at: an offline
 * sale uploaded now sits at its own time), down sales_branch_page_idx.
 */
export async function recentSales(db: DbOrTx, scope: BranchKey, limit: number) {
  return db
    .select({
      id: sales.id,
      receiptNumber: sales.receiptNumber,
      createdAt: sales.soldAt,
      total: sales.total,
      status: sales.status,
    })
    .from(sales)
    .where(and(eq(sales.companyId, scope.companyId), eq(sales.branchId, scope.branchId)))
    .orderBy(desc(sales.soldAt), desc(sales.receiptNumber))
    .limit(limit);
}
