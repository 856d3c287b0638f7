/**
 * The receipt as text lines, 48 columns wide: the one layout behind the ESC/POS bytes and the
 * printable HTML fallback.
 */
import { formatMoney } from './money';

export const RECEIPT_WIDTH = 48;
const NAME_MAX = 20;
const NAME_CUT = 17;

export type ReceiptData = {
  company?: { name?: string | null; address?: string | null; phone?: string | null } | null;
  branchName?: string | null;
  receiptNumber: string;
  date: Date | string;
  cashierName?: string | null;
  customerName?: string | null;
  paymentMethod: 'cash' | 'card';
  items: { name: string; quantity: number; unitPrice: number; subtotal: number }[];
  subtotal: number;
  discountAmount: number;
  taxRate: number;
  taxAmount: number;
  total: number;
  amountPaid: number;
  changeAmount: number;
};

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

const money = (n: number) => formatMoney(n, '').trim();

function formatDate(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function receiptLines(data: ReceiptData): string[] {
  const rule = '-'.repeat(RECEIPT_WIDTH);
  const company = data.company ?? {};
  const lines = [
    center(company.name || RECEIPT_PLACEHOLDERS.name),
    center(company.address || RECEIPT_PLACEHOLDERS.address),
    center(company.phone || RECEIPT_PLACEHOLDERS.phone),
    ...(data.branchName ? [center(data.branchName)] : []),
    rule,
    receiptRow('Receipt #:', data.receiptNumber),
    receiptRow('Date:', formatDate(data.date)),
    receiptRow('Cashier:', data.cashierName || 'N/A'),
    ...(data.customerName ? [receiptRow('Customer:', data.customerName)] : []),
    rule,
    receiptRow('Item', 'Qty   Price     Total'),
    rule,
  ];
  for (const item of data.items) {
    const right = `${String(item.quantity).padStart(3)} ${money(item.unitPrice).padStart(9)} ${money(item.subtotal).padStart(10)}`;
    lines.push(receiptRow(receiptItemName(item.name), right));
  }
  lines.push(rule, receiptRow('Subtotal:', money(data.subtotal)));
  if (data.discountAmount > 0) lines.push(receiptRow('Discount:', `-${money(data.discountAmount)}`));
  if (data.taxAmount > 0) lines.push(receiptRow(`Tax (${data.taxRate}%):`, money(data.taxAmount)));
  lines.push(
    receiptRow('TOTAL:', `PKR ${money(data.total)}`),
    rule,
    receiptRow('Payment:', data.paymentMethod === 'cash' ? 'Cash' : 'Card'),
    receiptRow('Paid:', money(data.amountPaid)),
  );
  if (data.changeAmount > 0) lines.push(receiptRow('Change:', money(data.changeAmount)));
  lines.push(rule, center('Thank you for shopping with us!'), center(RETURN_POLICY.slice(0, RECEIPT_WIDTH)));
  return lines;
}
