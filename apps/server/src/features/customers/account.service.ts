import {
  ACCOUNT_MSG,
  type AccountEntry,
  type AccountPaymentInput,
  type AccountSummary,
  AGEING_BUCKETS,
  type AgeingQuery,
  type AgeingRow,
  type CreditLimitInput,
  type PageMeta,
  pageMeta,
  toMinor,
} from '@pos/shared';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { drawerForCash, payIntoDrawer } from '../../domain/cash-drawer';
import { toAccountEntry, toAccountSummary } from '../../domain/customer-account';
import * as accounts from '../../domain/customer-account.repo';
import { type Actor, type BranchScope, isCashier, resolveBranch } from '../../lib/access';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { ExportColumn, ListExport } from '../../lib/export-columns';
import { columnsFor } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import { customerInScope } from './customers.service';

/**
 * A customer's account ("khata", docs/architecture/returns.md, 'Customer accounts'): the statement, the
 * credit limit, payments received, and the branch's ageing list. Sales on account and refunds back to it are
 * written by the sale statement and the return (domain/customer-account.ts).
 */

async function summaryOf(db: DbOrTx, scope: BranchScope, customerId: string): Promise<AccountSummary> {
  const [account, ageing] = await Promise.all([
    accounts.accountOf(db, { companyId: scope.companyId, customerId }),
    accounts.customerAgeing(db, scope, customerId),
  ]);
  if (!account) throw notFound('Customer');
  return toAccountSummary(customerId, account, ageing);
}

/** GET /customers/{id}/account: what the customer owes, their limit, what is left of it and the ageing. */
export async function getAccount(db: Db, actor: Actor, id: string): Promise<AccountSummary> {
  const { scope } = await customerInScope(db, actor, id);
  return summaryOf(db, scope, id);
}

/** GET /customers/{id}/account/entries: the statement, newest first, each entry with the balance it left. */
export async function listAccountEntries(
  db: Db,
  actor: Actor,
  id: string,
  query: { page: number; limit: number },
): Promise<{ items: AccountEntry[]; meta: PageMeta }> {
  const { scope } = await customerInScope(db, actor, id);
  const { rows, total } = await accounts.accountEntriesPage(db, {
    companyId: scope.companyId,
    customerId: id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map(toAccountEntry), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** PUT /customers/{id}/account: a Manager or Super Admin sets the credit limit, with a reason (audited). */
export async function setCreditLimit(
  db: Db,
  actor: Actor,
  id: string,
  input: CreditLimitInput,
): Promise<AccountSummary> {
  const { row, scope } = await customerInScope(db, actor, id, 'process_returns');
  await db.transaction(async (tx) => {
    const before = await accounts.accountOf(tx, { companyId: scope.companyId, customerId: id });
    await accounts.setCreditLimit(tx, {
      companyId: scope.companyId,
      customerId: id,
      creditLimit: input.creditLimit.toFixed(2),
    });
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: row.branchId,
      userId: actor.userId,
      action: 'customer.credit_limit',
      entityType: 'customer',
      entityId: id,
      before: { creditLimit: toMoney(before?.creditLimit ?? '0') },
      after: { creditLimit: input.creditLimit, reason: input.reason },
    });
  });
  return summaryOf(db, scope, id);
}

const paymentIdReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This id was already used for a different payment');

/**
 * POST /customers/{id}/account/payments: a payment received on account, by anyone who sells. Cash with
 * `shift_id` goes into that open shift's drawer (a paid-in of the shift, by its cashier or a manager; the
 * entry names it); a cashier's cash always does (400 without a shift). A payment under an `id` already
 * recorded answers that one (422 if it was another payment).
 */
export async function receivePayment(
  db: Db,
  actor: Actor,
  id: string,
  input: AccountPaymentInput,
): Promise<{ entry: AccountEntry; account: AccountSummary }> {
  const { row, scope } = await customerInScope(db, actor, id, 'sell');
  const answer = async (entryId: string) => {
    const entry = await accounts.accountEntry(db, { companyId: scope.companyId, customerId: id, id: entryId });
    if (!entry) throw notFound('Payment');
    return { entry: toAccountEntry(entry), account: await summaryOf(db, scope, id) };
  };
  if (input.id) {
    const existing = await accounts.findAccountEntry(db, { companyId: scope.companyId, id: input.id });
    if (existing) {
      const same =
        existing.customerId === id &&
        existing.kind === 'payment' &&
        existing.method === input.method &&
        toMinor(-toMoney(existing.amount)) === toMinor(input.amount) &&
        existing.userId === actor.userId;
      if (!same) throw paymentIdReused();
      return answer(existing.id);
    }
  }
  const intoDrawer = input.method === 'cash' && input.shift_id;
  if (input.method === 'cash' && !input.shift_id && isCashier(actor)) {
    throw badRequest(ACCOUNT_MSG.paymentNeedsShift, { shift_id: ACCOUNT_MSG.paymentNeedsShift });
  }
  const shift = intoDrawer
    ? await drawerForCash(db, actor, { companyId: scope.companyId, branchId: row.branchId, shiftId: intoDrawer })
    : undefined;
  const entryId = await db.transaction(async (tx) => {
    const movementId = shift
      ? await payIntoDrawer(tx, shift, {
          amount: input.amount.toFixed(2),
          reason: `Payment on account: ${row.name}`,
          userId: actor.userId,
        })
      : null;
    const entry = await accounts.addAccountEntry(tx, {
      ...(input.id && { id: input.id }),
      companyId: scope.companyId,
      customerId: id,
      branchId: row.branchId,
      amount: (-input.amount).toFixed(2),
      kind: 'payment',
      method: input.method,
      referenceId: movementId,
      shiftId: shift?.id ?? null,
      note: input.note || null,
      userId: actor.userId,
    });
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: row.branchId,
      userId: actor.userId,
      registerId: shift?.registerId ?? null,
      action: 'customer.account_payment',
      entityType: 'customer',
      entityId: id,
      after: { amount: input.amount, method: input.method, shiftId: shift?.id ?? null, entryId: entry.id },
    });
    return entry.id;
  });
  return answer(entryId);
}

const toAgeingRow = (r: accounts.AgeingRowDb): AgeingRow => ({
  customerId: r.customer_id,
  name: r.name,
  phone: r.phone,
  balance: toMoney(r.balance),
  creditLimit: toMoney(r.credit_limit),
  current: toMoney(r.current),
  days30: toMoney(r.days30),
  days60: toMoney(r.days60),
  days90: toMoney(r.days90),
  oldestUnpaidAt: r.oldest_unpaid_at ? new Date(r.oldest_unpaid_at).toISOString() : null,
});

/** GET /accounts/ageing: a page of the branch's customers who owe on account, most owed first. */
export async function listAgeing(
  db: Db,
  actor: Actor,
  query: AgeingQuery & { page: number; limit: number },
): Promise<{ items: AgeingRow[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  const { rows, total } = await accounts.ageingPage(db, scope, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map(toAgeingRow), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

const ageingColumns: ExportColumn<AgeingRow>[] = [
  { header: 'Customer', value: (r) => r.name },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Balance', type: 'money', value: (r) => r.balance },
  { header: 'Credit limit', type: 'money', value: (r) => r.creditLimit },
  ...AGEING_BUCKETS.map((b): ExportColumn<AgeingRow> => ({ header: b.label, type: 'money', value: (r) => r[b.key] })),
  { header: 'Oldest unpaid', type: 'date', value: (r) => (r.oldestUnpaidAt ? new Date(r.oldestUnpaidAt) : null) },
];

const EXPORT_BATCH = 1000;

/** GET /accounts/ageing/export.csv: every customer owing in the branch (the list's access and search). */
export async function exportAgeing(
  db: Db,
  actor: Actor,
  query: { branchId: string; search?: string },
): Promise<ListExport<AgeingRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_sales' });
  async function* batches() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      // Batches without the page's count: the export reads rows only.
      const rows = await accounts.ageingRows(db, scope, { search: query.search, limit: EXPORT_BATCH, offset });
      if (rows.length > 0) yield rows.map(toAgeingRow);
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return {
    filename: 'account-ageing',
    columns: columnsFor(actor, ageingColumns),
    timeZone: scope.timezone,
    batches: batches(),
  };
}
