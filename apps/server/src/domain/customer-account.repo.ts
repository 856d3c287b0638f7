import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { customerAccountEntries, customers } from '../db/schema';
import { containsPattern } from '../lib/sql-filters.repo';

export type AccountEntryValues = {
  companyId: string;
  customerId: string;
  branchId: string;
  /** Signed money as text with 2 decimals: owed more above 0 (a sale), paid or refunded below. */
  amount: string;
  kind: 'sale' | 'payment' | 'return';
  method?: 'cash' | 'card' | null;
  referenceId?: string | null;
  shiftId?: string | null;
  note?: string | null;
  userId: string | null;
  id?: string;
};

/**
 * The one writer of a customer account outside the sale statement (which charges an account tender itself):
 * an entry of the customer's account. Its insert trigger moves what they owe in this transaction. Answers the
 * entry.
 */
export async function addAccountEntry(tx: DbOrTx, values: AccountEntryValues) {
  const [entry] = await tx.insert(customerAccountEntries).values(values).returning({ id: customerAccountEntries.id });
  if (!entry) throw new Error('account entry not inserted');
  return entry;
}

/** An entry by its id in the company (a payment's id is the register's: its idempotency key). */
export async function findAccountEntry(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await db
    .select()
    .from(customerAccountEntries)
    .where(and(eq(customerAccountEntries.companyId, companyId), eq(customerAccountEntries.id, id)));
  return row;
}

/** The customer's balance and limit (money as text). */
export async function accountOf(db: DbOrTx, { companyId, customerId }: { companyId: string; customerId: string }) {
  const [row] = await db
    .select({ balance: customers.accountBalance, creditLimit: customers.creditLimit })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return row;
}

export async function setCreditLimit(
  tx: DbOrTx,
  { companyId, customerId, creditLimit }: { companyId: string; customerId: string; creditLimit: string },
) {
  const [row] = await tx
    .update(customers)
    .set({ creditLimit })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    .returning({ balance: customers.accountBalance, creditLimit: customers.creditLimit });
  return row;
}

export type AccountEntryRow = {
  id: string;
  amount: string;
  kind: 'sale' | 'payment' | 'return';
  method: 'cash' | 'card' | null;
  reference_id: string | null;
  reference_number: string | null;
  note: string | null;
  user_name: string | null;
  approved_by_name: string | null;
  offline: boolean;
  balance: string;
  created_at: Date;
};

/** A statement's entries with the balance each left (running, oldest first), newest first. */
function entriesSql(companyId: string, customerId: string, where: SQL) {
  return sql`
    select e.id, e.amount::text, e.kind, e.method, e.reference_id,
           coalesce(r.return_number, s.receipt_number) as reference_number, e.note,
           u.name as user_name, a.name as approved_by_name, e.offline,
           (sum(e.amount) over (order by e.created_at, e.id))::text as balance, e.created_at
    from customer_account_entries e
    left join sales s on e.kind = 'sale' and s.company_id = e.company_id and s.id = e.reference_id
    left join returns r on e.kind = 'return' and r.company_id = e.company_id and r.id = e.reference_id
    left join users u on u.id = e.user_id
    left join users a on a.id = e.approved_by
    where e.company_id = ${companyId} and e.customer_id = ${customerId} and ${where}`;
}

/** One page of the customer's statement, newest first. */
export async function accountEntriesPage(
  db: DbOrTx,
  { companyId, customerId, limit, offset }: { companyId: string; customerId: string; limit: number; offset: number },
) {
  const [rows, [counted]] = await Promise.all([
    queryRows<AccountEntryRow>(
      db,
      sql`select * from (${entriesSql(companyId, customerId, sql`true`)}) as statement
          order by created_at desc, id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from customer_account_entries
          where company_id = ${companyId} and customer_id = ${customerId}`,
    ),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One entry of the statement, with its running balance. */
export async function accountEntry(
  db: DbOrTx,
  { companyId, customerId, id }: { companyId: string; customerId: string; id: string },
) {
  const [row] = await queryRows<AccountEntryRow>(
    db,
    sql`select * from (${entriesSql(companyId, customerId, sql`true`)}) as statement where id = ${id}`,
  );
  return row;
}

export type AgeingRowDb = {
  customer_id: string;
  name: string;
  phone: string;
  balance: string;
  credit_limit: string;
  current: string;
  days30: string;
  days60: string;
  days90: string;
  oldest_unpaid_at: Date | null;
};

/**
 * The ageing of what customers owe: the unpaid part of their sales on account, payments and refunds paying
 * the oldest first (so the unpaid part is the newest sales summing to the balance), by age in days in the
 * branch's time zone: 0-29, 30-59, 60-89, 90+. `customerId`: one customer; else the branch's customers
 * owing, most owed first, searched by name or phone.
 */
export function ageingSql(
  scope: { companyId: string; branchId: string },
  filter: { customerId?: string; search?: string },
) {
  const where = filter.customerId
    ? sql`c.id = ${filter.customerId}`
    : sql`c.branch_id = ${scope.branchId} and c.account_balance > 0
          ${filter.search ? sql`and c.search_key like lower(${containsPattern(filter.search)})` : sql``}`;
  return sql`
    with owing as (
      select c.company_id, c.id, c.name, c.phone, c.account_balance, c.credit_limit, b.timezone
      from customers c
      join branches b on b.company_id = c.company_id and b.id = c.branch_id
      where c.company_id = ${scope.companyId} and ${where}
    ),
    charges as (
      select o.id as customer_id, e.created_at, e.amount,
             o.account_balance - (sum(e.amount) over (partition by o.id order by e.created_at desc, e.id desc)
                                  - e.amount) as left_before,
             (now() at time zone o.timezone)::date - (e.created_at at time zone o.timezone)::date as age
      from owing o
      join customer_account_entries e on e.company_id = o.company_id and e.customer_id = o.id and e.amount > 0
      where o.account_balance > 0
    ),
    unpaid as (
      select customer_id, created_at, age, least(amount, left_before) as amount from charges where left_before > 0
    )
    select o.id as customer_id, o.name, o.phone, o.account_balance::text as balance,
           o.credit_limit::text as credit_limit,
           coalesce(sum(u.amount) filter (where u.age < 30), 0)::text as current,
           coalesce(sum(u.amount) filter (where u.age >= 30 and u.age < 60), 0)::text as days30,
           coalesce(sum(u.amount) filter (where u.age >= 60 and u.age < 90), 0)::text as days60,
           coalesce(sum(u.amount) filter (where u.age >= 90), 0)::text as days90,
           min(u.created_at) as oldest_unpaid_at
    from owing o
    left join unpaid u on u.customer_id = o.id
    group by o.id, o.name, o.phone, o.account_balance, o.credit_limit
    order by o.account_balance desc, o.name, o.id`;
}

/** Rows of the ageing list, most owed first (a page, or a batch of the export). */
export function ageingRows(
  db: DbOrTx,
  scope: { companyId: string; branchId: string },
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  return queryRows<AgeingRowDb>(db, sql`${ageingSql(scope, { search })} limit ${limit} offset ${offset}`);
}

/** One page of the ageing list and the number of customers owing. */
export async function ageingPage(
  db: DbOrTx,
  scope: { companyId: string; branchId: string },
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const [rows, [counted]] = await Promise.all([
    ageingRows(db, scope, { search, limit, offset }),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from customers c
          where c.company_id = ${scope.companyId} and c.branch_id = ${scope.branchId} and c.account_balance > 0
          ${search ? sql`and c.search_key like lower(${containsPattern(search)})` : sql``}`,
    ),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The ageing of one customer. */
export async function customerAgeing(db: DbOrTx, scope: { companyId: string; branchId: string }, customerId: string) {
  const [row] = await queryRows<AgeingRowDb>(db, ageingSql(scope, { customerId }));
  return row;
}
