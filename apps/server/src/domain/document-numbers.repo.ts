import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { purchaseOrderNumberOf, receiptNumberOf, returnNumberOf, transferNumberOf } from './document-numbers';

async function nextval(tx: DbOrTx, sequence: 'pos_receipt_sequence' | 'pos_return_sequence', branchId: string) {
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`select nextval(${sql.raw(sequence)}(${branchId}::uuid))::text as n`,
  );
  if (row === undefined) throw new Error(`${sequence} returned nothing`);
  return row.n;
}

/**
 * The branch's next receipt number (RCP-000042) from its own sequence (migration 0005), for sales
 * written outside the sale statement (the test factories, the demo seed); COMMIT_SALE takes it in SQL.
 */
export async function nextReceiptNumber(tx: DbOrTx, { branchId }: { branchId: string }): Promise<string> {
  return receiptNumberOf(await nextval(tx, 'pos_receipt_sequence', branchId));
}

/** The branch's next return number (RET-000007) from its own sequence (migration 0006). */
export async function nextReturnNumber(tx: DbOrTx, { branchId }: { branchId: string }): Promise<string> {
  return returnNumberOf(await nextval(tx, 'pos_return_sequence', branchId));
}

/**
 * The company's next transfer number (TRF-000001) and its sequence number. Transfers are few, so the
 * number is the company's highest so far plus one, taken under a transaction-scoped advisory lock per
 * company (two drafts at once wait for each other; the unique (company_id, seq) index backs it up).
 * Call inside the transaction that inserts the transfer.
 */
export async function nextTransferNumber(tx: DbOrTx, { companyId }: { companyId: string }) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`pos_transfer_seq:${companyId}`}, 0))`);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select (coalesce(max(seq), 0) + 1)::int as n from transfers where company_id = ${companyId}`,
  );
  const seq = Number(row?.n ?? 1);
  return { seq, number: transferNumberOf(seq) };
}

/**
 * The branch's next purchase order number (PO-000001) and its sequence value: one more than the
 * branch's highest, under a transaction-scoped advisory lock on the branch (purchase orders are few;
 * numbers stay gapless). Call inside the transaction that inserts the order.
 */
export async function nextPurchaseOrderNumber(
  tx: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
): Promise<{ seq: number; number: string }> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`purchase_order:${branchId}`}, 0))`);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(seq), 0)::int + 1 as n from purchase_orders
        where company_id = ${companyId}::uuid and branch_id = ${branchId}::uuid`,
  );
  const seq = Number(row?.n ?? 1);
  return { seq, number: purchaseOrderNumberOf(seq) };
}
