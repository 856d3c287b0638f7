import type { PaymentMethod, Sale, SaleItem } from '@pos/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, customers, products, saleItems, sales, salesDaily, users } from '../../db/schema';
import { toMoney } from '../../lib/money';

type BranchKey = { companyId: string; branchId: string };

/** Serialises requests carrying the same Idempotency-Key until the first one commits. */
export async function lockIdempotencyKey(tx: DbOrTx, { companyId, branchId, key }: BranchKey & { key: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${companyId}:${branchId}:${key}`}, 0))`);
}

export async function findSaleByIdempotencyKey(tx: DbOrTx, { companyId, branchId, key }: BranchKey & { key: string }) {
  const [row] = await tx
    .select({ id: sales.id, requestHash: sales.requestHash })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function saleIdExists(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.id, id)))
    .limit(1);
  return Boolean(row);
}

/** The live products of the cart, locked in id order (one order for every sale, so no deadlocks). */
export async function lockProducts(tx: DbOrTx, { companyId, branchId, ids }: BranchKey & { ids: string[] }) {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        inArray(products.id, ids),
        isNull(products.deletedAt),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  return rows.map((r) => ({ ...r, price: toMoney(r.price) }));
}

/** Found by phone within the branch, or created (customers are unique by phone per branch). */
export async function findOrCreateCustomer(
  tx: DbOrTx,
  { companyId, branchId, name, phone, email }: BranchKey & { name: string; phone: string; email: string | null },
) {
  await tx.insert(customers).values({ companyId, branchId, name, phone, email }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.branchId, branchId), eq(customers.phone, phone)))
    .limit(1);
  if (!row) throw new Error('customer upsert returned nothing');
  return row;
}

/**
 * The branch's next receipt number, from its own sequence (migration 0005): no lock is held until
 * commit, so sales of one branch do not queue behind each other's commit.
 */
export async function nextReceiptNumber(tx: DbOrTx, { branchId }: BranchKey): Promise<number> {
  const result = await tx.execute<{ n: string }>(sql`select nextval(pos_receipt_sequence(${branchId}::uuid)) as n`);
  const n = (result as unknown as { rows: { n: string }[] }).rows?.[0]?.n;
  if (n === undefined) throw new Error('receipt sequence returned nothing');
  return Number(n);
}

export async function insertSale(
  tx: DbOrTx,
  sale: typeof sales.$inferInsert,
  items: Omit<typeof saleItems.$inferInsert, 'saleId'>[],
) {
  await tx.insert(sales).values(sale);
  if (!sale.id) throw new Error('sale id required');
  const saleId = sale.id;
  await tx.insert(saleItems).values(items.map((item) => ({ ...item, saleId })));
}

/** One sale with its lines, cashier, customer and branch; `companyIds` 'all' for the platform operator. */
export async function findSale(db: DbOrTx, { id, companyIds }: { id: string; companyIds: 'all' | string[] }) {
  if (companyIds !== 'all' && companyIds.length === 0) return undefined;
  const [row] = await db
    .select({
      sale: sales,
      cashierName: users.name,
      customerName: customers.name,
      customerPhone: customers.phone,
      branchName: branches.name,
    })
    .from(sales)
    .innerJoin(branches, and(eq(branches.companyId, sales.companyId), eq(branches.id, sales.branchId)))
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(customers, and(eq(customers.companyId, sales.companyId), eq(customers.id, sales.customerId)))
    .where(and(eq(sales.id, id), companyIds === 'all' ? undefined : inArray(sales.companyId, companyIds)))
    .limit(1);
  if (!row) return undefined;
  const items = await db
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, row.sale.companyId), eq(saleItems.saleId, row.sale.id)))
    .orderBy(asc(saleItems.productName));
  const s = row.sale;
  const sale: Sale = {
    id: s.id,
    receiptNumber: s.receiptNumber,
    transactionDate: s.createdAt.toISOString(),
    cashierName: row.cashierName,
    customer:
      s.customerId && row.customerName ? { id: s.customerId, name: row.customerName, phone: row.customerPhone } : null,
    paymentMethod: s.paymentMethod,
    status: s.status,
    subtotal: toMoney(s.subtotal),
    discountType: s.discountType,
    discountValue: toMoney(s.discountValue),
    discountAmount: toMoney(s.discountAmount),
    taxRate: toMoney(s.taxRate),
    taxAmount: toMoney(s.taxAmount),
    total: toMoney(s.total),
    amountPaid: toMoney(s.amountPaid),
    changeAmount: toMoney(s.changeAmount),
    branch: { id: s.branchId, name: row.branchName },
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      productName: i.productName,
      productSku: i.productSku,
      quantity: i.quantity,
      unitPrice: toMoney(i.unitPrice),
      subtotal: toMoney(i.subtotal),
      returnedQuantity: i.returnedQuantity,
    })),
  };
  return { sale, companyId: s.companyId, branchId: s.branchId };
}

/** One branch and its time zone (the scope resolveBranch answers). */
type BranchDays = BranchKey & { timezone: string };

/** A period of local days (yyyy-mm-dd, the branch's time zone, end inclusive); either side may be open. */
export type DayPeriod = { startDate?: string; endDate?: string };

export type SaleListFilters = DayPeriod & {
  cashierName?: string;
  paymentMethod?: PaymentMethod;
  status?: string;
  /** An exact receipt number, or a prefix of one. */
  receipt?: { value: string; exact: boolean };
};

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The ids of the users whose name contains the term, case-insensitively (the cashier filter). */
const cashiersNamed = (db: DbOrTx, name: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.name, containsPattern(name)));

/**
 * created_at within the local days of the period: from the start day's midnight to the midnight after
 * the end day, in the branch's time zone. The bounds are expressions of the parameters only, so the
 * range is an index condition on sales_branch_created_idx.
 */
function createdWithin(column: typeof sales.createdAt, timezone: string, { startDate, endDate }: DayPeriod) {
  return [
    startDate ? sql`${column} >= ((${startDate}::date)::timestamp at time zone ${timezone})` : undefined,
    endDate ? sql`${column} < ((${endDate}::date + 1)::timestamp at time zone ${timezone})` : undefined,
  ];
}

function saleConditions(db: DbOrTx, scope: BranchDays, filters: SaleListFilters) {
  const { receipt } = filters;
  return and(
    eq(sales.companyId, scope.companyId),
    eq(sales.branchId, scope.branchId),
    ...createdWithin(sales.createdAt, scope.timezone, filters),
    filters.paymentMethod ? eq(sales.paymentMethod, filters.paymentMethod) : undefined,
    filters.status ? eq(sales.status, filters.status) : undefined,
    filters.cashierName ? inArray(sales.cashierId, cashiersNamed(db, filters.cashierName)) : undefined,
    receipt?.exact ? eq(sales.receiptNumber, receipt.value) : undefined,
    // A prefix as a range of the receipt index (code-point order, the C collations'), checked exactly by starts_with.
    receipt && !receipt.exact
      ? sql`${sales.receiptNumber} >= ${receipt.value} and ${sales.receiptNumber} < ${`${receipt.value}\u{10FFFF}`} and starts_with(${sales.receiptNumber}, ${receipt.value})`
      : undefined,
  );
}

export type SaleListRow = {
  id: string;
  receiptNumber: string;
  createdAt: Date;
  cashierName: string | null;
  customerId: string | null;
  customerName: string | null;
  customerPhone: string | null;
  paymentMethod: PaymentMethod;
  status: string;
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
};

/**
 * One page of the branch's sales, newest first: a walk down sales_branch_created_idx that stops at
 * the page's end; cashier and customer joined for the page's rows only.
 */
export async function listSales(
  db: DbOrTx,
  scope: BranchDays,
  filters: SaleListFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<SaleListRow[]> {
  return db
    .select({
      id: sales.id,
      receiptNumber: sales.receiptNumber,
      createdAt: sales.createdAt,
      cashierName: users.name,
      customerId: sales.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
      paymentMethod: sales.paymentMethod,
      status: sales.status,
      subtotal: sales.subtotal,
      discountAmount: sales.discountAmount,
      taxAmount: sales.taxAmount,
      total: sales.total,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(customers, and(eq(customers.companyId, sales.companyId), eq(customers.id, sales.customerId)))
    .where(saleConditions(db, scope, filters))
    .orderBy(desc(sales.createdAt), desc(sales.receiptNumber))
    .limit(limit)
    .offset(offset);
}

/**
 * How many sales match. Without a receipt number and with no status other than completed, from the
 * daily totals (a row per local day, cashier and payment method): at 1,000,000 sales a count over
 * sales would read every one of them. Otherwise a count over sales (a receipt filter is selective).
 */
export async function countSales(db: DbOrTx, scope: BranchDays, filters: SaleListFilters): Promise<number> {
  if (!filters.receipt && (!filters.status || filters.status === 'completed')) {
    const counted = filters.status ? salesDaily.transactions : salesDaily.salesCount;
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${counted}), 0)` })
      .from(salesDaily)
      .where(
        and(
          eq(salesDaily.companyId, scope.companyId),
          eq(salesDaily.branchId, scope.branchId),
          filters.startDate ? gte(salesDaily.day, filters.startDate) : undefined,
          filters.endDate ? lte(salesDaily.day, filters.endDate) : undefined,
          filters.paymentMethod ? eq(salesDaily.paymentMethod, filters.paymentMethod) : undefined,
          filters.cashierName ? inArray(salesDaily.cashierId, cashiersNamed(db, filters.cashierName)) : undefined,
        ),
      );
    return Number(row?.total ?? 0);
  }
  const [row] = await db
    .select({ total: count() })
    .from(sales)
    .where(saleConditions(db, scope, filters));
  return row?.total ?? 0;
}

/** Lines, units and units returned of each of the given sales (one grouped query). */
export async function saleItemCounts(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  if (saleIds.length === 0) return new Map<string, { lines: number; quantity: number; returned: number }>();
  const rows = await db
    .select({
      saleId: saleItems.saleId,
      lines: count(),
      quantity: sql<string>`sum(${saleItems.quantity})`,
      returned: sql<string>`sum(${saleItems.returnedQuantity})`,
    })
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), inArray(saleItems.saleId, saleIds)))
    .groupBy(saleItems.saleId);
  return new Map(
    rows.map((r) => [r.saleId, { lines: r.lines, quantity: Number(r.quantity), returned: Number(r.returned) }]),
  );
}

/** The lines of each of the given sales (one query), by product name. */
export async function saleItemsOf(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  const bySale = new Map<string, SaleItem[]>();
  if (saleIds.length === 0) return bySale;
  const rows = await db
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), inArray(saleItems.saleId, saleIds)))
    .orderBy(asc(saleItems.productName), asc(saleItems.id));
  for (const i of rows) {
    const list = bySale.get(i.saleId) ?? [];
    list.push({
      id: i.id,
      productId: i.productId,
      productName: i.productName,
      productSku: i.productSku,
      quantity: i.quantity,
      unitPrice: toMoney(i.unitPrice),
      subtotal: toMoney(i.subtotal),
      returnedQuantity: i.returnedQuantity,
    });
    bySale.set(i.saleId, list);
  }
  return bySale;
}
