import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { giftVoucherEntries, giftVouchers } from '../db/schema';

/**
 * Gift vouchers' reads and writes shared by the sale (a `voucher` tender names its voucher by code), the return
 * (a refund back to it) and the vouchers feature. The sale statement writes its redeem entry itself.
 */

/** The voucher of a code in the company (codes are unique there). */
export async function findVoucherByCode(db: DbOrTx, { companyId, code }: { companyId: string; code: string }) {
  const [row] = await db
    .select({ id: giftVouchers.id, balance: giftVouchers.balance, expiresOn: giftVouchers.expiresOn })
    .from(giftVouchers)
    .where(and(eq(giftVouchers.companyId, companyId), eq(giftVouchers.code, code)));
  return row;
}

/** The voucher a sale's `voucher` tender spent (its redeem entry), if any. */
export async function voucherOfSale(db: DbOrTx, { companyId, saleId }: { companyId: string; saleId: string }) {
  const [row] = await queryRows<{ voucher_id: string }>(
    db,
    sql`select voucher_id from gift_voucher_entries
        where company_id = ${companyId} and reference_id = ${saleId} and kind = 'redeem' limit 1`,
  );
  return row?.voucher_id ?? null;
}

/**
 * The one writer of a voucher's entries outside the sale statement: its issue and refunds back to it. Its
 * insert trigger moves the balance in this transaction.
 */
export async function addVoucherEntry(
  tx: DbOrTx,
  values: {
    companyId: string;
    voucherId: string;
    amount: string;
    kind: 'issue' | 'refund';
    referenceId?: string | null;
    userId: string | null;
  },
) {
  await tx.insert(giftVoucherEntries).values(values);
}
