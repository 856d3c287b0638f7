import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  branches,
  cashMovements,
  companies,
  returnItems,
  returnRefundLines,
  returns,
  saleItems,
  sales,
  saleTenderLines,
  shifts,
} from '../db/schema';
import { type CompanyScope, tenantFilter } from '../lib/tenant.repo';

/**
 * The drawer of a shift (domain/cash-drawer.ts): its rules, its row locked, its figures and its cash
 * movements. The shifts feature and the register's offline batch (features/transactions) both read them.
 */

type BranchKey = { companyId: string; branchId: string };

/**
 * A shift in the caller's companies, as the movement path and a close's grant need it: its branch,
 * register, cashier and status.
 */
export async function findShiftDrawer(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({
      id: shifts.id,
      companyId: shifts.companyId,
      branchId: shifts.branchId,
      registerId: shifts.registerId,
      cashierId: shifts.cashierId,
      status: shifts.status,
    })
    .from(shifts)
    .where(and(eq(shifts.id, id), tenantFilter(shifts.companyId, companyIds)))
    .limit(1);
  return row;
}

/** The branch's drawer settings and the company's currency. */
export async function findDrawerRules(db: DbOrTx, { companyId, branchId }: BranchKey) {
  const [row] = await db
    .select({
      cashDenominations: branches.cashDenominations,
      overShortThreshold: branches.overShortThreshold,
      currency: companies.currency,
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)))
    .limit(1);
  return row;
}

/** The shift row locked FOR UPDATE (a close waits for sales holding it FOR SHARE, and they for it). */
export async function lockShift(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({
      id: shifts.id,
      status: shifts.status,
      branchId: shifts.branchId,
      registerId: shifts.registerId,
      openingFloat: shifts.openingFloat,
    })
    .from(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id)))
    .for('update');
  return row;
}

export type ShiftFigures = {
  sales: { method: string; count: number; total: string; discount: string; tax: string; change: string }[];
  /** The shift's sales' tender lines by method: how many sales it paid, and how much of their totals. */
  tenders: { method: string; count: number; total: string }[];
  refunds: { method: string; count: number; total: string }[];
  /** The shift's returns' refund lines by method (an exchange: the part that paid its sale, and what went back). */
  refundLines: { method: string; count: number; total: string }[];
  movements: { kind: string; total: string }[];
  late: { count: number; total: string };
};

/**
 * The shift's sales by payment method and their tender lines by method, refunds by method and their lines and cash movements by kind (numerics as text);
 * and apart, the late sales naming it (offline sales uploaded after it closed: they belong to the
 * register's next shift, migration 0029).
 */
export async function shiftFigures(db: DbOrTx, { companyId, shiftId }: { companyId: string; shiftId: string }) {
  const [salesRows, tenderRows, refundRows, refundLineRows, movementRows, lateRows] = await Promise.all([
    db
      .select({
        method: sales.paymentMethod,
        count: count(),
        total: sql<string>`coalesce(sum(${sales.total}), 0)::text`,
        discount: sql<string>`coalesce(sum(${sales.discountAmount}), 0)::text`,
        tax: sql<string>`coalesce(sum(${sales.taxAmount}), 0)::text`,
        change: sql<string>`coalesce(sum(${sales.changeAmount}), 0)::text`,
      })
      .from(sales)
      .where(and(eq(sales.companyId, companyId), eq(sales.shiftId, shiftId)))
      .groupBy(sales.paymentMethod)
      .orderBy(sales.paymentMethod),
    db
      .select({
        method: saleTenderLines.method,
        count: count(),
        total: sql<string>`coalesce(sum(${saleTenderLines.amount}), 0)::text`,
      })
      .from(saleTenderLines)
      .innerJoin(sales, and(eq(sales.companyId, saleTenderLines.companyId), eq(sales.id, saleTenderLines.saleId)))
      .where(and(eq(sales.companyId, companyId), eq(sales.shiftId, shiftId)))
      .groupBy(saleTenderLines.method)
      .orderBy(saleTenderLines.method),
    db
      .select({
        method: returns.refundMethod,
        count: count(),
        total: sql<string>`coalesce(sum(${returns.refundAmount}), 0)::text`,
      })
      .from(returns)
      .where(and(eq(returns.companyId, companyId), eq(returns.shiftId, shiftId)))
      .groupBy(returns.refundMethod)
      .orderBy(returns.refundMethod),
    db
      .select({
        method: returnRefundLines.method,
        count: count(),
        total: sql<string>`coalesce(sum(${returnRefundLines.amount}), 0)::text`,
      })
      .from(returnRefundLines)
      .innerJoin(
        returns,
        and(eq(returns.companyId, returnRefundLines.companyId), eq(returns.id, returnRefundLines.returnId)),
      )
      .where(and(eq(returns.companyId, companyId), eq(returns.shiftId, shiftId)))
      .groupBy(returnRefundLines.method)
      .orderBy(returnRefundLines.method),
    db
      .select({ kind: cashMovements.kind, total: sql<string>`coalesce(sum(${cashMovements.amount}), 0)::text` })
      .from(cashMovements)
      .where(and(eq(cashMovements.companyId, companyId), eq(cashMovements.shiftId, shiftId)))
      .groupBy(cashMovements.kind),
    db
      .select({ count: count(), total: sql<string>`coalesce(sum(${sales.total}), 0)::text` })
      .from(sales)
      .where(and(eq(sales.companyId, companyId), eq(sales.lateShiftId, shiftId))),
  ]);
  return {
    sales: salesRows,
    tenders: tenderRows,
    refunds: refundRows,
    refundLines: refundLineRows,
    movements: movementRows,
    late: lateRows[0] ?? { count: 0, total: '0' },
  } satisfies ShiftFigures;
}

/**
 * The goods of the shift's sales by sale and by the rate their lines were taxed at (and whether inside their
 * prices), with each sale's discount
 * and rate (numerics as text): what the tax by rate of its report is computed from (taxGroups, per sale).
 */
export async function shiftTaxLines(db: DbOrTx, { companyId, shiftId }: { companyId: string; shiftId: string }) {
  return db
    .select({
      saleId: sales.id,
      discount: sql<string>`${sales.discountAmount}::text`,
      saleRate: sql<string>`${sales.taxRate}::text`,
      rate: sql<string>`${saleItems.taxRate}::text`,
      included: saleItems.taxIncluded,
      goods: sql<string>`sum(${saleItems.subtotal})::text`,
      /** The lines' prices (their goods and, when included, the tax inside). */
      gross: sql<string>`sum(round(${saleItems.unitPrice} * ${saleItems.quantity}, 2))::text`,
    })
    .from(sales)
    .innerJoin(saleItems, and(eq(saleItems.companyId, sales.companyId), eq(saleItems.saleId, sales.id)))
    .where(and(eq(sales.companyId, companyId), eq(sales.shiftId, shiftId)))
    .groupBy(sales.id, sales.discountAmount, sales.taxRate, saleItems.taxRate, saleItems.taxIncluded);
}

/**
 * The tax the shift's refunds gave back, by the rate the returned units' sale lines were taxed at (and
 * whether inside their prices): their goods less their discount share, and their tax share (numerics as
 * text), as each return item keeps them.
 */
export async function shiftRefundTaxLines(db: DbOrTx, { companyId, shiftId }: { companyId: string; shiftId: string }) {
  return db
    .select({
      rate: sql<string>`${saleItems.taxRate}::text`,
      included: saleItems.taxIncluded,
      taxable: sql<string>`sum(${returnItems.goods} - ${returnItems.discountAmount})::text`,
      tax: sql<string>`sum(${returnItems.taxAmount})::text`,
    })
    .from(returns)
    .innerJoin(returnItems, and(eq(returnItems.companyId, returns.companyId), eq(returnItems.returnId, returns.id)))
    .innerJoin(saleItems, and(eq(saleItems.companyId, returnItems.companyId), eq(saleItems.id, returnItems.saleItemId)))
    .where(and(eq(returns.companyId, companyId), eq(returns.shiftId, shiftId)))
    .groupBy(saleItems.taxRate, saleItems.taxIncluded);
}

export async function insertMovement(
  tx: DbOrTx,
  row: {
    companyId: string;
    shiftId: string;
    kind: 'paid_in' | 'paid_out';
    amount: string;
    reason: string;
    userId: string;
    /** Offline: the register's id and time, and the review flags. */
    id?: string;
    at?: Date;
    offline?: boolean;
    flags?: string[];
  },
) {
  const [inserted] = await tx
    .insert(cashMovements)
    .values(row)
    .returning({ id: cashMovements.id, at: cashMovements.at });
  if (!inserted) throw new Error('cash movement not inserted');
  return inserted;
}

/** A cash movement by its id in the company (an offline one's id is the register's: its idempotency key). */
export async function findMovement(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({
      id: cashMovements.id,
      shiftId: cashMovements.shiftId,
      kind: cashMovements.kind,
      amount: cashMovements.amount,
      reason: cashMovements.reason,
      userId: cashMovements.userId,
      at: cashMovements.at,
      offline: cashMovements.offline,
      flags: cashMovements.flags,
    })
    .from(cashMovements)
    .where(and(eq(cashMovements.companyId, companyId), eq(cashMovements.id, id)))
    .limit(1);
  return row;
}
