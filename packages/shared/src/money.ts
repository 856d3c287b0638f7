/**
 * Money math for the register and the server, in integer minor units (paisa): one implementation,
 * so the total the cashier sees is the total the server recomputes. Amounts on the wire are numbers
 * with 2 decimals; rates are percents (0-100, up to 2 decimals).
 */

export type Minor = number;
export type DiscountType = 'percentage' | 'amount';

/** 12.345 -> 1235. Decimal-string based, so 1.005 becomes 101 (half up), not 100 as `Math.round(1.005 * 100)` gives. */
export function toMinor(amount: number): Minor {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const sign = amount < 0 ? -1 : 1;
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(6).split('.');
  const cents = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = Number(fraction.slice(2).padEnd(4, '0'));
  return sign * (Number(whole) * 100 + cents + (rest >= 5000 ? 1 : 0));
}

export function fromMinor(minor: Minor): number {
  return minor / 100;
}

/** `percent` % of an amount, half up, exact for rates with up to 2 decimals. */
export function percentOf(minor: Minor, percent: number): Minor {
  const basisPoints = toMinor(percent); // 17.5 % -> 1750
  return Math.floor((minor * basisPoints + 5000) / 10000);
}

export type CartLine = { price: number; quantity: number };

export type CartInput = {
  items: CartLine[];
  /** Percent, 0-100. */
  taxRate: number;
  discountType: DiscountType;
  discountValue: number;
};

export type CartTotals = {
  subtotal: number;
  discountAmount: number;
  tax: number;
  total: number;
  /** The same in minor units, for comparisons without floating point. */
  minor: { subtotal: Minor; discountAmount: Minor; tax: Minor; total: Minor };
};

export function lineSubtotal({ price, quantity }: CartLine): number {
  return fromMinor(toMinor(price) * quantity);
}

/**
 * Subtotal, discount (a percent 0-100 of the subtotal, or an amount; never more than the subtotal),
 * tax on subtotal less discount, total = that plus tax.
 */
export function computeCartTotals({ items, taxRate, discountType, discountValue }: CartInput): CartTotals {
  const subtotal = items.reduce((sum, line) => sum + toMinor(line.price) * line.quantity, 0);
  const rawDiscount =
    discountType === 'percentage'
      ? percentOf(subtotal, Math.min(Math.max(discountValue, 0), 100))
      : toMinor(Math.max(discountValue, 0));
  const discountAmount = Math.min(rawDiscount, subtotal);
  const taxable = subtotal - discountAmount;
  const tax = percentOf(taxable, Math.min(Math.max(taxRate, 0), 100));
  const total = taxable + tax;
  return {
    subtotal: fromMinor(subtotal),
    discountAmount: fromMinor(discountAmount),
    tax: fromMinor(tax),
    total: fromMinor(total),
    minor: { subtotal, discountAmount, tax, total },
  };
}

/** Change for a cash payment; null when the amount received does not cover the total. */
export function cashChange({ total, amountReceived }: { total: number; amountReceived: number }): number | null {
  const change = toMinor(amountReceived) - toMinor(total);
  return change < 0 ? null : fromMinor(change);
}

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'PKR 1,234.50' (currency PKR, en-US number format). */
export function formatMoney(amount: number, currency = 'PKR'): string {
  return `${currency} ${formatter.format(amount)}`;
}
