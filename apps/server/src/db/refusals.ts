/**
 * The refusals the database raises, one list for the SQL and the TypeScript. A function in db/functions
 * refuses with `RAISE EXCEPTION ... USING ERRCODE = 'P0001', HINT = '<code>'` (pos_sale_check raises the
 * code its caller passes, one of these); the server reads the error's hint (`refusalOf` in
 * lib/pg-errors.ts) and answers. test/unit/refusals.test.ts checks that every code the SQL raises is
 * listed here, and every listed code is raised somewhere.
 */
export const REFUSALS = {
  /** The sale statement (an online sale taking cash), pos_returns_shift (a cash refund): no open shift. */
  shiftRequired: 'pos_shift:required',
  /** pos_sales_shift, pos_returns_shift, pos_cash_movements_shift, pos_shift_closed_guard: the shift is closed. */
  shiftClosed: 'pos_shift:closed',
  /** pos_sales_shift: the shift a sale names is not one of the sale's company and branch. */
  shiftUnknown: 'pos_shift:unknown',
  /** The sale statement's pos_sale_check: a product could not be sold (gone, another price, short of stock). */
  saleStock: 'pos_sale_check:stock',
  /** The sale statement's pos_sale_check: the sale's id or idempotency key is taken. */
  saleExists: 'pos_sale_check:exists',
  /** The sale statement's pos_sale_check: an online sale's service fee is not its branch's (domain/service-fee.ts). */
  saleServiceFee: 'pos_sale_check:service_fee',
  /** pos_customer_credit_apply: an online spend or adjustment would take a customer's store credit below 0. */
  creditShort: 'pos_credit:short',
  /** pos_customer_account_apply: an online sale on account past the customer's credit limit, not approved. */
  accountOverLimit: 'pos_account:over_limit',
  /** pos_gift_voucher_apply: an online redeem past a gift voucher's balance. */
  voucherShort: 'pos_voucher:short',
  /** pos_gift_voucher_apply: an online redeem after a gift voucher's expiry day. */
  voucherExpired: 'pos_voucher:expired',
} as const;

export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];
