import {
  addQuantities,
  type PageMeta,
  type PaymentMethod,
  pageMeta,
  type Sale,
  type SaleTenderMethod,
  type TransactionAnalytics,
  type TransactionListItem,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { receiptNumberOf } from '../../domain/document-numbers';
import { salesFigures } from '../../domain/sales-figures';
import { type Actor, loadInScope, reachesBranch, reachesSeveralCompanies, resolveBranch } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { readPageByDays, withinDays } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import * as repo from './transactions.repo';

/**
 * GET /transactions/{id}, within the company the caller has selected (`companyId`). Without one, a
 * user of one company reads in it; a user of several whose id names sales in more than one of them
 * is asked to choose (409), never shown one of them at random.
 */
export async function getSale(db: Db, actor: Actor, id: string, query: { companyId?: string } = {}): Promise<Sale> {
  const companyId = query.companyId;
  if (companyId === undefined && reachesSeveralCompanies(actor)) {
    const holders = await repo.findSaleHolders(db, { id, companyIds: actor.companyIds });
    const reachable = new Set(holders.filter((h) => reachesBranch(actor, h)).map((h) => h.companyId));
    if (reachable.size > 1) {
      throw new AppError(
        409,
        'AMBIGUOUS_ID',
        'Sales of more than one of your companies have this id: choose the company (companyId)',
      );
    }
  }
  const found = await loadInScope(actor, {
    what: 'Transaction',
    permission: 'view_transactions',
    companyId,
    load: (companyIds) => repo.findSale(db, { id, companyIds, withFiscal: true }),
  });
  return found.sale;
}

export type SaleListQuery = {
  page: number;
  limit: number;
  branchId: string;
  cashierName?: string;
  paymentMethod?: PaymentMethod;
  tender?: SaleTenderMethod;
  status?: string;
  receiptNumber?: string;
  startDate?: string;
  endDate?: string;
};

/** The list's filters as the repo reads them (the list and its export). */
export function saleListFilters(query: SaleListQuery): repo.SaleListFilters {
  return {
    cashierName: query.cashierName,
    paymentMethod: query.paymentMethod,
    tender: query.tender,
    status: query.status,
    startDate: query.startDate,
    endDate: query.endDate,
    receipt: query.receiptNumber ? receiptFilter(query.receiptNumber) : undefined,
  };
}

/** 'rcp-12' -> prefix 'RCP-12'; digits alone are one receipt: '42' -> exactly 'RCP-000042'. */
export function receiptFilter(input: string): { value: string; exact: boolean } {
  const value = input.trim().toUpperCase();
  if (/^\d{1,9}$/.test(value)) return { value: receiptNumberOf(Number(value)), exact: true };
  return { value, exact: false };
}

/**
 * GET /transactions: a page of one branch's sales, newest first. Three queries whatever the page size
 * (the rows, their item counts or items, the total); with a receiptNumber each row carries its items
 * (the return lookup needs returnedQuantity per line).
 */
export async function listSales(
  db: Db,
  actor: Actor,
  query: SaleListQuery,
): Promise<{ items: TransactionListItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_transactions' });
  const filters = saleListFilters(query);
  // Counted per local day (the daily totals when the filters allow): the total, and the day a deep page
  // starts in, so the page's walk skips only that day's rows (lib/keyset.repo.ts).
  const [rows, total] = await readPageByDays({
    page: query.page,
    limit: query.limit,
    counts: () => repo.countSalesByDay(db, scope, filters),
    rows: (seek) => repo.listSales(db, scope, withinDays(filters, seek), seek.window),
  });
  const saleIds = rows.map((r) => r.id);
  const withItems = Boolean(filters.receipt);
  const itemsBySale = withItems ? await repo.saleItemsOf(db, { companyId: scope.companyId, saleIds }) : undefined;
  const counts = withItems ? undefined : await repo.saleItemCounts(db, { companyId: scope.companyId, saleIds });

  const items = rows.map((r): TransactionListItem => {
    const lines = itemsBySale?.get(r.id);
    const c = lines
      ? {
          lines: lines.length,
          quantity: addQuantities(...lines.map((l) => l.quantity)),
          returned: lines.reduce((n, l) => n + l.returnedQuantity, 0),
        }
      : (counts?.get(r.id) ?? { lines: 0, quantity: 0, returned: 0 });
    return {
      id: r.id,
      receiptNumber: r.receiptNumber,
      transactionDate: r.createdAt.toISOString(),
      cashierName: r.cashierName,
      customer:
        r.customerId && r.customerName ? { id: r.customerId, name: r.customerName, phone: r.customerPhone } : null,
      paymentMethod: r.paymentMethod,
      status: r.status,
      subtotal: toMoney(r.subtotal),
      discountAmount: toMoney(r.discountAmount),
      taxAmount: toMoney(r.taxAmount),
      total: toMoney(r.total),
      itemCount: c.lines,
      totalQuantity: c.quantity,
      returnedQuantity: c.returned,
      ...(lines && { items: lines }),
    };
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** GET /transactions/analytics: view_sales (Super Admin, Manager); a cashier gets 403. */
export async function getAnalytics(
  db: Db,
  actor: Actor,
  { branchId, startDate, endDate }: { branchId: string; startDate?: string; endDate?: string },
): Promise<TransactionAnalytics> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  return salesFigures(db, scope, { startDate, endDate });
}
