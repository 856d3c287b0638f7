/**
 * The receipt as text lines, 48 columns wide: the one layout behind the ESC/POS bytes and the
 * printable HTML fallback.
 */
import { DEFAULT_CURRENCY, formatInCurrency } from './currency';
import { fromMinor, lineGoodsMinor, saleLinesPaid, taxGroups, toMinor } from './money';
import { moneyMethodLabel } from './payment-methods';
import type { SalePaymentMethod } from './sales';
import { taxRateLabel } from './tax-classes';
import { formatQuantity } from './units';

export const RECEIPT_WIDTH = 48;
const NAME_MAX = 20;
const NAME_CUT = 17;

export type ReceiptData = {
  company?: {
    name?: string | null;
    address?: string | null;
    phone?: string | null;
    /** The company's NTN (its Tax ID); printed under the phone when set. */
    taxId?: string | null;
    /** The company's sales tax registration number; printed under the NTN when set. */
    strn?: string | null;
  } | null;
  branchName?: string | null;
  receiptNumber: string;
  date: Date | string;
  /** The branch's IANA time zone; the printing device's own zone when absent. */
  timeZone?: string | null;
  cashierName?: string | null;
  customerName?: string | null;
  /** The one tender that paid, or 'mixed': `tenders` then says which paid what. */
  paymentMethod: SalePaymentMethod;
  /**
   * What each tender paid of the total (cash less the change), as the sale keeps them: a mixed sale prints one
   * row per tender under 'Payment: Mixed'. A sale of one tender prints none (its method says it).
   */
  tenders?: { method: string; amount: number }[] | null;
  /**
   * What is left of the customer's store credit after a sale that spent some, when the register knew the balance
   * (printed under the payment); absent or null: not printed (a reprint does not know it).
   */
  storeCreditLeft?: number | null;
  /**
   * The new sale of an exchange: the return it came with (its number and the original receipt), what the
   * returned items were worth and what went back to the customer, and how (printed under the payment).
   */
  exchange?: {
    returnNumber: string;
    originalReceipt: string;
    credit: number;
    back: number;
    backMethod: string | null;
  } | null;
  /**
   * `unit`: the item's (kg prints "0.750 kg"); pieces when absent. `taxRate`: the rate the line was taxed at
   * (its tax class), the sale's when absent; a sale of several rates prints each line's tax and the tax by rate.
   * `taxIncluded`: the unit price included that tax (a retail-price class): the line prints its price, and
   * `subtotal` (its goods, the tax inside left out) goes into the tax by rate.
   */
  items: {
    name: string;
    quantity: number;
    unitPrice: number;
    subtotal: number;
    unit?: string | null;
    taxRate?: number | null;
    taxIncluded?: boolean;
  }[];
  subtotal: number;
  discountAmount: number;
  taxRate: number;
  taxAmount: number;
  /** FBR's POS service fee inside the total (docs/architecture/fiscal.md); printed above it when above 0. */
  serviceFee?: number;
  total: number;
  amountPaid: number;
  changeAmount: number;
  /**
   * The sale's report to the tax authority (docs/architecture/fiscal.md) when its branch reports: the
   * authority's invoice number, printed with its QR code, or null while it is pending ('FBR number pending').
   */
  fiscal?: { number: string | null } | null;
  /** The company's ISO 4217 code for the total; PKR when absent. */
  currency?: string | null;
  /** A receipt printed again (from the transactions screen): marked as a copy. */
  reprint?: boolean;
};

export const REPRINT_MARKER = '*** REPRINT - COPY ***';

export const RECEIPT_PLACEHOLDERS = { name: 'Your Store Name', address: 'Store Address', phone: 'Phone Number' };
export const RETURN_POLICY = 'Items may be returned within 30 days with this receipt.';

/** A name over 20 characters becomes its first 17 plus '...'. */
export function receiptItemName(name: string): string {
  return name.length > NAME_MAX ? `${name.slice(0, NAME_CUT)}...` : name;
}

const center = (text: string) => {
  const clipped = text.slice(0, RECEIPT_WIDTH);
  const pad = Math.floor((RECEIPT_WIDTH - clipped.length) / 2);
  return ' '.repeat(pad) + clipped;
};

/** Left text and right text on one line, padded to the full width. */
export function receiptRow(left: string, right: string): string {
  const r = right.slice(0, RECEIPT_WIDTH - 2);
  const room = RECEIPT_WIDTH - r.length - 1; // at least one space between the two
  const l = left.length > room ? left.slice(0, room) : left;
  return l + ' '.repeat(RECEIPT_WIDTH - l.length - r.length) + r;
}

const money = (n: number) => formatInCurrency(n, '');

function formatDate(date: Date | string, timeZone?: string | null): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone ?? undefined,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * A sale of several tax rates (tax classes), or whose prices include their tax: each line's rate and tax
 * (what the customer paid in tax for it, money.ts saleLinesPaid) and the tax by rate (taxable after the
 * discount, and its tax), lowest rate first. Null when every line is at one rate added to its price: the
 * receipt prints the sale's one tax line.
 */
function taxByLine(data: ReceiptData) {
  const rates = data.items.map((item) => item.taxRate ?? data.taxRate);
  if (new Set(rates).size <= 1 && !data.items.some((item) => item.taxIncluded)) return null;
  // Ids that keep the receipt's order (saleLinesPaid takes lines in id order).
  const id = (index: number) => String(index).padStart(6, '0');
  const paid = saleLinesPaid({
    items: data.items.map((item, index) => ({
      id: id(index),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      taxRate: rates[index],
      taxIncluded: item.taxIncluded,
    })),
    discountAmount: data.discountAmount,
    taxAmount: data.taxAmount,
    taxRate: data.taxRate,
  });
  const groups = taxGroups(
    data.items.map((item, index) => ({
      goods: toMinor(item.subtotal),
      taxRate: rates[index],
      includedTax: item.taxIncluded
        ? lineGoodsMinor(toMinor(item.unitPrice), item.quantity) - toMinor(item.subtotal)
        : null,
    })),
    { discount: toMinor(data.discountAmount), defaultRate: data.taxRate },
  );
  return {
    lines: paid.map((line, index) => ({
      rate: rates[index] ?? data.taxRate,
      included: Boolean(data.items[index]?.taxIncluded),
      tax: fromMinor(line.tax),
    })),
    groups: groups.map((g) => ({
      rate: g.rate,
      included: g.included,
      taxable: fromMinor(g.taxable),
      tax: fromMinor(g.tax),
    })),
  };
}

/** Words onto lines of at most the receipt's width. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > RECEIPT_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * What the receipt number's barcode (Code 128) carries, printed under the receipt so a return or a
 * reprint starts with a scan: the receipt number when it is printable ASCII (Code 128's set B), else
 * null (no barcode).
 */
export function receiptBarcode(data: Pick<ReceiptData, 'receiptNumber'>): string | null {
  const value = data.receiptNumber.trim();
  return /^[\x20-\x7e]{1,40}$/.test(value) ? value : null;
}

/**
 * Under 'Payment: Mixed', each tender's part of the total ('Card 30.00', 'Cash 55.00'); 'Paid:' is then what
 * was handed over (the card's charge plus the cash received) and 'Change:' what went back from the cash, so
 * the cash received is its row plus the change. Nothing for a sale of one tender.
 */
function paymentRows(data: ReceiptData): string[] {
  const tenders = data.tenders ?? [];
  if (data.paymentMethod !== 'mixed' && tenders.length <= 1) return [];
  return tenders.map((tender) => receiptRow(`  ${moneyMethodLabel(tender.method)}`, money(tender.amount)));
}

/** The sale was paid (in part) with store credit. */
const usesStoreCredit = (data: ReceiptData) =>
  data.paymentMethod === 'store_credit' || (data.tenders ?? []).some((t) => t.method === 'store_credit');

export function receiptLines(data: ReceiptData): string[] {
  const rule = '-'.repeat(RECEIPT_WIDTH);
  const company = data.company ?? {};
  const lines = [
    center(company.name || RECEIPT_PLACEHOLDERS.name),
    center(company.address || RECEIPT_PLACEHOLDERS.address),
    center(company.phone || RECEIPT_PLACEHOLDERS.phone),
    ...(company.taxId ? [center(`NTN: ${company.taxId}`)] : []),
    ...(company.strn ? [center(`STRN: ${company.strn}`)] : []),
    ...(data.branchName ? [center(data.branchName)] : []),
    ...(data.reprint ? [center(REPRINT_MARKER)] : []),
    rule,
    receiptRow('Receipt #:', data.receiptNumber),
    receiptRow('Date:', formatDate(data.date, data.timeZone)),
    receiptRow('Cashier:', data.cashierName || 'N/A'),
    ...(data.customerName ? [receiptRow('Customer:', data.customerName)] : []),
    rule,
    receiptRow('Item', 'Qty   Price     Total'),
    rule,
  ];
  const lineTaxes = taxByLine(data);
  for (const [index, item] of data.items.entries()) {
    const quantity = formatQuantity(item.quantity, item.unit);
    // A price that includes its tax prints as priced (quantity x price); its tax shows below it.
    const amount = item.taxIncluded ? fromMinor(lineGoodsMinor(toMinor(item.unitPrice), item.quantity)) : item.subtotal;
    if (/^\d{1,3}$/.test(quantity)) {
      const right = `${quantity.padStart(3)} ${money(item.unitPrice).padStart(9)} ${money(amount).padStart(10)}`;
      lines.push(receiptRow(receiptItemName(item.name), right));
    } else {
      // A weight ("0.750 kg") or a long count does not fit the Qty column: the name, then quantity x price.
      lines.push(
        item.name.slice(0, RECEIPT_WIDTH),
        receiptRow(`  ${quantity} x ${money(item.unitPrice)}`, money(amount)),
      );
    }
    const lineTax = lineTaxes?.lines[index];
    if (lineTax) lines.push(receiptRow(`  Tax ${taxRateLabel(lineTax)}`, money(lineTax.tax)));
  }
  lines.push(rule, receiptRow('Subtotal:', money(data.subtotal)));
  if (data.discountAmount > 0) lines.push(receiptRow('Discount:', `-${money(data.discountAmount)}`));
  if (lineTaxes) {
    for (const group of lineTaxes.groups) {
      lines.push(receiptRow(`Tax ${taxRateLabel(group)} on ${money(group.taxable)}:`, money(group.tax)));
    }
  } else if (data.taxAmount > 0) lines.push(receiptRow(`Tax (${data.taxRate}%):`, money(data.taxAmount)));
  if (data.serviceFee) lines.push(receiptRow(FBR_RECEIPT_TEXT.serviceFee, money(data.serviceFee)));
  lines.push(
    receiptRow('TOTAL:', formatInCurrency(data.total, data.currency || DEFAULT_CURRENCY)),
    rule,
    receiptRow('Payment:', moneyMethodLabel(data.paymentMethod)),
    ...paymentRows(data),
    receiptRow('Paid:', money(data.amountPaid)),
  );
  if (data.changeAmount > 0) lines.push(receiptRow('Change:', money(data.changeAmount)));
  if (data.storeCreditLeft != null && usesStoreCredit(data)) {
    lines.push(receiptRow(`${moneyMethodLabel('store_credit')} left:`, money(data.storeCreditLeft)));
  }
  if (data.exchange) lines.push(...exchangeRows(data.exchange));
  if (data.fiscal) lines.push(rule, ...fiscalRows(data.fiscal));
  lines.push(rule, center('Thank you for shopping with us!'), ...wrap(RETURN_POLICY).map(center));
  return lines;
}

/** SRO 1006(I)/2021: FBR's invoice number (its QR code under the receipt), or that it is still to come. */
export const FBR_RECEIPT_TEXT = {
  number: 'FBR Invoice No:',
  pending: 'FBR number pending',
  serviceFee: 'POS service fee (FBR):',
  verify: 'Verify with the Tax Asaan app or SMS 9966',
} as const;

function fiscalRows(fiscal: NonNullable<ReceiptData['fiscal']>): string[] {
  if (!fiscal.number) return [center(FBR_RECEIPT_TEXT.pending)];
  return [receiptRow(FBR_RECEIPT_TEXT.number, fiscal.number), center(FBR_RECEIPT_TEXT.verify)];
}

/** What the receipt's QR code carries: FBR's invoice number once there is one; else nothing (no QR code). */
export function receiptQr(data: Pick<ReceiptData, 'fiscal'>): string | null {
  const number = data.fiscal?.number?.trim();
  return number && /^[\x20-\x7e]{1,64}$/.test(number) ? number : null;
}

/** An exchange's rows: the return it came with, what the returned items were worth, what went back and how. */
function exchangeRows(exchange: NonNullable<ReceiptData['exchange']>): string[] {
  const rows = [
    `Exchange: return ${exchange.returnNumber}`,
    receiptRow(`  of receipt ${exchange.originalReceipt}`, money(exchange.credit)),
  ];
  if (exchange.back > 0 && exchange.backMethod) {
    rows.push(receiptRow(`Given back (${moneyMethodLabel(exchange.backMethod)}):`, money(exchange.back)));
  }
  return rows;
}

/** Words onto lines of at most the receipt's width (the X report's note too). */
export { wrap as wrapReceiptText };
