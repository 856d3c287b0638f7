import type { Return, ReturnItem, ReturnItemCondition, ReturnStatus } from '@pos/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fiscalDocuments, returnItems, returnRefundLines, returns, returnsDaily, sales, users } from '../../db/schema';
import { fiscalReportColumns, fiscalReportOn } from '../../domain/fiscal-report.repo';
import { dailyRows } from '../../domain/sales-figures.repo';
import { type DayCount, type OrderKey, orderBy, type PageWindow, windowQuery } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import { localDayRange } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };
type BranchDays = BranchKey & { timezone: string };

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

/** A return's report to the tax authority: its fiscal document's status and number (none: not reported). */
export type ReturnFiscalRow = { fiscalStatus: string | null; fiscalNumber: string | null };

export async function findReturn(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({ ...returnColumns, ...fiscalReportColumns })
    .from(returns)
    .innerJoin(sales, and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId)))
    .leftJoin(fiscalDocuments, fiscalReportOn('return', returns.companyId, returns.id))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(and(eq(returns.id, id), tenantFilter(returns.companyId, companyIds)))
    .limit(1);
  return row as (ReturnRow & ReturnFiscalRow) | undefined;
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
  window: Omit<PageWindow, 'reverse'> & { reverse?: boolean },
): Promise<ReturnRow[]> {
  const w = windowQuery(RETURN_LIST_ORDER, { reverse: false, ...window });
  const pageIds = db
    .select({ id: returns.id })
    .from(returns)
    .where(returnConditions(scope, filters))
    .orderBy(...w.order)
    .limit(w.limit)
    .offset(w.offset);
  return db
    .select(returnColumns)
    .from(returns)
    .innerJoin(sales, and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId)))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(and(eq(returns.companyId, scope.companyId), inArray(returns.id, pageIds)))
    .orderBy(...orderBy(RETURN_LIST_ORDER)) as Promise<ReturnRow[]>;
}

/** The list's order: newest first, return number breaking ties (unique in the branch). */
const RETURN_LIST_ORDER: OrderKey[] = [
  { column: returns.createdAt, direction: 'desc' },
  { column: returns.returnNumber, direction: 'desc' },
];

/**
 * The CSV export of the list (GET /returns/export.csv): every return the list pages through, in its
 * order (newest first), read through a cursor by lib/csv-export.repo.ts.
 */
export function returnsExportQuery(db: DbOrTx, scope: BranchDays, filters: ReturnListFilters) {
  return db
    .select({
      returnNumber: returns.returnNumber,
      createdAt: returns.createdAt,
      receiptNumber: sales.receiptNumber,
      processedByName: users.name,
      status: returns.status,
      reason: returns.reason,
      refundMethod: returns.refundMethod,
      refundAmount: returns.refundAmount,
      itemCount: sql<string>`(select count(*) from return_items ri where ri.company_id = ${returns.companyId}
        and ri.return_id = ${returns.id})`,
      quantity: sql<string>`(select coalesce(sum(ri.quantity), 0) from return_items ri
        where ri.company_id = ${returns.companyId} and ri.return_id = ${returns.id})`,
    })
    .from(returns)
    .innerJoin(sales, and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId)))
    .leftJoin(users, eq(users.id, returns.processedBy))
    .where(returnConditions(scope, filters))
    .orderBy(...orderBy(RETURN_LIST_ORDER));
}

/**
 * How many returns match, per local day of the branch (lib/keyset.repo.ts, readPageByDays). Completed
 * returns come from the daily totals (returns_daily, migration 0003), the others from their own rows
 * (returns_branch_open_idx, a partial index of the returns not completed: none today), so the count does
 * not read every return of the branch.
 */
export async function countReturnsByDay(
  db: DbOrTx,
  scope: BranchDays,
  filters: ReturnListFilters,
): Promise<DayCount[]> {
  const completed =
    !filters.status || filters.status === 'completed'
      ? db
          .select({ day: returnsDaily.day, rows: sql<string>`coalesce(sum(${returnsDaily.returnsCount}), 0)` })
          .from(returnsDaily)
          .where(dailyRows(returnsDaily, scope, filters))
          .groupBy(returnsDaily.day)
      : Promise.resolve([]);
  const day = sql<string>`((${returns.createdAt} at time zone ${scope.timezone})::date)::text`;
  const others =
    filters.status !== 'completed'
      ? db
          .select({ day, rows: count() })
          .from(returns)
          .where(and(returnConditions(scope, filters), sql`${returns.status} <> 'completed'`))
          .groupBy(sql`1`)
      : Promise.resolve([]);
  const byDay = new Map<string, number>();
  for (const r of (await Promise.all([completed, others])).flat())
    byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.rows));
  return [...byDay].map(([d, rows]) => ({ day: d, rows }));
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

/** How each of the given returns' refund went back (one query): return id -> its refund lines, by method. */
export async function refundLinesOf(db: DbOrTx, { companyId, returnIds }: { companyId: string; returnIds: string[] }) {
  const byReturn = new Map<string, Return['refunds']>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select({
      returnId: returnRefundLines.returnId,
      method: returnRefundLines.method,
      amount: returnRefundLines.amount,
    })
    .from(returnRefundLines)
    .where(and(eq(returnRefundLines.companyId, companyId), inArray(returnRefundLines.returnId, returnIds)))
    .orderBy(asc(returnRefundLines.method));
  for (const r of rows) {
    const list = byReturn.get(r.returnId) ?? [];
    list.push({ method: r.method as Return['refunds'][number]['method'], amount: toMoney(r.amount) });
    byReturn.set(r.returnId, list);
  }
  return byReturn;
}
