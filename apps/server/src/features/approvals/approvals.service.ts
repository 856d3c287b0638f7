import {
  APPROVAL_GRANT_TTL_SECONDS,
  APPROVAL_MSG,
  type ApprovalGrant,
  type ApprovalGrantRequest,
  type RegisterRules,
  ROLE_IDS,
  type SetPinInput,
  type UpdateRegisterRulesInput,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { grantDigest, verifyApproval } from '../../domain/approvals';
import { areBranchProducts, insertGrant, isBranchSale } from '../../domain/approvals.repo';
import { writeAudit } from '../../domain/audit.repo';
import { findShiftDrawer } from '../../domain/cash-drawer.repo';
import { shiftClosed } from '../../domain/shifts';
import { registerOfBranch } from '../../domain/shifts.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { forbidden, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import { hashPassword } from '../../lib/passwords';
import * as repo from './approvals.repo';

function toRules(row: NonNullable<repo.RulesRow>): RegisterRules {
  return {
    branchId: row.branchId,
    cashierMaxDiscountPercent: toMoney(row.cashierMaxDiscountPercent),
    cashierMayChangePrice: row.cashierMayChangePrice,
    cashierMayRefundWithoutReceipt: row.cashierMayRefundWithoutReceipt,
    cashierMayZeroTax: row.cashierMayZeroTax,
    cashierMayReceiveTransfers: row.cashierMayReceiveTransfers,
    cashierMayCount: row.cashierMayCount,
    cashierMayTakeReturns: row.cashierMayTakeReturns,
    overShortThreshold: toMoney(row.overShortThreshold),
    cashDenominations: row.cashDenominations ?? null,
    offlineLimitHours: row.offlineLimitHours,
  };
}

/** GET /branches/{branchId}/register-rules: anyone of the branch (the register shows its limits). */
export async function getRegisterRules(db: Db, actor: Actor, branchId: string): Promise<RegisterRules> {
  const scope = await resolveBranch(db, { actor, branchId });
  const row = await repo.findRules(db, scope);
  if (!row) throw notFound('Branch');
  return toRules(row);
}

/** PUT /branches/{branchId}/register-rules: Super Admin and Manager; audited with before and after. */
export async function updateRegisterRules(
  db: Db,
  actor: Actor,
  branchId: string,
  input: UpdateRegisterRulesInput,
): Promise<RegisterRules> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'manage_register_rules' });
  return db.transaction(async (tx) => {
    const before = await repo.findRules(tx, scope, true);
    if (!before) throw notFound('Branch');
    const denominations = input.cashDenominations ? [...input.cashDenominations].sort((a, b) => b - a) : null;
    await repo.setRules(tx, scope, {
      ...input,
      cashierMaxDiscountPercent: input.cashierMaxDiscountPercent.toFixed(2),
      overShortThreshold: input.overShortThreshold.toFixed(2),
      cashDenominations: denominations,
    });
    const after = await repo.findRules(tx, scope);
    if (!after) throw notFound('Branch');
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'settings.register_rules',
      entityType: 'branch',
      entityId: scope.branchId,
      before: toRules(before),
      after: toRules(after),
    });
    return toRules(after);
  });
}

const mayHavePin = (actor: Actor) =>
  actor.isSuperUser || actor.roleId === ROLE_IDS.superAdmin || actor.roleId === ROLE_IDS.manager;

type PinStatus = { isSet: boolean; isLocked: boolean };

/** GET /auth/pin: whether the caller has an approval PIN, and whether wrong attempts locked it. */
export async function getPinStatus(db: Db, actor: Actor): Promise<PinStatus> {
  const pin = await repo.findPin(db, actor.userId);
  return { isSet: pin.pinHash !== null, isLocked: pin.pinLockedAt !== null };
}

/**
 * PUT /auth/pin: a Manager or Super Admin sets their own approval PIN (argon2id); audited, the PIN
 * never. A new PIN unlocks one locked after wrong attempts.
 */
export async function setPin(db: Db, actor: Actor, input: SetPinInput): Promise<PinStatus> {
  if (!mayHavePin(actor)) throw forbidden(APPROVAL_MSG.pinOnlyManagers);
  const pinHash = await hashPassword(input.pin);
  await db.transaction(async (tx) => {
    const before = await repo.findPin(tx, actor.userId);
    await repo.setPinHash(tx, { userId: actor.userId, pinHash });
    // The PIN approves at every branch of the caller's companies: each company's log shows it was set.
    for (const companyId of await repo.companyIdsIn(tx, actor.companyIds)) {
      await writeAudit(tx, {
        companyId,
        branchId: companyId === actor.companyId ? actor.branchId : null,
        userId: actor.userId,
        action: 'user.pin_set',
        entityType: 'user',
        entityId: actor.userId,
        before: { isSet: before.pinHash !== null, isLocked: before.pinLockedAt !== null },
        after: { isSet: true, isLocked: false },
      });
    }
  });
  return { isSet: true, isLocked: false };
}

/**
 * POST /approvals/grants: a manager's username and PIN, checked once (domain/approvals.ts verifyApproval:
 * one answer for every refusal, attempts limited, a PIN locked after repeated wrong ones), traded for
 * a one-time grant to the caller: for a sale at one register of the branch and one cart, for the
 * close of one shift with one count, or for a return at one register (its sale, lines, refund method
 * and refund). Nobody approves their own action: not the caller, and for a close
 * not the shift's cashier either. Short-lived (APPROVAL_GRANT_TTL_SECONDS) and consumed by the sale or
 * close it approves. Audited as approval.granted (the PIN never).
 */
export async function issueGrant(db: Db, actor: Actor, input: ApprovalGrantRequest): Promise<ApprovalGrant> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  const approval = { username: input.username, pin: input.pin };
  let grant: { registerId: string; digest: string; excluded: { ids: string[]; message: string }; after: object };
  if (input.purpose === 'sale') {
    const registerId = await registerOfBranch(db, scope, input.register_id);
    const ids = [...new Set(input.items.map((l) => l.product_id))];
    if (!(await areBranchProducts(db, { ...scope, ids }))) throw notFound('Product');
    grant = {
      registerId,
      digest: grantDigest({ purpose: 'sale', cart: input }),
      excluded: { ids: [actor.userId], message: APPROVAL_MSG.ownSale },
      after: {
        purpose: 'sale',
        total: input.total,
        discountType: input.discount_type,
        discountValue: input.discount_value,
      },
    };
  } else if (input.purpose === 'return') {
    const registerId = await registerOfBranch(db, scope, input.register_id);
    if (!(await isBranchSale(db, { ...scope, id: input.originalTransactionId }))) throw notFound('Transaction');
    grant = {
      registerId,
      digest: grantDigest({ purpose: 'return', subject: input }),
      excluded: { ids: [actor.userId], message: APPROVAL_MSG.ownReturn },
      after: {
        purpose: 'return',
        originalTransactionId: input.originalTransactionId,
        refundMethod: input.refund_method,
        refundAmount: input.refund_amount,
      },
    };
  } else {
    const shift = await loadInScope(actor, {
      what: 'Shift',
      permission: 'sell',
      load: (companyIds) => findShiftDrawer(db, { id: input.shift_id, companyIds }),
    });
    if (shift.companyId !== scope.companyId || shift.branchId !== scope.branchId) throw notFound('Shift');
    if (input.register_id && input.register_id !== shift.registerId) throw notFound('Register');
    if (shift.status !== 'open') throw shiftClosed();
    grant = {
      registerId: shift.registerId,
      digest: grantDigest({ purpose: 'shift_close', shiftId: shift.id, counted: input.counted_cash }),
      excluded: { ids: [actor.userId, shift.cashierId], message: APPROVAL_MSG.ownShift },
      after: { purpose: 'shift_close', shiftId: shift.id, counted: input.counted_cash },
    };
  }
  // Outside the grant's transaction: a refused PIN must stay counted (and a lock stay written).
  const approver = await verifyApproval(db, {
    ...scope,
    approval,
    requestedBy: actor.userId,
    excluded: grant.excluded,
  });
  const issued = await db.transaction(async (tx) => {
    const row = await insertGrant(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      registerId: grant.registerId,
      requestedBy: actor.userId,
      approverId: approver.id,
      purpose: input.purpose,
      digest: grant.digest,
      ttlSeconds: APPROVAL_GRANT_TTL_SECONDS,
    });
    await writeAudit(tx, {
      ...scope,
      userId: actor.userId,
      approvedById: approver.id,
      registerId: grant.registerId,
      action: 'approval.granted',
      entityType: 'approval_grant',
      entityId: row.id,
      before: null,
      after: { ...grant.after, expiresAt: row.expiresAt.toISOString() },
    });
    return row;
  });
  return {
    grant_id: issued.id,
    expires_at: issued.expiresAt.toISOString(),
    approver: { id: approver.id, name: approver.name },
  };
}
