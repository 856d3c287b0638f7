import {
  APPROVAL_INVALID,
  APPROVAL_MSG,
  APPROVAL_REQUIRED,
  type Approval,
  type AuditAction,
  type CartRules,
  ROLE_IDS,
  ruleDepartures,
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

/** The stored register rules as the shared rule check takes them. */
function cartRulesOf(rules: NonNullable<Awaited<ReturnType<typeof repo.findRegisterRules>>>): CartRules {
  return {
    cashierMaxDiscountPercent: toMoney(rules.cashierMaxDiscountPercent),
    cashierMayChangePrice: rules.cashierMayChangePrice,
    cashierMayZeroTax: rules.cashierMayZeroTax,
    taxRate: toMoney(rules.taxRate),
  };
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
 * The branch's register rules on an online sale (ruleDepartures): a cashier's discount above the
 * branch's maximum, a changed price or tax 0 where the rules forbid it need a valid `approval`, else
 * 403 APPROVAL_REQUIRED. Managers and Super Admins are not limited. Offline sales: reviewOfflineSale.
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
  const overrides: Override[] = ruleDepartures(cartRulesOf(rules), input).map(({ action, reason, before, after }) => ({
    action,
    reason,
    before,
    after,
  }));
  if (overrides.length === 0) return { overrides, approvedBy: null };
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

/**
 * The branch's register rules on a synced offline sale (docs/ARCHITECTURE.md, 'The register's trust
 * model'). The sale is a fact and is never refused here; what departs from the rules is either covered
 * by the approval the register recorded (a manager of the branch, not the sale's cashier, on a trusted
 * register) or becomes the sale's review flags: the departure's kind, plus `approval_invalid` when the
 * recorded approval does not count. The audit rows name the approver when it counts.
 */
export async function reviewOfflineSale(
  db: DbOrTx,
  scope: { companyId: string; branchId: string },
  {
    input,
    cashier,
    isTrustedRegister,
  }: {
    input: SaleLimitsInput & { device_approval?: { approver_id: string } };
    /** The sale's cashier (the rules hold cashiers only). */
    cashier: { id: string; isCashier: boolean };
    isTrustedRegister: boolean;
  },
): Promise<LimitCheck & { flags: string[] }> {
  if (!cashier.isCashier) return { overrides: [], approvedBy: null, flags: [] };
  const rules = await repo.findRegisterRules(db, scope);
  if (!rules) return { overrides: [], approvedBy: null, flags: [] };
  const departures = ruleDepartures(cartRulesOf(rules), input);
  const overrides = departures.map(({ action, reason, before, after }) => ({ action, reason, before, after }));
  if (departures.length === 0) return { overrides, approvedBy: null, flags: [] };
  const claimed = input.device_approval;
  const approver = claimed ? await repo.findBranchApprover(db, { ...scope, userId: claimed.approver_id }) : undefined;
  if (approver && isTrustedRegister && approver.id !== cashier.id) {
    return { overrides, approvedBy: approver, flags: [] };
  }
  const flags = departures.map((d) => d.kind);
  return { overrides, approvedBy: null, flags: claimed ? [...flags, 'approval_invalid'] : flags };
}
