import {
  APPROVAL_INVALID,
  APPROVAL_MSG,
  APPROVAL_REQUIRED,
  type Approval,
  type AuditAction,
  computeCartTotals,
  ROLE_IDS,
  toMinor,
} from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { type Actor, isCashier } from './access';
import * as repo from './approvals.repo';
import { writeAudit } from './audit.repo';
import { AppError } from './errors';
import { toMoney } from './money';
import { burnPasswordCheck, verifyPassword } from './passwords';

/** Wrong PINs allowed per approver and branch in one window before approvals are refused for a while. */
export const APPROVAL_MAX_ATTEMPTS = 5;
export const APPROVAL_WINDOW_MS = 15 * 60_000;

export type Approver = { id: string; name: string; username: string };

const refused = (message: string) => new AppError(403, APPROVAL_INVALID, message, { approval: message });

/**
 * A manager's approval at the register: the username and PIN of an active Manager of this branch
 * (a Manager without a branch: the company's main branch) or a Super Admin of the company (or the
 * platform operator). Answers the approver; 403 APPROVAL_INVALID otherwise (a wrong or unset PIN and
 * an unknown username get the same answer after the same work), 429 after APPROVAL_MAX_ATTEMPTS
 * attempts per approver username and branch in APPROVAL_WINDOW_MS, counted in the database like
 * sign-in attempts (login_rate_limits), so every server process sees the same count.
 */
export async function verifyApproval(
  db: DbOrTx,
  { companyId, branchId, approval }: { companyId: string; branchId: string; approval: Approval },
): Promise<Approver> {
  const username = approval.username.trim();
  const key = `approval:${username.toLowerCase()}:${branchId}`;
  const attempts = await repo.countApprovalAttempt(db, { key, windowMs: APPROVAL_WINDOW_MS });
  if (attempts > APPROVAL_MAX_ATTEMPTS) {
    throw new AppError(429, 'RATE_LIMITED', APPROVAL_MSG.tooMany, { approval: APPROVAL_MSG.tooMany });
  }
  const found = await repo.findApprover(db, { username, companyId, branchId });
  if (!found?.pinHash) {
    await burnPasswordCheck(approval.pin);
    throw refused(APPROVAL_MSG.invalid);
  }
  if (!(await verifyPassword(found.pinHash, approval.pin)) || !found.isActive) throw refused(APPROVAL_MSG.invalid);
  const isCompanyAdmin = found.roleId === ROLE_IDS.superAdmin && (found.isMember || found.companyId === companyId);
  const isBranchManager =
    found.roleId === ROLE_IDS.manager &&
    found.companyId === companyId &&
    (found.branchId === branchId || (found.branchId === null && found.isMainBranch));
  if (!found.isSuperUser && !isCompanyAdmin && !isBranchManager) throw refused(APPROVAL_MSG.notApprover);
  await repo.clearApprovalAttempts(db, key);
  return { id: found.id, name: found.name, username: found.username };
}

/** A limit a cashier's request went past, and the audit row it writes. */
export type Override = { action: AuditAction; reason: string; before: unknown; after: unknown };

/** The sale fields the register rules look at (POST /transactions). */
export type SaleLimitsInput = {
  items: readonly { product_id: string; quantity: number; price: number; unit_price?: number }[];
  tax_rate: number;
  discount_type: 'percentage' | 'amount';
  discount_value: number;
  offline?: boolean;
  approval?: Approval | null;
};

export type LimitCheck = { overrides: Override[]; approvedBy: Approver | null };

/**
 * The branch's register rules on a sale (issue 15): a cashier's discount above the branch's maximum
 * (a percent, or an amount above that share of the subtotal), a line's `unit_price` other than the
 * product's price without `cashier_may_change_price`, and tax 0 on a taxed branch without
 * `cashier_may_zero_tax` need a valid `approval`, else 403 APPROVAL_REQUIRED. Managers and Super
 * Admins are not limited. An offline sale is a fact: it is never refused; its overrides are audited
 * (with the approver when the register collected a valid approval).
 */
export async function checkSaleLimits(
  db: DbOrTx,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  input: SaleLimitsInput,
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
  if (input.offline) {
    const approvedBy = input.approval
      ? await verifyApproval(db, { ...scope, approval: input.approval }).catch(() => null)
      : null;
    return { overrides, approvedBy };
  }
  if (!input.approval) {
    // An id out of reach answers 404 wherever it sits, before any rule: the sale path says which.
    const ids = [...new Set(input.items.map((l) => l.product_id))];
    if (!(await repo.areBranchProducts(db, { ...scope, ids }))) return { overrides: [], approvedBy: null };
    const reason = overrides.map((o) => o.reason).join('; ');
    throw new AppError(403, APPROVAL_REQUIRED, `Manager approval required: ${reason}`, { approval: reason });
  }
  return { overrides, approvedBy: await verifyApproval(db, { ...scope, approval: input.approval }) };
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
