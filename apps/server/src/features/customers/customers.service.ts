import {
  type CreditEntry,
  CUSTOMER_MSG,
  type Customer,
  type CustomerAnalytics,
  type CustomerContact,
  type CustomerListItem,
  type CustomerReturn,
  type CustomerTransaction,
  type creditAdjustmentSchema,
  type PageMeta,
  type Permission,
  pageMeta,
  type updateCustomerSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { customerSalesFigures } from '../../domain/sales-figures';
import { creditErrorOf } from '../../domain/store-credit';
import { addCreditEntry, creditEntriesPage } from '../../domain/store-credit.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { conflict, notFound } from '../../lib/errors';
import { readPage, readPageByMarks } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import * as repo from './customers.repo';

type UpdateCustomerParsed = z.output<typeof updateCustomerSchema>;

/**
 * GET /customers/branch/{branchId}/phone/{phone}: the register's look-up. The phone is matched exactly
 * after trimming, as POST /transactions stores it; a miss is a 404 (the register stays silent).
 */
export async function findByPhone(
  db: Db,
  actor: Actor,
  { branchId, phone }: { branchId: string; phone: string },
): Promise<CustomerContact> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_customers' });
  const customer = await repo.findCustomerByPhone(db, { ...scope, phone });
  if (!customer) throw notFound('Customer');
  return {
    ...customer,
    creditBalance: toMoney(customer.creditBalance),
    accountBalance: toMoney(customer.accountBalance),
    creditLimit: toMoney(customer.creditLimit),
  };
}

const toCustomer = (r: repo.CustomerRow): Customer => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  creditBalance: toMoney(r.creditBalance),
  accountBalance: toMoney(r.accountBalance),
  creditLimit: toMoney(r.creditLimit),
});

/** GET /customers: a page of the branch's customers with their completed sales' count and total. */
export async function listCustomers(
  db: Db,
  actor: Actor,
  query: { branchId: string; page: number; limit: number; search?: string },
): Promise<{ items: CustomerListItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_customers' });
  // The whole branch pages by its kept runs; a search counts its matches.
  const [rows, total] = query.search
    ? await readPage({
        page: query.page,
        limit: query.limit,
        count: () => repo.countCustomers(db, scope, query.search),
        rows: (window) => repo.listCustomers(db, scope, query.search, { window }),
      })
    : await readPageByMarks({
        page: query.page,
        limit: query.limit,
        marks: () => repo.customerRuns(db, scope),
        rows: (seek) => repo.listCustomers(db, scope, undefined, seek),
      });
  const items = rows.map((r) => ({
    ...toCustomer(r),
    transactionsCount: Number(r.transactionsCount),
    totalSpent: toMoney(r.totalSpent),
  }));
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** The customer and their branch's scope; 404 outside the actor's companies or branch (never 403 for scope). */
export async function customerInScope(db: Db, actor: Actor, id: string, permission: Permission = 'view_customers') {
  const row = await loadInScope(actor, {
    what: 'Customer',
    permission,
    load: (companyIds) => repo.findCustomer(db, { id, companyIds }),
  });
  // The branch's time zone: the history's date filters are days there.
  const scope = await resolveBranch(db, { actor, branchId: row.branchId });
  return { row, scope };
}

export async function getCustomer(db: Db, actor: Actor, id: string): Promise<Customer> {
  const { row } = await customerInScope(db, actor, id);
  return toCustomer(row);
}

/** GET /customers/{id}/analytics: the sales figures of the customer (domain/sales-figures), all time. */
export async function getAnalytics(db: Db, actor: Actor, id: string): Promise<CustomerAnalytics> {
  const { scope } = await customerInScope(db, actor, id);
  const f = await customerSalesFigures(db, { companyId: scope.companyId, customerId: id });
  return {
    totalTransactions: f.grossTransactions,
    totalSpent: f.grossRevenue,
    netSpent: f.netRevenue,
    averageTransaction: f.averageTransactionValue,
  };
}

type HistoryQuery = { page: number; limit: number; startDate?: string; endDate?: string };

export async function listTransactions(
  db: Db,
  actor: Actor,
  id: string,
  query: HistoryQuery,
): Promise<{ items: CustomerTransaction[]; meta: PageMeta }> {
  const { scope } = await customerInScope(db, actor, id, 'view_transactions');
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const { rows, total } = await repo.customerSales(db, scope, id, query, page);
  const items = rows.map((r) => ({
    id: r.id,
    receiptNumber: r.receiptNumber,
    transactionDate: r.createdAt.toISOString(),
    paymentMethod: r.paymentMethod,
    status: r.status,
    itemCount: Number(r.itemCount),
    total: toMoney(r.total),
  }));
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function listReturns(
  db: Db,
  actor: Actor,
  id: string,
  query: HistoryQuery,
): Promise<{ items: CustomerReturn[]; meta: PageMeta }> {
  const { scope } = await customerInScope(db, actor, id);
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const { rows, total } = await repo.customerReturns(db, scope, id, query, page);
  const items = rows.map((r) => ({
    id: r.id,
    returnNumber: r.returnNumber,
    returnDate: r.createdAt.toISOString(),
    items: Number(r.items),
    refundAmount: toMoney(r.refundAmount),
    restockingFee: toMoney(r.restockingFee),
    reason: r.reason,
    reasonDescription: r.reasonDescription,
    status: r.status,
  }));
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/**
 * PATCH /customers/{id}: name, phone, email, address, notes (anyone who may see the branch's customers,
 * as the register creates them). A phone another customer of the branch has is a 409.
 */
export async function updateCustomer(db: Db, actor: Actor, id: string, input: UpdateCustomerParsed): Promise<Customer> {
  const { row, scope } = await customerInScope(db, actor, id);
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (input.phone && input.phone !== row.phone) {
    if (await repo.phoneTaken(db, { ...scope, phone: input.phone, exceptId: id })) {
      throw conflict(CUSTOMER_MSG.phoneTaken, { phone: CUSTOMER_MSG.phoneTaken });
    }
  }
  await repo.updateCustomer(db, { companyId: scope.companyId, id }, patch);
  const updated = await repo.findCustomer(db, { id, companyIds: [scope.companyId] });
  if (!updated) throw notFound('Customer');
  return toCustomer(updated);
}

const toCreditEntry = (r: Awaited<ReturnType<typeof creditEntriesPage>>['rows'][number]): CreditEntry => ({
  id: r.id,
  amount: toMoney(r.amount),
  kind: r.kind,
  reference: r.referenceId && r.referenceNumber ? { id: r.referenceId, number: r.referenceNumber } : null,
  note: r.note,
  userName: r.userName,
  createdAt: r.createdAt.toISOString(),
});

/** GET /customers/{id}/credit: the customer's store credit ledger, newest first (the balance is on the customer). */
export async function listCreditEntries(
  db: Db,
  actor: Actor,
  id: string,
  query: { page: number; limit: number },
): Promise<{ items: CreditEntry[]; meta: PageMeta }> {
  const { scope } = await customerInScope(db, actor, id);
  const { rows, total } = await creditEntriesPage(db, {
    companyId: scope.companyId,
    customerId: id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map(toCreditEntry), meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/**
 * POST /customers/{id}/credit: a Manager or Super Admin gives store credit (amount above 0) or takes it back
 * (below 0) with a reason; never below a balance of 0 (409). One entry and one audit row.
 */
export async function adjustCredit(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof creditAdjustmentSchema>,
): Promise<{ entry: CreditEntry; balance: number }> {
  const { scope } = await customerInScope(db, actor, id, 'process_returns');
  const { entry, balance } = await db
    .transaction(async (tx) => {
      const added = await addCreditEntry(tx, {
        companyId: scope.companyId,
        customerId: id,
        amount: input.amount.toFixed(2),
        kind: 'adjustment',
        note: input.reason,
        userId: actor.userId,
      });
      await writeAudit(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        userId: actor.userId,
        action: 'customer.credit_adjust',
        entityType: 'customer',
        entityId: id,
        after: { amount: input.amount, reason: input.reason, balance: toMoney(added.balance) },
      });
      return added;
    })
    .catch((error: unknown) => {
      throw creditErrorOf(error) ?? error;
    });
  return {
    entry: toCreditEntry({ ...entry, referenceNumber: null, userName: actor.name }),
    balance: toMoney(balance),
  };
}
