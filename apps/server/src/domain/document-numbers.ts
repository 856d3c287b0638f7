/**
 * Receipt and return numbers: a prefix and the branch's sequence number, zero-padded to 6 digits
 * (RCP-000042, RET-000007; longer numbers keep all their digits). The one definition, for the code
 * and for SQL (the sale statement numbers its receipt in SQL: receiptNumberSql).
 */
export const RECEIPT_PREFIX = 'RCP-';
export const RETURN_PREFIX = 'RET-';
export const TRANSFER_PREFIX = 'TRF-';
const DIGITS = 6;

const format = (prefix: string, n: number | string) => `${prefix}${String(n).padStart(DIGITS, '0')}`;

/** 42 -> 'RCP-000042' */
export const receiptNumberOf = (n: number | string) => format(RECEIPT_PREFIX, n);
/** 7 -> 'RET-000007' */
export const returnNumberOf = (n: number | string) => format(RETURN_PREFIX, n);
/** 1 -> 'TRF-000001' (a company's transfers) */
export const transferNumberOf = (n: number | string) => format(TRANSFER_PREFIX, n);

/** The SQL text of receiptNumberOf over an integer expression (the expression's text, written twice). */
export const receiptNumberSql = (n: string) =>
  `'${RECEIPT_PREFIX}' || lpad(${n}::text, greatest(${DIGITS}, length(${n}::text)), '0')`;

export const PURCHASE_ORDER_PREFIX = 'PO-';
/** 1 -> 'PO-000001' (the branch's purchase orders, numbered by nextPurchaseOrderNumber). */
export const purchaseOrderNumberOf = (n: number | string) => format(PURCHASE_ORDER_PREFIX, n);
