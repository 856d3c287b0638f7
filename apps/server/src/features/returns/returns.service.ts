import {
  addQuantities,
  type CreateReturnPayload,
  EXCHANGE_MSG,
  fromMinor,
  type PageMeta,
  pageMeta,
  type RefundMethod,
  type Return,
  type ReturnAnalytics,
  type ReturnItem,
  type ReturnStatus,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { fiscalReportOf } from '../../domain/fiscal-report.repo';
import { prepareReturn, recordReturn, returnContextOf } from '../../domain/return-write';
import { returnsByPeriod } from '../../domain/sales-figures';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { badRequest } from '../../lib/errors';
import { readPageByDays, withinDays } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import * as repo from './returns.repo';

function toReturn(row: repo.ReturnRow, items: ReturnItem[], refunds: Return['refunds']): Return {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    returnNumber: row.returnNumber,
    originalTransaction: { id: row.originalSaleId, receiptNumber: row.receiptNumber },
    branchId: row.branchId,
    processedByName: row.processedByName,
    returnDate: at,
    processedDate: at,
    status: row.status as ReturnStatus,
    refundAmount: toMoney(row.refundAmount),
    refundMethod: row.refundMethod as RefundMethod,
    refunds,
    reason: row.reason,
    reasonDescription: row.reasonDescription,
    notes: row.notes,
    itemCount: items.length,
    totalQuantity: addQuantities(...items.map((i) => i.quantity)),
    items,
  };
}

/**
 * POST /returns, in one database transaction (DESIGN.md section 6): checked and priced under the sale's lock
 * (domain/return-write.ts prepareReturn), then written (recordReturn): restockable lines back to stock, the
 * refund by its method (store credit to the sale's customer), the audit row. The daily totals follow by
 * trigger. An exchange is not a refund method here: it sells the new items too (POST /exchanges).
 *
 * Who (docs/architecture/returns.md): `process_returns` (Super Admin, Manager)
 * anywhere in reach, at a register or not. A cashier has no `process_returns` (DESIGN.md section 6)
 * and takes a return only at a register of their branch (`register_id`; without it 403): with the
 * branch's register rule `cashier_may_take_returns`, or with a manager's one-time grant for this
 * register and this return (`approval_grant_id`, purpose return: the sale, the lines' quantities and
 * fees, the refund method and the refund as recomputed here), consumed in the return's transaction;
 * 403 APPROVAL_REQUIRED without one, after every 404/409 of the sale and its lines.
 */
export async function createReturn(db: Db, actor: Actor, input: CreateReturnPayload): Promise<Return> {
  if (input.refund_method === 'exchange') {
    throw badRequest(EXCHANGE_MSG.atRegister, { refund_method: EXCHANGE_MSG.atRegister });
  }
  const context = await returnContextOf(db, actor, input);
  await db.transaction(async (tx) => {
    await recordReturn(tx, await prepareReturn(tx, context, input));
  });
  return getReturnIn(db, context.scope.companyId, context.id);
}

/** A return as its API answers it, read after its commit. */
export async function getReturnIn(db: Db, companyId: string, id: string): Promise<Return> {
  const row = await repo.findReturn(db, { id, companyIds: [companyId] });
  if (!row) throw new Error('return vanished after commit');
  return withFiscal(row, (await withDetails(db, companyId, [row]))[0] as Return);
}

/** The returns with their items and refund lines (two queries for any number). */
async function withDetails(db: Db, companyId: string, rows: repo.ReturnRow[]): Promise<Return[]> {
  const returnIds = rows.map((r) => r.id);
  const [items, refunds] = await Promise.all([
    repo.itemsOf(db, { companyId, returnIds }),
    repo.refundLinesOf(db, { companyId, returnIds }),
  ]);
  return rows.map((r) => toReturn(r, items.get(r.id) ?? [], refunds.get(r.id) ?? []));
}

export async function getReturn(db: Db, actor: Actor, id: string): Promise<Return> {
  const row = await loadInScope(actor, {
    what: 'Return',
    permission: 'view_returns',
    load: (companyIds) => repo.findReturn(db, { id, companyIds }),
  });
  return withFiscal(row, (await withDetails(db, row.companyId, [row]))[0] as Return);
}

/**
 * One return as its reads answer it (and the answer that records it, which is its read after the commit: a return
 * has no replay) with its report to the tax authority: a debit note naming the sale, pending in the outbox until
 * sent with FBR's number, or refused; null when its branch does not report. The list leaves it out.
 */
function withFiscal(row: repo.ReturnFiscalRow, ret: Return): Return {
  return { ...ret, fiscal: fiscalReportOf(row) };
}

export async function listReturns(
  db: Db,
  actor: Actor,
  query: { page: number; limit: number; branchId: string; status?: ReturnStatus; startDate?: string; endDate?: string },
): Promise<{ items: Return[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_returns' });
  const filters = { status: query.status, startDate: query.startDate, endDate: query.endDate };
  // Counted per local day (the daily totals for completed returns): the total, and the day a deep page
  // starts in (lib/keyset.repo.ts).
  const [rows, total] = await readPageByDays({
    page: query.page,
    limit: query.limit,
    counts: () => repo.countReturnsByDay(db, scope, filters),
    rows: (seek) => repo.listReturns(db, scope, withinDays(filters, seek), seek.window),
  });
  return {
    items: await withDetails(db, scope.companyId, rows),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}

/**
 * GET /returns/analytics: every return of the branch by status (all time), and the completed returns
 * of today, this week and this month as the dashboard counts them (domain/sales-figures returnsByPeriod).
 */
export async function getAnalytics(db: Db, actor: Actor, { branchId }: { branchId: string }): Promise<ReturnAnalytics> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_returns' });
  const [rows, periods] = await Promise.all([repo.returnsByStatus(db, scope), returnsByPeriod(db, scope)]);
  return {
    totalReturns: rows.reduce((n, r) => n + Number(r.count), 0),
    totalRefundAmount: fromMinor(rows.reduce((n, r) => n + toMinor(toMoney(r.refunded)), 0)),
    statusBreakdown: rows.map((r) => ({ status: r.status, count: Number(r.count) })),
    todayReturns: periods.todayCount,
    weekReturns: periods.weekCount,
    monthReturns: periods.monthCount,
  };
}
