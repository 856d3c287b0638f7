import type { ReceiptData, Sale } from '@pos/shared';

/** What the receipt header shows (the company's name, address, phone, NTN and STRN) and the branch's time zone. */
export type ReceiptStore = {
  name?: string | null;
  address?: string | null;
  phone?: string | null;
  /** The company's NTN (its Tax ID). */
  taxId?: string | null;
  /** The company's sales tax registration number. */
  strn?: string | null;
  timeZone?: string | null;
  /** The company's ISO 4217 code (the receipt's total). */
  currency?: string | null;
} | null;

type CompanyLike = {
  id: string;
  name?: string | null;
  address?: string | null;
  phone?: string | null;
  taxId?: string | null;
  strn?: string | null;
  currency?: string | null;
};

/**
 * The header of every receipt, printed or reprinted: the selected company's name, address, phone, NTN
 * and STRN (from the session's company list, which has them), and the selected branch's time zone. Nothing
 * selected: null, and the receipt's placeholders stand in.
 */
export function receiptStore(
  selected: { id: string; name: string } | null,
  sessionCompanies: readonly CompanyLike[] | null | undefined,
  timeZone?: string | null,
): ReceiptStore {
  if (!selected) return null;
  const full = sessionCompanies?.find((c) => c.id === selected.id);
  return {
    name: full?.name || selected.name || null,
    address: full?.address || null,
    phone: full?.phone || null,
    taxId: full?.taxId || null,
    strn: full?.strn || null,
    timeZone: timeZone ?? null,
    currency: full?.currency ?? null,
  };
}

/**
 * A sale as the server answered it (POST /transactions or GET /transactions/{id}) -> receipt data; each line
 * with the unit it was sold in, so a weight prints as "0.750 kg", and its tenders (a mixed sale prints each).
 */
export function saleReceiptData(sale: Sale, store?: ReceiptStore, { reprint = false } = {}): ReceiptData {
  return {
    company: store ?? null,
    currency: store?.currency ?? null,
    reprint,
    timeZone: store?.timeZone ?? null,
    branchName: sale.branch?.name ?? null,
    receiptNumber: sale.receiptNumber,
    date: sale.transactionDate,
    cashierName: sale.cashierName,
    customerName: sale.customer?.name ?? null,
    paymentMethod: sale.paymentMethod,
    // A mixed sale prints each tender's part of the total (packages/shared receipt.ts).
    tenders: sale.tenders,
    items: sale.items.map((item) => ({
      name: item.productName,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      subtotal: item.subtotal,
      unit: item.unit,
      taxRate: item.taxRate,
      taxIncluded: item.taxIncluded,
    })),
    subtotal: sale.subtotal,
    discountAmount: sale.discountAmount,
    taxRate: sale.taxRate,
    taxAmount: sale.taxAmount,
    serviceFee: sale.serviceFee,
    total: sale.total,
    amountPaid: sale.amountPaid,
    changeAmount: sale.changeAmount,
    // Its FBR invoice number (or 'pending') when the branch reports: a reprint prints the number once it came.
    fiscal: sale.fiscal ? { number: sale.fiscal.number } : null,
  };
}

/**
 * The test receipt: sample values only (a long name shows the 17 + '...' cut), the time now in the
 * branch's time zone, as every receipt of the branch prints it.
 */
export function testReceiptData(store?: ReceiptStore, date: Date = new Date()): ReceiptData {
  return {
    company: store ?? null,
    currency: store?.currency ?? null,
    timeZone: store?.timeZone ?? null,
    branchName: null,
    receiptNumber: 'TEST-000000',
    date,
    cashierName: 'Test Cashier',
    customerName: 'Sample Customer',
    paymentMethod: 'cash',
    items: [
      { name: 'Sample Item', quantity: 2, unitPrice: 150, subtotal: 300 },
      { name: 'Sample Product With A Long Name', quantity: 1, unitPrice: 1250.5, subtotal: 1250.5 },
    ],
    subtotal: 1550.5,
    discountAmount: 50.5,
    taxRate: 10,
    taxAmount: 150,
    total: 1650,
    amountPaid: 2000,
    changeAmount: 350,
  };
}
