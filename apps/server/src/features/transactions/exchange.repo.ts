import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exchanges, returns } from '../../db/schema';

/** The exchange document linking its return and its sale. */
export async function insertExchange(tx: DbOrTx, row: typeof exchanges.$inferInsert): Promise<void> {
  await tx.insert(exchanges).values(row);
}

/** The exchange a sale is the new side of, with its return's number (a replay answers it again). */
export async function findExchangeBySale(db: DbOrTx, { companyId, saleId }: { companyId: string; saleId: string }) {
  const [row] = await db
    .select({
      id: exchanges.id,
      credit: exchanges.credit,
      applied: exchanges.applied,
      back: exchanges.back,
      backMethod: exchanges.backMethod,
      returnId: exchanges.returnId,
      returnNumber: returns.returnNumber,
    })
    .from(exchanges)
    .innerJoin(returns, and(eq(returns.companyId, exchanges.companyId), eq(returns.id, exchanges.returnId)))
    .where(and(eq(exchanges.companyId, companyId), eq(exchanges.saleId, saleId)))
    .limit(1);
  return row;
}
