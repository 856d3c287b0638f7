import {
  type CashMovement,
  type CashMovementInput,
  type CurrentShift,
  type DenominationCount,
  denominationTotalMinor,
  drawerDenominations,
  exceedsDrawer,
  formatInCurrency,
  fromMinor,
  type NoSale,
  type OfflineCashMovementInput,
  type OpenShiftInput,
  type PageMeta,
  pageMeta,
  paidOutCeilingMessage,
  ROLE_IDS,
  SHIFT_MSG,
  type Shift,
  type ShiftListQuery,
  type ShiftReport,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { type Approver, grantDigest, useGrant } from '../../lib/approvals';
import { writeAudit } from '../../lib/audit.repo';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import { isUniqueViolation } from '../../lib/pg-errors';
import { rethrowShiftError, shiftClosed } from '../../lib/shifts';
import { registerOfBranch } from '../../lib/shifts.repo';
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
  const rules = await repo.findDrawerRules(db, scope);
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

/**
 * The drawer of a shift is the business of its own cashier, or of a manager or Super Admin (whose
 * reach to the shift's branch shiftInScope has checked): another cashier of the branch gets 403.
 */
function requireDrawerHolder(actor: Pick<Actor, 'userId' | 'roleId' | 'isSuperUser'>, shift: { cashierId: string }) {
  const manages = actor.isSuperUser || actor.roleId === ROLE_IDS.superAdmin || actor.roleId === ROLE_IDS.manager;
  if (!manages && actor.userId !== shift.cashierId) throw forbidden(SHIFT_MSG.notYourShift);
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

type Figures = Awaited<ReturnType<typeof repo.shiftFigures>>;

const m = (v: string) => toMinor(toMoney(v));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The one definition of the drawer's expected cash, in minor units: float + cash sales - cash refunds
 * + paid in - paid out (the report, the close and the paid-out ceiling all use it).
 */
function cashOf(openingFloat: string, figures: Figures) {
  const cashSales = sum(figures.sales.filter((s) => s.method === 'cash').map((s) => m(s.total)));
  const cashRefunds = sum(figures.refunds.filter((r) => r.method === 'cash').map((r) => m(r.total)));
  const paidIn = sum(figures.movements.filter((x) => x.kind === 'paid_in').map((x) => m(x.total)));
  const paidOut = sum(figures.movements.filter((x) => x.kind === 'paid_out').map((x) => m(x.total)));
  return { paidIn, paidOut, expected: m(openingFloat) + cashSales - cashRefunds + paidIn - paidOut };
}

/** The report's figures in minor units; expected cash as `cashOf`. */
function reportOf(row: ShiftRow, figures: Figures, movements: CashMovement[]): ShiftReport {
  const { paidIn, paidOut, expected } = cashOf(row.openingFloat, figures);
  return {
    shift: toShift(row),
    sales: {
      count: sum(figures.sales.map((s) => s.count)),
      total: fromMinor(sum(figures.sales.map((s) => m(s.total)))),
      discount: fromMinor(sum(figures.sales.map((s) => m(s.discount)))),
      tax: fromMinor(sum(figures.sales.map((s) => m(s.tax)))),
      change: fromMinor(sum(figures.sales.map((s) => m(s.change)))),
      byMethod: figures.sales.map((s) => ({ method: s.method, count: s.count, total: toMoney(s.total) })),
    },
    refunds: {
      count: sum(figures.refunds.map((r) => r.count)),
      total: fromMinor(sum(figures.refunds.map((r) => m(r.total)))),
      byMethod: figures.refunds.map((r) => ({ method: r.method, count: r.count, total: toMoney(r.total) })),
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
  const [figures, movements] = await Promise.all([
    repo.shiftFigures(db, { companyId: row.companyId, shiftId: row.id }),
    movementsOf(db, row),
  ]);
  return reportOf(row, figures, movements);
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

/** Who recorded a movement at a register offline, as the batch upload checked them (deviceUserOf). */
export type OfflineMovementOrigin = {
  user: { id: string; name: string; roleId: number; isSuperUser: boolean; isActive: boolean };
  register: { id: string; isTrusted: boolean };
};

/**
 * A paid in / paid out the register recorded offline (POST /transactions/batch, `cash_movements`, signed by
 * the register): the same rules as online, except that the cash has already moved, so a paid out beyond the
 * drawer's expected cash is recorded and flagged (`paid_out_over_drawer`) like an offline sale's departures,
 * not refused. Its id is its idempotency key: the same movement again answers the first (`replayed`), another
 * movement under the same id is 422. The shift must be the register's own at the batch's branch (404).
 */
export async function addOfflineCashMovement(
  db: Db,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  input: OfflineCashMovementInput,
  origin: OfflineMovementOrigin,
): Promise<{ movement: CashMovement; replayed: boolean }> {
  const shift = await shiftInScope(db, actor, input.shift_id);
  if (shift.branchId !== scope.branchId || shift.registerId !== origin.register.id) throw notFound('Shift');
  const { user } = origin;
  requireDrawerHolder({ userId: user.id, roleId: user.roleId, isSuperUser: user.isSuperUser }, shift);
  const flags = [
    ...(origin.register.isTrusted ? [] : ['register_unconfirmed']),
    ...(user.isActive ? [] : ['cashier_inactive']),
  ];
  try {
    return await recordMovement(db, shift, input, {
      user,
      offline: { at: new Date(input.at), flags },
    });
  } catch (error) {
    if (isUniqueViolation(error, 'cash_movements_company_id_id_pk')) throw movementIdReused();
    throw error;
  }
}

const movementIdReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This id was already used for a different cash movement');

/**
 * The one path of a cash movement into a shift: the shift row is locked FOR UPDATE first, so two paid
 * outs at once queue and the second sees the first, and no sale or refund joins the shift while the
 * drawer's figure is read. Past the ceiling (`exceedsDrawer`) an online movement is refused (409), an
 * offline one recorded with its flag. A movement under an `id` already recorded answers that one
 * (`replayed`; 422 if it was another movement), even once its shift has closed.
 */
async function recordMovement(
  db: Db,
  shift: ShiftRow,
  input: CashMovementInput,
  { user, offline }: { user: { id: string; name: string }; offline?: { at: Date; flags: string[] } },
): Promise<{ movement: CashMovement; replayed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockShift(tx, { companyId: shift.companyId, id: shift.id });
      if (input.id) {
        const existing = await repo.findMovement(tx, { companyId: shift.companyId, id: input.id });
        if (existing) {
          const same =
            existing.shiftId === shift.id &&
            existing.kind === input.kind &&
            toMinor(toMoney(existing.amount)) === toMinor(input.amount) &&
            existing.reason === input.reason &&
            existing.userId === user.id;
          if (!same) throw movementIdReused();
          const { id, kind, reason, offline: wasOffline, flags } = existing;
          const at = existing.at.toISOString();
          const amount = toMoney(existing.amount);
          return {
            movement: { id, kind, amount, reason, userName: user.name, at, offline: wasOffline, flags },
            replayed: true,
          };
        }
      }
      if (locked?.status !== 'open') throw shiftClosed();
      const flags = [...(offline?.flags ?? [])];
      if (input.kind === 'paid_out') {
        const figures = await repo.shiftFigures(tx, { companyId: shift.companyId, shiftId: shift.id });
        const available = cashOf(locked.openingFloat, figures).expected;
        if (exceedsDrawer(input, available)) {
          if (offline) flags.push('paid_out_over_drawer');
          else {
            const rules = await repo.findDrawerRules(tx, shift);
            const message = paidOutCeilingMessage(formatInCurrency(fromMinor(Math.max(available, 0)), rules?.currency));
            throw conflict(message, { amount: message });
          }
        }
      }
      const row = await repo.insertMovement(tx, {
        companyId: shift.companyId,
        shiftId: shift.id,
        kind: input.kind,
        amount: input.amount.toFixed(2),
        reason: input.reason,
        userId: user.id,
        ...(input.id && { id: input.id }),
        ...(offline && { at: offline.at, offline: true, flags }),
      });
      await writeAudit(tx, {
        companyId: shift.companyId,
        branchId: shift.branchId,
        userId: user.id,
        registerId: shift.registerId,
        action: 'shift.cash_movement',
        entityType: 'shift',
        entityId: shift.id,
        after: {
          kind: input.kind,
          amount: input.amount,
          reason: input.reason,
          ...(offline && { offline: true, movementId: row.id, at: row.at.toISOString(), flags }),
        },
      });
      const movement: CashMovement = {
        id: row.id,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason,
        userName: user.name,
        at: row.at.toISOString(),
        offline: Boolean(offline),
        flags,
      };
      return { movement, replayed: false };
    });
  } catch (error) {
    rethrowShiftError(error);
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
    const locked = await repo.lockShift(tx, { companyId: shift.companyId, id: shift.id });
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
      const locked = await repo.lockShift(tx, { companyId: shift.companyId, id: shift.id });
      if (locked?.status !== 'open') throw shiftClosed();
      const figures = await repo.shiftFigures(tx, { companyId: shift.companyId, shiftId: shift.id });
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
