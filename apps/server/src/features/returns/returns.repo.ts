import type { ReturnItem, ReturnItemCondition, ReturnStatus } from '@pos/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, returnItems, returns, saleItems, sales, users } from '../../db/schema';
import { toMoney } from '../../lib/money';
import { localDayRange } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };
type BranchDays = BranchKey & { timezone: string };

/** The sale row under FOR UPDATE (concurrent returns of one sale queue here). */
export async function lockSale(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({
      id: sales.id,
      branchId: sales.branchId,
      status: sales.status,
      receiptNumber: sales.receiptNumber,
      discountAmount: sales.discountAmount,
      taxAmount: sales.taxAmount,
    })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.id, id)))
    .for('update');
  return row;
}

/** The sale's lines under FOR UPDATE, in id order (one lock order for every caller). */
export async function lockSaleItems(tx: DbOrTx, { companyId, saleId }: { companyId: string; saleId: string }) {
  return tx
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), eq(saleItems.saleId, saleId)))
    .orderBy(asc(saleItems.id))
    .for('update');
}

export async function addReturnedQuantity(
  tx: DbOrTx,
  { companyId, saleItemId, quantity }: { companyId: string; saleItemId: string; quantity: number },
) {
  await tx
    .update(saleItems)
    .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${quantity}` })
    .where(and(eq(saleItems.companyId, companyId), eq(saleItems.id, saleItemId)));
}

/** Products to restock, locked in id order (deleted products too: the ledger must still balance). */
export async function lockProductsById(tx: DbOrTx, { companyId, ids }: { companyId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, branchId: products.branchId, stockQuantity: products.stockQuantity })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

export async function insertReturn(
  tx: DbOrTx,
  row: typeof returns.$inferInsert,
  items: Omit<typeof returnItems.$inferInsert, 'returnId'>[],
) {
  if (!row.id) throw new Error('return id required');
  const returnId = row.id;
  await tx.insert(returns).values(row);
  await tx.insert(returnItems).values(items.map((i) => ({ ...i, returnId })));
}

export type ReturnRow = {
  id: string;
  companyId: string;
  branchId: string;
  returnNumber: string;
  originalSaleId: string;
  receiptNumber: string;
  processedByName: string | null;
  status: string;
  refundAmount: string;
  refundMethod: string;
  reason: string;
  reasonDescription: string | null;
  notes: string | null;
  createdAt: Date;
};

const returnColumns = {
  id: returns.id,
  companyId: returns.companyId,
  branchId: returns.branchId,
  returnNumber: returns.returnNumber,
  originalSaleId: returns.originalSaleId,
  receiptNumber: sales.receiptNumber,
  processedByName: users.name,
  status: returns.status,
  refundAmount: returns.refundAmount,
  refundMethod: returns.refundMethod,
  reason: returns.reason,
  reasonDescription: returns.reasonDescription,
  notes: returns.notes,
  createdAt: returns.createdAt,
};

export async function findReturn(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select(returnColumns)
    .from(returns)
    .innerJoin(sales, and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId)))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(and(eq(returns.id, id), tenantFilter(returns.companyId, companyIds)))
    .limit(1);
  return row as ReturnRow | undefined;
}

export type ReturnListFilters = { status?: ReturnStatus; startDate?: string; endDate?: string };

function returnConditions(scope: BranchDays, f: ReturnListFilters) {
  return and(
    eq(returns.companyId, scope.companyId),
    eq(returns.branchId, scope.branchId),
    f.status ? eq(returns.status, f.status) : undefined,
    localDayRange(returns.createdAt, scope.timezone, f),
  );
}

export async function listReturns(
  db: DbOrTx,
  scope: BranchDays,
  filters: ReturnListFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<ReturnRow[]> {
  return db
    .select(returnColumns)
    .from(returns)
    .innerJoin(sales, and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId)))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(returnConditions(scope, filters))
    .orderBy(desc(returns.createdAt), desc(returns.returnNumber))
    .limit(limit)
    .offset(offset) as Promise<ReturnRow[]>;
}

export async function countReturns(db: DbOrTx, scope: BranchDays, filters: ReturnListFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(returns).where(returnConditions(scope, filters));
  return row?.total ?? 0;
}

/** The items of the given returns, by return id. */
export async function itemsOf(db: DbOrTx, { companyId, returnIds }: { companyId: string; returnIds: string[] }) {
  const byReturn = new Map<string, ReturnItem[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select()
    .from(returnItems)
    .where(and(eq(returnItems.companyId, companyId), inArray(returnItems.returnId, returnIds)))
    .orderBy(asc(returnItems.productName), asc(returnItems.id));
  for (const r of rows) {
    const list = byReturn.get(r.returnId) ?? [];
    list.push({
      id: r.id,
      originalTransactionItemId: r.saleItemId,
      productId: r.productId,
      productName: r.productName,
      productSku: r.productSku,
      quantity: r.quantity,
      unitPrice: toMoney(r.unitPrice),
      restockingFee: toMoney(r.restockingFee),
      discountAmount: toMoney(r.discountAmount),
      taxAmount: toMoney(r.taxAmount),
      condition: r.condition as ReturnItemCondition,
      isRestockable: r.isRestockable,
      reason: r.reason,
      totalAmount: toMoney(r.totalAmount),
    });
    byReturn.set(r.returnId, list);
  }
  return byReturn;
}

/**
 * Counts and refunds of the branch's returns per status, all time (the page's totals and status
 * breakdown; its today/week/month cards come from the sales figures).
 */
export async function returnsByStatus(db: DbOrTx, scope: BranchKey) {
  return db
    .select({
      status: returns.status,
      count: sql<string>`count(*)`,
      refunded: sql<string>`coalesce(sum(${returns.refundAmount}), 0)`,
    })
    .from(returns)
    .where(and(eq(returns.companyId, scope.companyId), eq(returns.branchId, scope.branchId)))
    .groupBy(returns.status)
    .orderBy(returns.status);
}
