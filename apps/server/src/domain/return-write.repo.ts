import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { products, returnItems, returnRefunds, returns, saleItems, sales } from '../db/schema';

/**
 * The writes of a return (domain/return-write.ts): the sale and its lines locked, the card's room, the
 * returned quantities, the products to restock locked, the return and its items inserted.
 */

/** The sale row under FOR UPDATE (concurrent returns of one sale queue here). */
export async function lockSale(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({
      id: sales.id,
      branchId: sales.branchId,
      status: sales.status,
      receiptNumber: sales.receiptNumber,
      customerId: sales.customerId,
      discountAmount: sales.discountAmount,
      taxAmount: sales.taxAmount,
    })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.id, id)))
    .for('update');
  return row;
}

/**
 * What the sale's card (or account) paid (its tender line) and what its completed returns already gave back to
 * it (money as text); read under the sale's lock, so two returns of one sale cannot both pass.
 */
export async function tenderRefundRoom(
  tx: DbOrTx,
  { companyId, saleId, tender }: { companyId: string; saleId: string; tender: 'card' | 'account' | 'voucher' },
) {
  const refundMethod = tender === 'card' ? 'card_refund' : tender;
  const [row] = await queryRows<{ paid: string; refunded: string }>(
    tx,
    sql`select
          coalesce((select sum(amount) from sale_tender_lines
                    where company_id = ${companyId} and sale_id = ${saleId} and method = ${tender}), 0)::text as paid,
          coalesce((select sum(l.amount) from returns r
                    join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id
                    where r.company_id = ${companyId} and r.original_sale_id = ${saleId}
                      and l.method = ${refundMethod} and r.status = 'completed'), 0)::text as refunded`,
  );
  return { paid: row?.paid ?? '0', refunded: row?.refunded ?? '0' };
}

/** The sale's lines under FOR UPDATE, in id order (one lock order for every caller). */
export async function lockSaleItems(tx: DbOrTx, { companyId, saleId }: { companyId: string; saleId: string }) {
  return tx
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), eq(saleItems.saleId, saleId)))
    .orderBy(asc(saleItems.id))
    .for('update');
}

export async function addReturnedQuantity(
  tx: DbOrTx,
  { companyId, saleItemId, quantity }: { companyId: string; saleItemId: string; quantity: number },
) {
  await tx
    .update(saleItems)
    .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${quantity}` })
    .where(and(eq(saleItems.companyId, companyId), eq(saleItems.id, saleItemId)));
}

/** Products to restock, locked in id order (deleted products too: the ledger must still balance). */
export async function lockProductsById(tx: DbOrTx, { companyId, ids }: { companyId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, branchId: products.branchId, stockQuantity: products.stockQuantity })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

/** The return and its items; answers the shift the returns trigger put it in. */
export async function insertReturn(
  tx: DbOrTx,
  row: typeof returns.$inferInsert,
  items: Omit<typeof returnItems.$inferInsert, 'returnId'>[],
) {
  if (!row.id) throw new Error('return id required');
  const returnId = row.id;
  const [inserted] = await tx.insert(returns).values(row).returning({ shiftId: returns.shiftId });
  await tx.insert(returnItems).values(items.map((i) => ({ ...i, returnId })));
  return { shiftId: inserted?.shiftId ?? null };
}

/** The refund lines of a return of several ways (or an exchange's). */
export async function insertRefundLines(tx: DbOrTx, rows: (typeof returnRefunds.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(returnRefunds).values(rows);
}
