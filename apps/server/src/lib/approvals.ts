import { createHash } from 'node:crypto';
import {
  APPROVAL_INVALID,
  APPROVAL_MSG,
  APPROVAL_REQUIRED,
  type Approval,
  type AuditAction,
  computeCartTotals,
  ROLE_IDS,
  type SaleGrantCart,
  toMinor,
} from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { type Actor, isCashier } from './access';
import * as repo from './approvals.repo';
import { writeAudit } from './audit.repo';
import { AppError } from './errors';
import { toMoney } from './money';
import { burnPasswordCheck, verifyPassword } from './passwords';

/**
 * Approval attempts allowed per approver username in one window, counted both per company and per
 * branch, before approvals by that username are refused for a while (429).
 */
export const APPROVAL_MAX_ATTEMPTS = 5;
export const APPROVAL_WINDOW_MS = 15 * 60_000;
/** Wrong PINs for one approver within APPROVAL_WINDOW_MS that lock their PIN until they set a new one. */
export const PIN_LOCK_AFTER = 5;

export type Approver = { id: string; name: string; username: string };

const refused = (message: string) => new AppError(403, APPROVAL_INVALID, message, { approval: message });

/**
 * A manager's PIN check at the register (POST /approvals/grants issues a grant after it): the username
 * and PIN of an active Manager of this branch (a Manager without a branch: the company's main branch)
 * or a Super Admin of the company (or the platform operator). Answers the approver.
 *
 * One answer, 403 APPROVAL_INVALID with APPROVAL_MSG.invalid, for an unknown username, a wrong, unset
 * or locked PIN, an inactive user and a person out of reach (another company or branch), each after
 * one password hash (verify or burn), so neither the answer nor its time tells a right PIN of someone
 * who cannot approve here from a wrong one. `excluded`: people who may not approve this action (the
 * one asking; a shift's cashier), refused with `message` before any PIN check (the caller knows them).
 *
 * Attempts are counted in login_rate_limits (every server process sees the same count) per approver
 * username in the company and per username and branch: past APPROVAL_MAX_ATTEMPTS in
 * APPROVAL_WINDOW_MS, 429. The company in the key keeps another company's cashiers from blocking an
 * approver they cannot reach anyway. PIN_LOCK_AFTER wrong PINs for one approver who could approve
 * here lock that PIN (users.pin_locked_at; audited as user.pin_locked): it then refuses even the right
 * PIN, with the same one answer, until its owner sets a new one (PUT /auth/pin), and GET /auth/pin
 * tells them. Wrong PINs from out of reach never lock (a stranger cannot lock a manager out).
 */
export async function verifyApproval(
  db: DbOrTx,
  {
    companyId,
    branchId,
    approval,
    requestedBy,
    excluded,
  }: {
    companyId: string;
    branchId: string;
    approval: Approval;
    requestedBy: string;
    excluded: { ids: readonly string[]; message: string };
  },
): Promise<Approver> {
  const username = approval.username.trim().toLowerCase();
  const found = await repo.findApprover(db, { username, companyId, branchId });
  if (found && excluded.ids.includes(found.id)) throw refused(excluded.message);
  const keys = [`approval:user:${companyId}:${username}`, `approval:${username}:${branchId}`];
  let attempts = 0;
  for (const key of keys) {
    attempts = Math.max(attempts, await repo.countApprovalAttempt(db, { key, windowMs: APPROVAL_WINDOW_MS }));
  }
  if (attempts > APPROVAL_MAX_ATTEMPTS) {
    throw new AppError(429, 'RATE_LIMITED', APPROVAL_MSG.tooMany, { approval: APPROVAL_MSG.tooMany });
  }
  if (!found?.pinHash) {
    await burnPasswordCheck(approval.pin);
    throw refused(APPROVAL_MSG.invalid);
  }
  const isRight = await verifyPassword(found.pinHash, approval.pin);
  const isCompanyAdmin = found.roleId === ROLE_IDS.superAdmin && (found.isMember || found.companyId === companyId);
  const isBranchManager =
    found.roleId === ROLE_IDS.manager &&
    found.companyId === companyId &&
    (found.branchId === branchId || (found.branchId === null && found.isMainBranch));
  const mayApprove = found.isActive && (found.isSuperUser || isCompanyAdmin || isBranchManager);
  if (!mayApprove) throw refused(APPROVAL_MSG.invalid);
  if (found.pinLockedAt) throw refused(APPROVAL_MSG.invalid);
  const failuresKey = `approval:failed:${found.id}`;
  if (!isRight) {
    const failures = await repo.countApprovalAttempt(db, { key: failuresKey, windowMs: APPROVAL_WINDOW_MS });
    if (failures >= PIN_LOCK_AFTER && (await repo.lockPin(db, found.id))) {
      await repo.clearApprovalAttempts(db, failuresKey);
      await writeAudit(db, {
        companyId,
        branchId,
        userId: requestedBy,
        action: 'user.pin_locked',
        entityType: 'user',
        entityId: found.id,
        before: { isLocked: false },
        after: { isLocked: true, wrongAttempts: failures },
      });
    }
    throw refused(APPROVAL_MSG.invalid);
  }
  for (const key of [...keys, failuresKey]) await repo.clearApprovalAttempts(db, key);
  return { id: found.id, name: found.name, username: found.username };
}

/** What a sale's grant is bound to: the cart as the sale sends it. */
export type GrantCart = Pick<SaleGrantCart, 'discount_type' | 'discount_value' | 'tax_rate' | 'total'> & {
  items: readonly SaleGrantCart['items'][number][];
};

/** sha256 (hex) of what a grant approves, in one canonical form (lines in product order, money in minor units). */
export function grantDigest(
  subject: { purpose: 'sale'; cart: GrantCart } | { purpose: 'shift_close'; shiftId: string; counted: number },
): string {
  const canonical =
    subject.purpose === 'sale'
      ? [
          'sale',
          subject.cart.items
            .map(
              (l) =>
                [l.product_id.toLowerCase(), l.quantity, toMinor(l.price), toMinor(l.unit_price ?? l.price)] as const,
            )
            .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || a[3] - b[3])),
          subject.cart.discount_type,
          Math.round(subject.cart.discount_value * 100),
          Math.round(subject.cart.tax_rate * 100),
          toMinor(subject.cart.total),
        ]
      : ['shift_close', subject.shiftId.toLowerCase(), toMinor(subject.counted)];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Uses a one-time grant for the action it was issued for: the caller's own grant, for this purpose,
 * branch, register and digest, and consumed by `consumer` (the sale's or shift's id) in one
 * conditional statement. A grant already consumed by the same consumer passes again (a retry of the
 * same sale). Anything else: 403 APPROVAL_INVALID saying why. Answers the approver.
 */
export async function useGrant(
  db: DbOrTx,
  {
    actor,
    scope,
    grantId,
    purpose,
    registerId,
    digest,
    consumer,
  }: {
    actor: Actor;
    scope: { companyId: string; branchId: string };
    grantId: string;
    purpose: 'sale' | 'shift_close';
    registerId: string | null;
    digest: string;
    consumer: string;
  },
): Promise<Approver> {
  const grant = await repo.findGrant(db, { companyId: scope.companyId, id: grantId });
  if (!grant || grant.branchId !== scope.branchId || grant.purpose !== purpose || grant.requestedBy !== actor.userId) {
    throw refused(APPROVAL_MSG.grantUnknown);
  }
  if (grant.registerId !== registerId) throw refused(APPROVAL_MSG.grantOtherRegister);
  if (grant.digest !== digest) {
    throw refused(purpose === 'sale' ? APPROVAL_MSG.grantOtherCart : APPROVAL_MSG.grantOtherShift);
  }
  if (!(await repo.consumeGrant(db, { companyId: scope.companyId, id: grantId, consumer }))) {
    const now = await repo.findGrant(db, { companyId: scope.companyId, id: grantId });
    throw refused(now?.consumedAt ? APPROVAL_MSG.grantUsed : APPROVAL_MSG.grantExpired);
  }
  return grant.approver;
}

/** A limit a cashier's request went past, and the audit row it writes. */
export type Override = { action: AuditAction; reason: string; before: unknown; after: unknown };

/** The sale fields the register rules look at (POST /transactions). */
export type SaleLimitsInput = {
  items: readonly { product_id: string; quantity: number; price: number; unit_price?: number }[];
  tax_rate: number;
  discount_type: 'percentage' | 'amount';
  discount_value: number;
  total: number;
  offline?: boolean;
  register_id?: string;
  approval_grant_id?: string;
};

export type LimitCheck = { overrides: Override[]; approvedBy: Approver | null };

/**
 * The branch's register rules on a sale (issue 15): a cashier's discount above the branch's maximum
 * (a percent, or an amount above that share of the subtotal), a line's `unit_price` other than the
 * product's price without `cashier_may_change_price`, and tax 0 on a taxed branch without
 * `cashier_may_zero_tax` need a manager's one-time grant for this register and this cart
 * (`approval_grant_id`, consumed by the sale `saleId`), else 403 APPROVAL_REQUIRED (no grant) or
 * APPROVAL_INVALID (a grant that does not fit). Managers and Super Admins are not limited. An offline
 * sale is a fact: it is never refused; its overrides are audited.
 */
export async function checkSaleLimits(
  db: DbOrTx,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  input: SaleLimitsInput,
  saleId: string,
): Promise<LimitCheck> {
  if (!isCashier(actor)) return { overrides: [], approvedBy: null };
  const rules = await repo.findRegisterRules(db, scope);
  if (!rules) return { overrides: [], approvedBy: null };
  const overrides: Override[] = [];
  const maxPercent = toMoney(rules.cashierMaxDiscountPercent);
  const totals = computeCartTotals({
    items: input.items.map((line) => ({ price: line.unit_price ?? line.price, quantity: line.quantity })),
    taxRate: input.tax_rate,
    discountType: input.discount_type,
    discountValue: input.discount_value,
  });
  // A percentage is compared as given (its rounded amount may pass the share by half a minor unit);
  // an amount against that share of the subtotal, in basis points.
  const { subtotal, discountAmount } = totals.minor;
  const isOverLimit =
    input.discount_type === 'percentage'
      ? input.discount_value > maxPercent
      : discountAmount * 10_000 > subtotal * Math.round(maxPercent * 100);
  if (discountAmount > 0 && isOverLimit) {
    overrides.push({
      action: 'sale.discount_override',
      reason: `Discount above the cashier's limit of ${maxPercent}%`,
      before: { maxDiscountPercent: maxPercent },
      after: {
        discountType: input.discount_type,
        discountValue: input.discount_value,
        discountAmount: totals.discountAmount,
        subtotal: totals.subtotal,
      },
    });
  }
  if (!rules.cashierMayChangePrice) {
    const changed = input.items.filter((l) => l.unit_price !== undefined && toMinor(l.unit_price) !== toMinor(l.price));
    if (changed.length > 0) {
      overrides.push({
        action: 'sale.price_override',
        reason: 'Price changes at the register need a manager',
        before: changed.map((l) => ({ productId: l.product_id, price: l.price })),
        after: changed.map((l) => ({ productId: l.product_id, price: l.unit_price })),
      });
    }
  }
  const branchTax = toMoney(rules.taxRate);
  if (!rules.cashierMayZeroTax && input.tax_rate === 0 && branchTax > 0) {
    overrides.push({
      action: 'sale.zero_tax',
      reason: 'A sale without tax needs a manager',
      before: { taxRate: branchTax },
      after: { taxRate: 0 },
    });
  }
  if (overrides.length === 0) return { overrides, approvedBy: null };
  if (input.offline) return { overrides, approvedBy: null };
  if (!input.approval_grant_id) {
    // An id out of reach answers 404 wherever it sits, before any rule: the sale path says which.
    const ids = [...new Set(input.items.map((l) => l.product_id))];
    if (!(await repo.areBranchProducts(db, { ...scope, ids }))) return { overrides: [], approvedBy: null };
    const reason = overrides.map((o) => o.reason).join('; ');
    throw new AppError(403, APPROVAL_REQUIRED, `Manager approval required: ${reason}`, { approval: reason });
  }
  const approvedBy = await useGrant(db, {
    actor,
    scope,
    grantId: input.approval_grant_id,
    purpose: 'sale',
    registerId: input.register_id ?? null,
    digest: grantDigest({ purpose: 'sale', cart: input }),
    consumer: saleId,
  });
  return { overrides, approvedBy };
}

/** The audit rows of a written sale's overrides (after the sale's statement: it is one statement). */
export async function auditOverrides(
  db: DbOrTx,
  {
    actor,
    scope,
    check,
    entityType,
    entityId,
    registerId,
    offline,
  }: {
    actor: Actor;
    scope: { companyId: string; branchId: string };
    check: LimitCheck;
    entityType: string;
    entityId: string;
    registerId?: string | null;
    offline?: boolean;
  },
): Promise<void> {
  for (const override of check.overrides) {
    await writeAudit(db, {
      ...scope,
      userId: actor.userId,
      approvedById: check.approvedBy?.id ?? null,
      registerId: registerId ?? null,
      action: override.action,
      entityType,
      entityId,
      before: override.before,
      after: { ...(override.after as object), ...(offline ? { offline: true } : {}) },
    });
  }
}

/** The register and offline mark of a sale request, when the request names them. */
export function saleOrigin(input: object): { registerId: string | null; offline: boolean } {
  const { register_id, offline } = input as { register_id?: string | null; offline?: boolean };
  return { registerId: register_id ?? null, offline: offline === true };
}
