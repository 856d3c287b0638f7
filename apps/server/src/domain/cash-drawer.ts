import {
  type CashMovement,
  type CashMovementInput,
  exceedsDrawer,
  formatInCurrency,
  fromMinor,
  type OfflineCashMovementInput,
  paidOutCeilingMessage,
  ROLE_IDS,
  SHIFT_MSG,
  toMinor,
} from '@pos/shared';
import type { Db, DbOrTx } from '../db/client';
import { type Actor, loadInScope } from '../lib/access';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { toMoney } from '../lib/money';
import { isUniqueViolation } from '../lib/pg-errors';
import { writeAudit } from './audit.repo';
import * as drawer from './cash-drawer.repo';
import { rethrowShiftError, shiftClosed } from './shifts';

/**
 * The cash drawer of a shift: who may use it, its expected cash, and the one path of a cash movement into
 * it. The shifts feature (POST /shifts/{id}/cash-movements, the report, the close) and the register's
 * offline batch (POST /transactions/batch, features/transactions) both go through here.
 */

/**
 * The drawer of a shift is the business of its own cashier, or of a manager or Super Admin (whose
 * reach to the shift's branch the caller has checked): another cashier of the branch gets 403.
 */
export function requireDrawerHolder(
  actor: Pick<Actor, 'userId' | 'roleId' | 'isSuperUser'>,
  shift: { cashierId: string },
) {
  const manages = actor.isSuperUser || actor.roleId === ROLE_IDS.superAdmin || actor.roleId === ROLE_IDS.manager;
  if (!manages && actor.userId !== shift.cashierId) throw forbidden(SHIFT_MSG.notYourShift);
}

/**
 * The open shift cash taken for something other than a sale goes into (a payment on account, a gift voucher):
 * a shift of the branch (404 otherwise), whose drawer the caller holds (403).
 */
export async function drawerForCash(
  db: DbOrTx,
  actor: Actor,
  { companyId, branchId, shiftId }: { companyId: string; branchId: string; shiftId: string },
) {
  const shift = await drawer.findShiftDrawer(db, { id: shiftId, companyIds: [companyId] });
  if (!shift || shift.branchId !== branchId) throw notFound('Shift');
  requireDrawerHolder(actor, shift);
  return shift;
}

/**
 * That cash into the shift's drawer, in the caller's transaction: a paid-in of the shift with its reason, the
 * shift's row locked first (a close waits; a closed shift is a 409). Answers the movement's id.
 */
export async function payIntoDrawer(
  tx: DbOrTx,
  shift: { companyId: string; id: string },
  { amount, reason, userId }: { amount: string; reason: string; userId: string },
): Promise<string> {
  const locked = await drawer.lockShift(tx, { companyId: shift.companyId, id: shift.id });
  if (locked?.status !== 'open') throw shiftClosed();
  const movement = await drawer.insertMovement(tx, {
    companyId: shift.companyId,
    shiftId: shift.id,
    kind: 'paid_in',
    amount,
    reason,
    userId,
  });
  return movement.id;
}

type Figures = drawer.ShiftFigures;

const m = (v: string) => toMinor(toMoney(v));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The one definition of the drawer's expected cash, in minor units: float + the cash the sales took (their
 * cash tender lines: cash received less change) - cash refunds + paid in - paid out (the report, the close
 * and the paid-out ceiling all use it).
 */
export function cashOf(openingFloat: string, figures: Figures) {
  const cashSales = sum(figures.tenders.filter((t) => t.method === 'cash').map((t) => m(t.total)));
  const cashRefunds = sum(figures.refundLines.filter((r) => r.method === 'cash').map((r) => m(r.total)));
  const paidIn = sum(figures.movements.filter((x) => x.kind === 'paid_in').map((x) => m(x.total)));
  const paidOut = sum(figures.movements.filter((x) => x.kind === 'paid_out').map((x) => m(x.total)));
  return { paidIn, paidOut, expected: m(openingFloat) + cashSales - cashRefunds + paidIn - paidOut };
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
  const shift = await loadInScope(actor, {
    what: 'Shift',
    permission: 'sell',
    load: (companyIds) => drawer.findShiftDrawer(db, { id: input.shift_id, companyIds }),
  });
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

export const movementIdReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This id was already used for a different cash movement');

/**
 * The one path of a cash movement into a shift: the shift row is locked FOR UPDATE first, so two paid
 * outs at once queue and the second sees the first, and no sale or refund joins the shift while the
 * drawer's figure is read. Past the ceiling (`exceedsDrawer`) an online movement is refused (409), an
 * offline one recorded with its flag. A movement under an `id` already recorded answers that one
 * (`replayed`; 422 if it was another movement), even once its shift has closed.
 */
export async function recordMovement(
  db: Db,
  shift: { companyId: string; id: string; branchId: string; registerId: string },
  input: CashMovementInput,
  { user, offline }: { user: { id: string; name: string }; offline?: { at: Date; flags: string[] } },
): Promise<{ movement: CashMovement; replayed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await drawer.lockShift(tx, { companyId: shift.companyId, id: shift.id });
      if (input.id) {
        const existing = await drawer.findMovement(tx, { companyId: shift.companyId, id: input.id });
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
        const figures = await drawer.shiftFigures(tx, { companyId: shift.companyId, shiftId: shift.id });
        const available = cashOf(locked.openingFloat, figures).expected;
        if (exceedsDrawer(input, available)) {
          if (offline) flags.push('paid_out_over_drawer');
          else {
            const rules = await drawer.findDrawerRules(tx, shift);
            const message = paidOutCeilingMessage(formatInCurrency(fromMinor(Math.max(available, 0)), rules?.currency));
            throw conflict(message, { amount: message });
          }
        }
      }
      const row = await drawer.insertMovement(tx, {
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
