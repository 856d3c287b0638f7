import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { saleItems, sales, users } from '../../db/schema';

type BranchKey = { companyId: string; branchId: string };

/** Flagged lines (sale_items_flagged_idx, migration 0021) of the branch's sales, newest sale first. */
function flaggedWhere({ companyId, branchId }: BranchKey, flag?: string) {
  return and(
    eq(saleItems.companyId, companyId),
    sql`${saleItems.flags} <> '{}'::text[]`,
    eq(sales.branchId, branchId),
    flag ? sql`${flag} = any(${saleItems.flags})` : undefined,
  );
}

export async function listFlaggedLines(
  db: DbOrTx,
  scope: BranchKey,
  { flag, limit, offset }: { flag?: string; limit: number; offset: number },
) {
  const join = and(eq(sales.companyId, saleItems.companyId), eq(sales.id, saleItems.saleId));
  const [rows, totals] = await Promise.all([
    db
      .select({
        lineId: saleItems.id,
        saleId: sales.id,
        receiptNumber: sales.receiptNumber,
        soldAt: sales.soldAt,
        productId: saleItems.productId,
        productName: saleItems.productName,
        productSku: saleItems.productSku,
        quantity: saleItems.quantity,
        unitPrice: saleItems.unitPrice,
        flags: saleItems.flags,
        cashierName: users.name,
      })
      .from(saleItems)
      .innerJoin(sales, join)
      .leftJoin(users, eq(users.id, sales.cashierId))
      .where(flaggedWhere(scope, flag))
      .orderBy(desc(sales.soldAt), desc(sales.receiptNumber), saleItems.id)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(saleItems).innerJoin(sales, join).where(flaggedWhere(scope, flag)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
