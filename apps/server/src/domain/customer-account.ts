import {
  ACCOUNT_MSG,
  type AccountEntry,
  type AccountSummary,
  type Ageing,
  APPROVAL_REQUIRED,
  fromMinor,
  toMinor,
} from '@pos/shared';
import { REFUSALS } from '../db/refusals';
import { type Actor, isCashier } from '../lib/access';
import { AppError } from '../lib/errors';
import { toMoney } from '../lib/money';
import { refusalOf } from '../lib/pg-errors';
import { type Approver, grantDigest, type SaleLimitsInput, useGrant } from './approvals';
import type { AccountEntryRow, AgeingRowDb } from './customer-account.repo';

/**
 * Customer accounts ("khata", docs/architecture/returns.md, 'Customer accounts'): what a customer owes is the
 * sum of their account entries (customer-account.repo.ts; the sale statement charges an account tender
 * itself). An online sale may take it past the customer's credit limit only with a manager's approval: a
 * manager's or Super Admin's own sale is theirs; a cashier's needs a manager's one-time grant for the cart
 * (the same grant as the register's rules), else the entries' trigger refuses and `accountErrorOf` answers 403
 * APPROVAL_REQUIRED, which the register turns into the approval dialog.
 */

/** The sale pays (part) on account. */
export const paysOnAccount = (input: { payment_method: string; tenders?: { method: string }[] | null }) =>
  input.payment_method === 'account' || (input.tenders ?? []).some((t) => t.method === 'account');

/**
 * Who approves this sale's account tender past the credit limit, if it goes there: the manager who approved the
 * cart for the register's rules, the seller when they are a manager, or the manager of the grant the cashier
 * names (consumed by this sale). Null: nobody (the trigger refuses it past the limit).
 */
export async function accountApprover(
  db: Parameters<typeof useGrant>[0],
  actor: Actor,
  scope: { companyId: string; branchId: string },
  input: SaleLimitsInput & { payment_method: string; tenders?: { method: string }[] | null },
  saleId: string,
  approvedBy: Approver | null,
): Promise<string | null> {
  if (!paysOnAccount(input)) return null;
  if (approvedBy) return approvedBy.id;
  if (!isCashier(actor)) return actor.userId;
  if (!input.approval_grant_id) return null;
  const approver = await useGrant(db, {
    actor,
    scope,
    grantId: input.approval_grant_id,
    purpose: 'sale',
    registerId: input.register_id ?? null,
    digest: grantDigest({ purpose: 'sale', cart: input }),
    consumer: saleId,
  });
  return approver.id;
}

export function accountErrorOf(error: unknown): AppError | undefined {
  if (refusalOf(error) === REFUSALS.accountOverLimit) {
    return new AppError(403, APPROVAL_REQUIRED, ACCOUNT_MSG.overLimit, { approval: ACCOUNT_MSG.overLimit });
  }
  return undefined;
}

export function toAccountEntry(row: AccountEntryRow): AccountEntry {
  return {
    id: row.id,
    amount: toMoney(row.amount),
    kind: row.kind,
    method: row.method,
    reference: row.reference_id && row.reference_number ? { id: row.reference_id, number: row.reference_number } : null,
    note: row.note,
    userName: row.user_name,
    approvedByName: row.approved_by_name,
    offline: row.offline,
    balance: toMoney(row.balance),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const ageingOf = (row: Pick<AgeingRowDb, 'current' | 'days30' | 'days60' | 'days90'> | undefined): Ageing => ({
  current: toMoney(row?.current ?? '0'),
  days30: toMoney(row?.days30 ?? '0'),
  days60: toMoney(row?.days60 ?? '0'),
  days90: toMoney(row?.days90 ?? '0'),
});

export function toAccountSummary(
  customerId: string,
  account: { balance: string; creditLimit: string },
  ageing: AgeingRowDb | undefined,
): AccountSummary {
  const balance = toMoney(account.balance);
  const creditLimit = toMoney(account.creditLimit);
  const available = fromMinor(Math.max(toMinor(creditLimit) - toMinor(balance), 0));
  return { customerId, balance, creditLimit, available, ageing: ageingOf(ageing) };
}
