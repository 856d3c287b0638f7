import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { receiptNumberOf, returnNumberOf } from './document-numbers';

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
