import {
  APPROVAL_MSG,
  type RegisterRules,
  ROLE_IDS,
  type SetPinInput,
  type UpdateRegisterRulesInput,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, resolveBranch } from '../../lib/access';
import { writeAudit } from '../../lib/audit.repo';
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

export async function getPinStatus(db: Db, actor: Actor): Promise<{ isSet: boolean }> {
  return { isSet: (await repo.findPinHash(db, actor.userId)) !== null };
}

/** PUT /auth/pin: a Manager or Super Admin sets their own approval PIN (argon2id); audited, the PIN never. */
export async function setPin(db: Db, actor: Actor, input: SetPinInput): Promise<{ isSet: boolean }> {
  if (!mayHavePin(actor)) throw forbidden(APPROVAL_MSG.pinOnlyManagers);
  const pinHash = await hashPassword(input.pin);
  const companyId = actor.companyId ?? (actor.companyIds === 'all' ? null : (actor.companyIds[0] ?? null));
  await db.transaction(async (tx) => {
    const hadPin = (await repo.findPinHash(tx, actor.userId)) !== null;
    await repo.setPinHash(tx, { userId: actor.userId, pinHash });
    if (companyId) {
      await writeAudit(tx, {
        companyId,
        branchId: actor.branchId,
        userId: actor.userId,
        action: 'user.pin_set',
        entityType: 'user',
        entityId: actor.userId,
        before: { isSet: hadPin },
        after: { isSet: true },
      });
    }
  });
  return { isSet: true };
}
