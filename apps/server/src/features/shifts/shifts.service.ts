import {
  type CashMovement,
  type CashMovementInput,
  type CurrentShift,
  type DenominationCount,
  denominationTotalMinor,
  drawerDenominations,
  fromMinor,
  type NoSale,
  type OpenShiftInput,
  type PageMeta,
  pageMeta,
  SHIFT_MSG,
  type Shift,
  type ShiftListQuery,
  type ShiftReport,
  taxByRateFigures,
  taxGroups,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Approver, grantDigest, useGrant } from '../../domain/approvals';
import { writeAudit } from '../../domain/audit.repo';
import { cashOf, movementIdReused, recordMovement, requireDrawerHolder } from '../../domain/cash-drawer';
import * as drawerRepo from '../../domain/cash-drawer.repo';
import { rethrowShiftError, shiftClosed } from '../../domain/shifts';
import { registerOfBranch } from '../../domain/shifts.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './shifts.repo';

type ShiftRow = NonNullable<Awaited<ReturnType<typeof repo.findShift>>>;

const money = (minor: number) => fromMinor(minor).toFixed(2);
const nullableMoney = (v: string | null) => (v === null ? null : toMoney(v));

function toShift(r: ShiftRow): Shift {
  return {
    id: r.id,
    branchId: r.branchId,
    registerId: r.registerId,
    registerCode: r.registerCode,
    cashierId: r.cashierId,
    cashierName: r.cashierName,
    status: r.status,
    openedAt: r.openedAt.toISOString(),
    openingFloat: toMoney(r.openingFloat),
    openingDenominations: r.openingDenominations ?? null,
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    closedByName: r.closedByName ?? null,
    counted: nullableMoney(r.counted),
    countedDenominations: r.countedDenominations ?? null,
    expected: nullableMoney(r.expected),
    overShort: nullableMoney(r.overShort),
    approvedByName: r.approvedByName ?? null,
    zNumber: r.zNumber ?? null,
  };
}

/** A count by denomination must use the drawer's notes and coins and add up to the amount given. */
function checkCount(count: DenominationCount | null | undefined, amount: number, allowed: number[], field: string) {
  if (!count) return null;
  for (const key of Object.keys(count)) {
    if (!allowed.includes(Number(key))) throw badRequest(SHIFT_MSG.unknownDenomination, { [field]: key });
  }
  if (denominationTotalMinor(count) !== toMinor(amount)) {
    throw badRequest(SHIFT_MSG.denominationsMismatch, { [field]: SHIFT_MSG.denominationsMismatch });
  }
  return Object.fromEntries(Object.entries(count).filter(([, n]) => n > 0));
}

async function drawerOf(db: Db, scope: { companyId: string; branchId: string }) {
  const rules = await drawerRepo.findDrawerRules(db, scope);
  if (!rules) throw notFound('Branch');
  return {
    denominations: drawerDenominations(rules.cashDenominations, rules.currency),
    thresholdMinor: toMinor(toMoney(rules.overShortThreshold)),
  };
}

/** A register of the branch within the actor's reach (404 otherwise, like any id out of reach). */
async function registerInBranch(db: Db, actor: Actor, registerId: string, branchId?: string) {
  const register = await loadInScope(actor, {
    what: 'Register',
    permission: 'sell',
    load: (companyIds) => repo.findRegister(db, { id: registerId, companyIds }),
  });
  if (branchId !== undefined && register.branchId !== branchId) throw notFound('Register');
  return register;
}

async function shiftInScope(db: Db, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Shift',
    permission: 'sell',
    load: (companyIds) => repo.findShift(db, { id, companyIds }),
  });
}

/** POST /shifts: opens a shift at a register with its float (counted by denomination, optionally). */
export async function openShift(db: Db, actor: Actor, input: OpenShiftInput): Promise<Shift> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  const register = await registerInBranch(db, actor, input.registerId, scope.branchId);
  const drawer = await drawerOf(db, scope);
  const denominations = checkCount(input.denominations, input.openingFloat, drawer.denominations, 'denominations');
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const shiftId = await repo.insertShift(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        registerId: register.id,
        cashierId: actor.userId,
        openingFloat: input.openingFloat.toFixed(2),
        openingDenominations: denominations,
      });
      await writeAudit(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        userId: actor.userId,
        registerId: register.id,
        action: 'shift.open',
        entityType: 'shift',
        entityId: shiftId,
        after: { openingFloat: input.openingFloat, denominations, register: register.code },
      });
      return shiftId;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'shifts_register_open_uq')) throw conflict(SHIFT_MSG.alreadyOpen);
    throw error;
  }
  const row = await repo.findShift(db, { id, companyIds: [scope.companyId] });
  if (!row) throw new Error('shift vanished after insert');
  return toShift(row);
}

/** GET /shifts/current?registerId=: the register's open shift (or null) and the drawer's notes and coins. */
export async function currentShift(db: Db, actor: Actor, registerId: string): Promise<CurrentShift> {
  const register = await registerInBranch(db, actor, registerId);
  const row = await repo.findOpenShiftOfRegister(db, { companyId: register.companyId, registerId: register.id });
  const drawer = await drawerOf(db, register);
  return {
    shift: row ? toShift(row) : null,
    denominations: drawer.denominations,
    overShortThreshold: fromMinor(drawer.thresholdMinor),
  };
}

type Figures = drawerRepo.ShiftFigures;
type TaxLines = Awaited<ReturnType<typeof drawerRepo.shiftTaxLines>>;
type RefundTaxLines = Awaited<ReturnType<typeof drawerRepo.shiftRefundTaxLines>>;
type ShiftTaxes = { sales: TaxLines; refunds: RefundTaxLines };

const m = (v: string) => toMinor(toMoney(v));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The tax by rate of the shift's sales: each sale's groups (taxGroups, as the sale was charged), added up. */
function taxByRateOf(lines: TaxLines): ShiftReport['sales']['taxByRate'] {
  const bySale = new Map<string, TaxLines>();
  for (const line of lines) {
    const saleLines = bySale.get(line.saleId);
    if (saleLines) saleLines.push(line);
    else bySale.set(line.saleId, [line]);
  }
  const groups = [...bySale.values()].flatMap((saleLines) => {
    const [first] = saleLines;
    if (!first) return [];
    return taxGroups(
      saleLines.map((l) => ({
        goods: m(l.goods),
        taxRate: toMoney(l.rate),
        includedTax: l.included ? m(l.gross) - m(l.goods) : null,
      })),
      { discount: m(first.discount), defaultRate: toMoney(first.saleRate) },
    );
  });
  return taxByRateFigures(groups);
}

/** The report's figures in minor units; expected cash as `cashOf`. */
function reportOf(
  row: ShiftRow,
  figures: Figures,
  movements: CashMovement[],
  taxes: ShiftTaxes = { sales: [], refunds: [] },
): ShiftReport {
  const { paidIn, paidOut, expected } = cashOf(row.openingFloat, figures);
  return {
    shift: toShift(row),
    sales: {
      count: sum(figures.sales.map((s) => s.count)),
      total: fromMinor(sum(figures.sales.map((s) => m(s.total)))),
      discount: fromMinor(sum(figures.sales.map((s) => m(s.discount)))),
      tax: fromMinor(sum(figures.sales.map((s) => m(s.tax)))),
      taxByRate: taxByRateOf(taxes.sales),
      change: fromMinor(sum(figures.sales.map((s) => m(s.change)))),
      byMethod: figures.tenders.map((t) => ({ method: t.method, count: t.count, total: toMoney(t.total) })),
    },
    refunds: {
      count: sum(figures.refunds.map((r) => r.count)),
      total: fromMinor(sum(figures.refunds.map((r) => m(r.total)))),
      taxByRate: taxByRateFigures(
        taxes.refunds.map((r) => ({
          rate: toMoney(r.rate),
          included: r.included,
          taxable: m(r.taxable),
          tax: m(r.tax),
        })),
      ),
      byMethod: figures.refundLines.map((r) => ({ method: r.method, count: r.count, total: toMoney(r.total) })),
    },
    paidIn: fromMinor(paidIn),
    paidOut: fromMinor(paidOut),
    cashMovements: movements,
    expectedCash: fromMinor(expected),
    lateSales: { count: figures.late.count, total: toMoney(figures.late.total) },
  };
}

async function movementsOf(db: Db, row: { companyId: string; id: string }): Promise<CashMovement[]> {
  const rows = await repo.listMovements(db, { companyId: row.companyId, shiftId: row.id });
  return rows.map((r) => ({ ...r, amount: toMoney(r.amount), at: r.at.toISOString() }));
}

async function reportFor(db: Db, row: ShiftRow): Promise<ShiftReport> {
  const [figures, movements, salesTax, refundsTax] = await Promise.all([
    drawerRepo.shiftFigures(db, { companyId: row.companyId, shiftId: row.id }),
    movementsOf(db, row),
    drawerRepo.shiftTaxLines(db, { companyId: row.companyId, shiftId: row.id }),
    drawerRepo.shiftRefundTaxLines(db, { companyId: row.companyId, shiftId: row.id }),
  ]);
  return reportOf(row, figures, movements, { sales: salesTax, refunds: refundsTax });
}

/** GET /shifts/{id}/report: the X report of an open shift, the (immutable) Z report of a closed one. */
export async function getReport(db: Db, actor: Actor, id: string): Promise<ShiftReport> {
  return reportFor(db, await shiftInScope(db, actor, id));
}

/**
 * POST /shifts/{id}/cash-movements: paid in / paid out of an open shift by its cashier or a manager,
 * audited. A paid out never takes more than the drawer's expected cash (409 naming what is there). With
 * the register's `id`, the same movement again answers the first (the register queues it offline under
 * that id when the answer is lost).
 */
export async function addCashMovement(
  db: Db,
  actor: Actor,
  id: string,
  input: CashMovementInput,
): Promise<CashMovement> {
  const shift = await shiftInScope(db, actor, id);
  requireDrawerHolder(actor, shift);
  if (shift.status !== 'open') throw shiftClosed();
  try {
    const { movement } = await recordMovement(db, shift, input, { user: { id: actor.userId, name: actor.name } });
    return movement;
  } catch (error) {
    if (isUniqueViolation(error, 'cash_movements_company_id_id_pk')) throw movementIdReused();
    throw error;
  }
}

/**
 * POST /shifts/{id}/no-sale: the drawer opened without a sale (change for a customer, a check), by the
 * shift's cashier or a manager, while the shift is open. Nothing moves; the audit row names the
 * register and the shift.
 */
export async function recordNoSale(db: Db, actor: Actor, id: string): Promise<NoSale> {
  const shift = await shiftInScope(db, actor, id);
  requireDrawerHolder(actor, shift);
  if (shift.status !== 'open') throw shiftClosed();
  const at = await db.transaction(async (tx) => {
    // FOR UPDATE: a close waits for it (and it for a close), so no drawer opening lands on a closed shift.
    const locked = await drawerRepo.lockShift(tx, { companyId: shift.companyId, id: shift.id });
    if (locked?.status !== 'open') throw shiftClosed();
    await writeAudit(tx, {
      companyId: shift.companyId,
      branchId: shift.branchId,
      userId: actor.userId,
      registerId: shift.registerId,
      action: 'shift.no_sale',
      entityType: 'shift',
      entityId: shift.id,
      after: { register: shift.registerCode, shiftId: shift.id },
    });
    return new Date();
  });
  return { shiftId: shift.id, registerId: shift.registerId, registerCode: shift.registerCode, at: at.toISOString() };
}

/**
 * POST /shifts/{id}/close, by blind count: the request carries the count; the answer is the Z report
 * (expected, counted, over/short). Refused while the register reports unsynced sales. Over/short
 * beyond the branch's threshold needs a manager's one-time grant for this shift and this count
 * (`approval_grant_id`, POST /approvals/grants), consumed by the close (403 otherwise). In one transaction
 * with the shift row locked FOR UPDATE: sales and refunds hold it FOR SHARE while they are written,
 * so every sale committed into the shift is in the figures, and none can join it afterwards.
 */
export async function closeShift(
  db: Db,
  actor: Actor,
  id: string,
  input: {
    counted: number;
    denominations?: DenominationCount | null;
    pendingSales: number;
    approval_grant_id?: string | null;
  },
): Promise<ShiftReport> {
  const shift = await shiftInScope(db, actor, id);
  if (shift.status !== 'open') throw shiftClosed();
  if (input.pendingSales > 0) throw conflict(SHIFT_MSG.pendingSales, { pendingSales: String(input.pendingSales) });
  const drawer = await drawerOf(db, shift);
  const counted = checkCount(input.denominations, input.counted, drawer.denominations, 'denominations');
  try {
    await db.transaction(async (tx) => {
      const locked = await drawerRepo.lockShift(tx, { companyId: shift.companyId, id: shift.id });
      if (locked?.status !== 'open') throw shiftClosed();
      const figures = await drawerRepo.shiftFigures(tx, { companyId: shift.companyId, shiftId: shift.id });
      const report = reportOf(shift, figures, []);
      const expectedMinor = toMinor(report.expectedCash);
      const overShortMinor = toMinor(input.counted) - expectedMinor;
      const needed = Math.abs(overShortMinor) > drawer.thresholdMinor;
      if (needed && !input.approval_grant_id) {
        throw new AppError(403, 'APPROVAL_REQUIRED', SHIFT_MSG.approvalNeeded, { approval: SHIFT_MSG.approvalNeeded });
      }
      // The grant (issued to this closer, by someone neither they nor the shift's cashier) is consumed
      // in the close's own transaction: a close that fails leaves it unused.
      const approver: Approver | null =
        needed && input.approval_grant_id
          ? await useGrant(tx, {
              actor,
              scope: { companyId: shift.companyId, branchId: shift.branchId },
              grantId: input.approval_grant_id,
              purpose: 'shift_close',
              registerId: shift.registerId,
              digest: grantDigest({ purpose: 'shift_close', shiftId: shift.id, counted: input.counted }),
              consumer: shift.id,
            })
          : null;
      const zNumber = await repo.nextZNumber(tx, shift);
      await repo.closeShift(tx, {
        companyId: shift.companyId,
        id: shift.id,
        closedBy: actor.userId,
        counted: input.counted.toFixed(2),
        countedDenominations: counted,
        expected: money(expectedMinor),
        overShort: money(overShortMinor),
        approvedBy: needed && approver ? approver.id : null,
        zNumber,
      });
      await writeAudit(tx, {
        companyId: shift.companyId,
        branchId: shift.branchId,
        userId: actor.userId,
        registerId: shift.registerId,
        approvedById: needed && approver ? approver.id : null,
        action: 'shift.close',
        entityType: 'shift',
        entityId: shift.id,
        before: { status: 'open' },
        after: {
          status: 'closed',
          counted: input.counted,
          expected: fromMinor(expectedMinor),
          overShort: fromMinor(overShortMinor),
          zNumber,
          approvedBy: needed && approver ? approver.username : null,
        },
      });
    });
  } catch (error) {
    rethrowShiftError(error);
  }
  const closed = await repo.findShift(db, { id: shift.id, companyIds: [shift.companyId] });
  if (!closed) throw new Error('shift vanished after close');
  return reportFor(db, closed);
}

/** GET /shifts?branchId=: a page of the branch's shifts, newest first (Manager, Super Admin). */
export async function listShifts(
  db: Db,
  actor: Actor,
  query: ShiftListQuery,
): Promise<{ items: Shift[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const filters = await listFilters(db, scope, query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    repo.listShifts(db, scope, filters, { limit: query.limit, offset }),
    repo.countShifts(db, scope, filters),
  ]);
  return { items: rows.map(toShift), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** The list's (and export's) filters; a register filter must name a register of the branch (404 otherwise). */
export async function listFilters(
  db: Db,
  scope: { companyId: string; branchId: string },
  query: ShiftListQuery,
): Promise<repo.ShiftFilters> {
  if (query.registerId) await registerOfBranch(db, scope, query.registerId);
  return {
    status: query.status,
    registerId: query.registerId,
    cashierId: query.cashierId,
    startDate: query.startDate,
    endDate: query.endDate,
  };
}
