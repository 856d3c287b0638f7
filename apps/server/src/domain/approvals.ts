import { createHash } from 'node:crypto';
import {
  APPROVAL_INVALID,
  APPROVAL_MSG,
  APPROVAL_REQUIRED,
  type Approval,
  type AuditAction,
  type CartRules,
  priceOverride,
  type ReturnGrantSubject,
  ruleDepartures,
  type SaleGrantCart,
  toMinor,
} from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { type Actor, isCashier } from '../lib/access';
import type { RegisterRules } from '../lib/access.repo';
import { AppError } from '../lib/errors';
import { toMoney } from '../lib/money';
import { burnPasswordCheck, verifyPassword } from '../lib/passwords';
import * as repo from './approvals.repo';
import { writeAudit } from './audit.repo';

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
  const mayApprove = found.isActive && (found.isSuperUser || found.isBranchApprover);
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

export type GrantSubject =
  | { purpose: 'sale'; cart: GrantCart }
  | { purpose: 'shift_close'; shiftId: string; counted: number }
  | { purpose: 'return'; subject: ReturnGrantSubject };

/** The canonical form of what a grant approves (lines sorted, ids lower case, money in minor units). */
function canonicalOf(subject: GrantSubject): unknown[] {
  if (subject.purpose === 'sale') {
    return [
      'sale',
      subject.cart.items
        .map(
          (l) => [l.product_id.toLowerCase(), l.quantity, toMinor(l.price), toMinor(l.unit_price ?? l.price)] as const,
        )
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || a[3] - b[3])),
      subject.cart.discount_type,
      Math.round(subject.cart.discount_value * 100),
      Math.round(subject.cart.tax_rate * 100),
      toMinor(subject.cart.total),
    ];
  }
  if (subject.purpose === 'shift_close')
    return ['shift_close', subject.shiftId.toLowerCase(), toMinor(subject.counted)];
  const r = subject.subject;
  return [
    'return',
    r.originalTransactionId.toLowerCase(),
    r.items
      .map(
        (l) =>
          [l.original_transaction_item_id.toLowerCase(), l.return_quantity, toMinor(l.restocking_fee ?? 0)] as const,
      )
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2])),
    r.refund_method,
    toMinor(r.refund_amount),
  ];
}

/** sha256 (hex) of what a grant approves, in one canonical form (`canonicalOf`). */
export function grantDigest(subject: GrantSubject): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalOf(subject)))
    .digest('hex');
}

const OTHER_SUBJECT: Record<GrantSubject['purpose'], string> = {
  sale: APPROVAL_MSG.grantOtherCart,
  shift_close: APPROVAL_MSG.grantOtherShift,
  return: APPROVAL_MSG.grantOtherReturn,
};

/**
 * Uses a one-time grant for the action it was issued for: the caller's own grant, for this purpose,
 * branch, register and digest, and consumed by `consumer` (the sale's, shift's or return's id) in one
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
    purpose: GrantSubject['purpose'];
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
  if (grant.digest !== digest) throw refused(OTHER_SUBJECT[purpose]);
  if (!(await repo.consumeGrant(db, { companyId: scope.companyId, id: grantId, consumer }))) {
    const now = await repo.findGrant(db, { companyId: scope.companyId, id: grantId });
    throw refused(now?.consumedAt ? APPROVAL_MSG.grantUsed : APPROVAL_MSG.grantExpired);
  }
  return grant.approver;
}

/**
 * A branch's register rules: a cashier's own branch's were read with their session (no read here), any
 * other branch's are read now.
 */
export async function registerRulesOf(
  db: DbOrTx,
  actor: Actor,
  scope: { companyId: string; branchId: string },
): Promise<RegisterRules | undefined> {
  if (actor.workBranchRules && actor.workBranchId === scope.branchId) return actor.workBranchRules;
  return repo.findRegisterRules(db, scope);
}

/** The stored register rules as the shared rule check takes them. */
function cartRulesOf(rules: RegisterRules): CartRules {
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
  total: number;
  offline?: boolean;
  register_id?: string;
  approval_grant_id?: string;
};

export type LimitCheck = { overrides: Override[]; approvedBy: Approver | null };

/**
 * The audit rows a sale writes: its departures from the rules, and a price changed at the register
 * even where nobody needed approving it (a Manager's sale, a branch whose cashiers may change prices).
 */
function recorded(departures: Override[], input: SaleLimitsInput): Override[] {
  const change = priceOverride(input);
  return change && !departures.some((d) => d.action === change.action) ? [...departures, change] : departures;
}

/**
 * The branch's register rules on an online sale (ruleDepartures): a cashier's discount above the
 * branch's maximum, a changed price or tax 0 where the rules forbid it need a manager's one-time grant
 * for this register and this cart (`approval_grant_id`, consumed by the sale `saleId`), else 403
 * APPROVAL_REQUIRED (no grant) or APPROVAL_INVALID (a grant that does not fit). Managers and Super
 * Admins are not limited. Offline sales: reviewOfflineSale.
 */
export async function checkSaleLimits(
  db: DbOrTx,
  actor: Actor,
  scope: { companyId: string; branchId: string },
  input: SaleLimitsInput,
  saleId: string,
): Promise<LimitCheck> {
  if (!isCashier(actor)) return { overrides: recorded([], input), approvedBy: null };
  const rules = await registerRulesOf(db, actor, scope);
  if (!rules) return { overrides: recorded([], input), approvedBy: null };
  // A departure is its override (its audit row): kind, the sale flag it becomes offline, rides along.
  const overrides: Override[] = ruleDepartures(cartRulesOf(rules), input);
  if (overrides.length === 0) return { overrides: recorded(overrides, input), approvedBy: null };
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
  return { overrides: recorded(overrides, input), approvedBy };
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
 * The branch's register rules on a synced offline sale (docs/architecture/register-trust.md). The sale is a fact
 * and is never refused here; what departs from the rules is either covered
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
  if (!cashier.isCashier) return { overrides: recorded([], input), approvedBy: null, flags: [] };
  const rules = await repo.findRegisterRules(db, scope);
  if (!rules) return { overrides: recorded([], input), approvedBy: null, flags: [] };
  const departures = ruleDepartures(cartRulesOf(rules), input);
  const overrides: Override[] = recorded(departures, input);
  if (departures.length === 0) return { overrides, approvedBy: null, flags: [] };
  const claimed = input.device_approval;
  const approver = claimed ? await repo.findBranchApprover(db, { ...scope, userId: claimed.approver_id }) : undefined;
  if (approver && isTrustedRegister && approver.id !== cashier.id) {
    return { overrides, approvedBy: approver, flags: [] };
  }
  const flags = departures.map((d) => d.kind);
  return { overrides, approvedBy: null, flags: claimed ? [...flags, 'approval_invalid'] : flags };
}
