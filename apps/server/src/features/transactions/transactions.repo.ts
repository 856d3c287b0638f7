import type { Sale } from '@pos/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  branches,
  customers,
  products,
  receiptCounters,
  saleItems,
  sales,
  stockMovements,
  users,
} from '../../db/schema';
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

export async function setStock(
  tx: DbOrTx,
  { companyId, productId, quantity }: { companyId: string; productId: string; quantity: number },
) {
  await tx
    .update(products)
    .set({ stockQuantity: quantity, updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)));
}

export async function insertMovements(tx: DbOrTx, rows: (typeof stockMovements.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(stockMovements).values(rows);
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

/** The branch's next receipt number. Taken last in the sale's transaction, so the row lock is held briefly. */
export async function nextReceiptNumber(tx: DbOrTx, { companyId, branchId }: BranchKey): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ companyId, branchId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.companyId, receiptCounters.branchId],
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  if (!row) throw new Error('receipt counter returned nothing');
  return row.lastNumber;
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
