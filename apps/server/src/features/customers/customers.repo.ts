import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerNameMarks, customers, returnItems, returns, saleItems, sales } from '../../db/schema';
import { type MarkSeek, type OrderKey, type OrderMark, windowQuery } from '../../lib/keyset.repo';
import { containsPattern, type LocalDays, localDayRange } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

/** The branch's customer with this phone (customers are unique by phone per branch). */
export async function findCustomerByPhone(
  db: DbOrTx,
  { companyId, branchId, phone }: { companyId: string; branchId: string; phone: string },
) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      creditBalance: customers.creditBalance,
      accountBalance: customers.accountBalance,
      creditLimit: customers.creditLimit,
    })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.branchId, branchId), eq(customers.phone, phone)))
    .limit(1);
  return row;
}

type BranchKey = { companyId: string; branchId: string };
type BranchDays = BranchKey & { timezone: string };
type Page = { limit: number; offset: number };

const customerColumns = {
  id: customers.id,
  branchId: customers.branchId,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  address: customers.address,
  notes: customers.notes,
  isActive: customers.isActive,
  createdAt: customers.createdAt,
  creditBalance: customers.creditBalance,
  accountBalance: customers.accountBalance,
  creditLimit: customers.creditLimit,
};

export type CustomerRow = {
  id: string;
  branchId: string;
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: Date;
  creditBalance: string;
  accountBalance: string;
  creditLimit: string;
};

function listConditions(scope: BranchKey, search?: string) {
  return and(
    eq(customers.companyId, scope.companyId),
    eq(customers.branchId, scope.branchId),
    // Name, phone or email contains the term, any case (customers_search_trgm_idx).
    search ? sql`${customers.searchKey} like lower(${containsPattern(search)})` : undefined,
  );
}

/** The list's order: by name, id breaking ties. */
const CUSTOMER_LIST_ORDER: OrderKey[] = [
  { column: customers.name, direction: 'asc' },
  { column: customers.id, direction: 'asc' },
];

/** A customer's place in the list's order. */
export type CustomerKey = { name: string; id: string };

/** The branch's customer runs (migration 0027), in the list's order: each mark's key and its run's customers. */
export async function customerRuns(db: DbOrTx, scope: BranchKey): Promise<OrderMark<CustomerKey>[]> {
  const m = customerNameMarks;
  const rows = await db
    .select({ name: m.name, id: m.id, customers: m.customers })
    .from(m)
    .where(and(eq(m.companyId, scope.companyId), eq(m.branchId, scope.branchId)))
    .orderBy(asc(m.name), asc(m.id));
  return rows.map((r) => ({ key: { name: r.name, id: r.id }, rows: r.customers }));
}

/** The order over a search's matches (the subquery `m` of `pageIdsOf`). */
const MATCHES_ORDER: OrderKey[] = [
  { column: sql`m.name`, direction: 'asc' },
  { column: sql`m.id`, direction: 'asc' },
];

/**
 * The ids of a page of the list. Without a search, or with one too short for the trigram index (under 3
 * characters): an index-only walk of customers_branch_name_idx, from the nearer end or from the mark of
 * the run the page starts in (lib/keyset.repo.ts). With a longer search: its matches by the trigram index
 * first (OFFSET 0 keeps the planner from merging the subquery), then ordered, so the cost follows the number
 * of matches. Left to itself the planner walks the name index testing each row, which reads most of the
 * branch when the matches sort late (266 ms at 1,000,000 customers for a term matching 111,111 of them,
 * against 72 ms this way).
 */
function pageIdsOf(db: DbOrTx, scope: BranchKey, search: string | undefined, { window, from }: MarkSeek<CustomerKey>) {
  if (search && search.trim().length >= 3) {
    const w = windowQuery(MATCHES_ORDER, window);
    return sql`select m.id from (select ${customers.id} as id, ${customers.name} as name from ${customers}
      where ${listConditions(scope, search)} offset 0) m
      order by ${sql.join(w.order, sql`, `)} limit ${w.limit} offset ${w.offset}`;
  }
  const w = windowQuery(CUSTOMER_LIST_ORDER, window);
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        listConditions(scope, search),
        from
          ? sql`(${customers.companyId}, ${customers.branchId}, ${customers.name}, ${customers.id}) >= (${scope.companyId}::uuid, ${scope.branchId}::uuid, ${from.name}, ${from.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...w.order)
    .limit(w.limit)
    .offset(w.offset);
}

/**
 * One page of the branch's customers by name (its ids by `pageIdsOf`), each with the count and total of
 * their completed sales, in the same statement: a grouped subquery over the page's customers' sales
 * (sales_customer_idx).
 */
export async function listCustomers(
  db: DbOrTx,
  scope: BranchKey,
  search: string | undefined,
  seek: MarkSeek<CustomerKey>,
) {
  const pageIds = pageIdsOf(db, scope, search, seek);
  const pageRows = db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.companyId, scope.companyId), sql`${customers.id} in (${pageIds})`))
    .as('c');
  const rows = await db
    .select({
      id: pageRows.id,
      branchId: pageRows.branchId,
      name: pageRows.name,
      phone: pageRows.phone,
      email: pageRows.email,
      address: pageRows.address,
      notes: pageRows.notes,
      isActive: pageRows.isActive,
      createdAt: pageRows.createdAt,
      creditBalance: pageRows.creditBalance,
      accountBalance: pageRows.accountBalance,
      creditLimit: pageRows.creditLimit,
      transactionsCount: sql<string>`coalesce(t.n, 0)`,
      totalSpent: sql<string>`coalesce(t.spent, 0)`,
    })
    .from(pageRows)
    .leftJoin(
      sql`lateral (select count(*) as n, sum(${sales.total}) as spent from ${sales}
        where ${sales.companyId} = ${scope.companyId} and ${sales.customerId} = ${pageRows.id}
          and ${sales.status} = 'completed') t`,
      sql`true`,
    )
    .orderBy(asc(pageRows.name), asc(pageRows.id));
  return rows;
}

/**
 * The CSV export of the list (GET /customers/export.csv): every customer the list pages through, in
 * its order, with the same sales figures, read through a cursor by lib/csv-export.repo.ts.
 */
export function customersExportQuery(db: DbOrTx, scope: BranchKey, search: string | undefined) {
  return db
    .select({
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      address: customers.address,
      notes: customers.notes,
      isActive: customers.isActive,
      createdAt: customers.createdAt,
      transactionsCount: sql<string>`coalesce(t.n, 0)`,
      totalSpent: sql<string>`coalesce(t.spent, 0)`,
    })
    .from(customers)
    .leftJoin(
      sql`lateral (select count(*) as n, sum(${sales.total}) as spent from ${sales}
        where ${sales.companyId} = ${scope.companyId} and ${sales.customerId} = ${customers.id}
          and ${sales.status} = 'completed') t`,
      sql`true`,
    )
    .where(listConditions(scope, search))
    .orderBy(asc(customers.name), asc(customers.id));
}

export async function countCustomers(db: DbOrTx, scope: BranchKey, search: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(listConditions(scope, search));
  return Number(row?.n ?? 0);
}

/** A customer by id within the companies given ('all' for the platform operator). */
export async function findCustomer(
  db: DbOrTx,
  { id, companyIds }: { id: string; companyIds: CompanyScope },
): Promise<(CustomerRow & { companyId: string }) | undefined> {
  const [row] = await db
    .select({ ...customerColumns, companyId: customers.companyId })
    .from(customers)
    .where(and(eq(customers.id, id), tenantFilter(customers.companyId, companyIds)))
    .limit(1);
  return row;
}

function customerSalesConditions(scope: BranchDays, customerId: string, period: LocalDays) {
  return and(
    eq(sales.companyId, scope.companyId),
    eq(sales.customerId, customerId),
    localDayRange(sales.createdAt, scope.timezone, period),
  );
}

/** A page of the customer's sales, newest first, with their line counts. */
export async function customerSales(db: DbOrTx, scope: BranchDays, customerId: string, period: LocalDays, page: Page) {
  const where = customerSalesConditions(scope, customerId, period);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sales.id,
        receiptNumber: sales.receiptNumber,
        createdAt: sales.createdAt,
        paymentMethod: sales.paymentMethod,
        status: sales.status,
        total: sales.total,
        // Qualified by hand: in a one-table select Drizzle writes bare column names, which the subquery would take as its own.
        itemCount: sql<string>`(select count(*) from ${saleItems} where ${saleItems.companyId} = "sales"."company_id" and ${saleItems.saleId} = "sales"."id")`,
      })
      .from(sales)
      .where(where)
      .orderBy(desc(sales.createdAt), desc(sales.receiptNumber))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sales).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A page of the returns of the customer's sales, newest first, with units returned and fees. */
export async function customerReturns(
  db: DbOrTx,
  scope: BranchDays,
  customerId: string,
  period: LocalDays,
  page: Page,
) {
  const where = and(
    eq(returns.companyId, scope.companyId),
    eq(sales.customerId, customerId),
    localDayRange(returns.createdAt, scope.timezone, period),
  );
  const join = and(eq(sales.companyId, returns.companyId), eq(sales.id, returns.originalSaleId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: returns.id,
        returnNumber: returns.returnNumber,
        createdAt: returns.createdAt,
        refundAmount: returns.refundAmount,
        reason: returns.reason,
        reasonDescription: returns.reasonDescription,
        status: returns.status,
        items: sql<string>`(select coalesce(sum(${returnItems.quantity}), 0) from ${returnItems} where ${returnItems.companyId} = "returns"."company_id" and ${returnItems.returnId} = "returns"."id")`,
        restockingFee: sql<string>`(select coalesce(sum(${returnItems.restockingFee}), 0) from ${returnItems} where ${returnItems.companyId} = "returns"."company_id" and ${returnItems.returnId} = "returns"."id")`,
      })
      .from(returns)
      .innerJoin(sales, join)
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.returnNumber))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(returns).innerJoin(sales, join).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function phoneTaken(db: DbOrTx, scope: BranchKey & { phone: string; exceptId: string }) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, scope.companyId),
        eq(customers.branchId, scope.branchId),
        eq(customers.phone, scope.phone),
        ne(customers.id, scope.exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function updateCustomer(
  db: DbOrTx,
  { companyId, id }: { companyId: string; id: string },
  patch: Partial<Pick<CustomerRow, 'name' | 'phone' | 'email' | 'address' | 'notes'>>,
) {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(customers)
    .set(patch)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
}
