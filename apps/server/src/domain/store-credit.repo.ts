import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { customerCreditEntries, customers, returns, sales, users } from '../db/schema';

export type CreditEntryValues = {
  companyId: string;
  customerId: string;
  /** Signed money as text with 2 decimals: given above 0, spent below. */
  amount: string;
  kind: 'return' | 'adjustment' | 'sale';
  referenceId?: string | null;
  note?: string | null;
  userId: string | null;
  offline?: boolean;
};

/**
 * The one writer of store credit: an entry of the customer's ledger. Its insert trigger moves the customer's
 * balance in this transaction (and refuses an online one below 0: REFUSALS.creditShort). Answers the entry
 * and the balance it left.
 */
export async function addCreditEntry(tx: DbOrTx, values: CreditEntryValues) {
  const [entry] = await tx.insert(customerCreditEntries).values(values).returning();
  if (!entry) throw new Error('credit entry not inserted');
  const [customer] = await tx
    .select({ balance: customers.creditBalance })
    .from(customers)
    .where(and(eq(customers.companyId, values.companyId), eq(customers.id, values.customerId)));
  return { entry, balance: customer?.balance ?? '0' };
}

/** A customer's ledger, newest first, with the number of the return or sale each entry came from. */
export async function creditEntriesPage(
  db: DbOrTx,
  { companyId, customerId, limit, offset }: { companyId: string; customerId: string; limit: number; offset: number },
) {
  const where = and(eq(customerCreditEntries.companyId, companyId), eq(customerCreditEntries.customerId, customerId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: customerCreditEntries.id,
        amount: customerCreditEntries.amount,
        kind: customerCreditEntries.kind,
        referenceId: customerCreditEntries.referenceId,
        referenceNumber: sql<string | null>`coalesce(${returns.returnNumber}, ${sales.receiptNumber})`,
        note: customerCreditEntries.note,
        userName: users.name,
        createdAt: customerCreditEntries.createdAt,
      })
      .from(customerCreditEntries)
      .leftJoin(
        returns,
        and(
          eq(customerCreditEntries.kind, 'return'),
          eq(returns.companyId, customerCreditEntries.companyId),
          eq(returns.id, customerCreditEntries.referenceId),
        ),
      )
      .leftJoin(
        sales,
        and(
          eq(customerCreditEntries.kind, 'sale'),
          eq(sales.companyId, customerCreditEntries.companyId),
          eq(sales.id, customerCreditEntries.referenceId),
        ),
      )
      .leftJoin(users, eq(users.id, customerCreditEntries.userId))
      .where(where)
      .orderBy(desc(customerCreditEntries.createdAt), desc(customerCreditEntries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(customerCreditEntries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
