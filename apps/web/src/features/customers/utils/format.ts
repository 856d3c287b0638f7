import { formatMoney, paymentMethodLabel } from '../../../lib/format';

/** Whole days 'yyyy-mm-dd' of a date picker's value, or undefined (no filter). */
export function toDay(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
  if (Number.isNaN(value.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The history status badge: completed green, anything else yellow (spec 02 section 4). */
export const historyStatusColor = (status: string) => (status === 'completed' ? 'green' : 'yellow');

/** A return reason as words: 'wrong_item' -> 'Wrong item'. */
export function reasonLabel(reason: string): string {
  const words = reason.replaceAll('_', ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : '';
}

/** What a store credit entry came from: 'Return RET-000001', 'Sale RCP-000042', 'Adjustment'. */
export function creditEntryLabel(entry: { kind: string; reference: { number: string } | null }): string {
  const what = entry.kind === 'return' ? 'Return' : entry.kind === 'sale' ? 'Sale' : 'Adjustment';
  return entry.kind !== 'adjustment' && entry.reference ? `${what} ${entry.reference.number}` : what;
}

/** A ledger amount with its sign, in the company's currency: given '+PKR 20.00', spent '-PKR 20.00'. */
export function signedMoney(amount: number): string {
  return amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}

/** What an account entry came from: 'Sale RCP-000042', 'Return RET-000001', 'Payment (Card)'. */
export function accountEntryLabel(entry: {
  kind: string;
  method: string | null;
  reference: { number: string } | null;
}): string {
  if (entry.kind === 'payment') return entry.method ? `Payment (${paymentMethodLabel(entry.method)})` : 'Payment';
  const what = entry.kind === 'return' ? 'Return' : 'Sale';
  return entry.reference ? `${what} ${entry.reference.number}` : what;
}

/** The amount typed in a money field as a number, or undefined when nothing readable is typed. */
export function typedAmount(value: string | number): number | undefined {
  const n = typeof value === 'number' ? value : Number.parseFloat(value.replaceAll(',', ''));
  return Number.isFinite(n) ? n : undefined;
}
