import { computeCartTotals, type DiscountType, toMinor } from './money';

// The branch's register rules applied to a cart: one definition for the server (online and synced
// offline sales) and the register (which applies them itself while offline). No zod: the register's
// checkout takes it on its first load.

/** The rules a cart is held to (a branch's register rules, money and percents as numbers). */
export type CartRules = {
  cashierMaxDiscountPercent: number;
  cashierMayChangePrice: boolean;
  cashierMayZeroTax: boolean;
  /** The branch's tax rate (percent). */
  taxRate: number;
};

export type RuleCart = {
  items: readonly { product_id: string; quantity: number; price: number; unit_price?: number }[];
  tax_rate: number;
  discount_type: DiscountType;
  discount_value: number;
};

/** One way a cashier's cart goes past the rules; its audit action, and the sale flag when it was not approved. */
export type RuleDeparture = {
  kind: 'discount_over_limit' | 'price_override' | 'zero_tax';
  action: 'sale.discount_override' | 'sale.price_override' | 'sale.zero_tax';
  reason: string;
  before: unknown;
  after: unknown;
};

/**
 * What a cashier's cart departs from: a discount above the branch's maximum (a percent compared as
 * given; an amount against that share of the subtotal, in basis points), a line's `unit_price` other
 * than its price without `cashierMayChangePrice`, tax 0 on a taxed branch without `cashierMayZeroTax`.
 */
export function ruleDepartures(rules: CartRules, cart: RuleCart): RuleDeparture[] {
  const departures: RuleDeparture[] = [];
  const maxPercent = rules.cashierMaxDiscountPercent;
  const totals = computeCartTotals({
    items: cart.items.map((line) => ({ price: line.unit_price ?? line.price, quantity: line.quantity })),
    taxRate: cart.tax_rate,
    discountType: cart.discount_type,
    discountValue: cart.discount_value,
  });
  const { subtotal, discountAmount } = totals.minor;
  const isOverLimit =
    cart.discount_type === 'percentage'
      ? cart.discount_value > maxPercent
      : discountAmount * 10_000 > subtotal * Math.round(maxPercent * 100);
  if (discountAmount > 0 && isOverLimit) {
    departures.push({
      kind: 'discount_over_limit',
      action: 'sale.discount_override',
      reason: `Discount above the cashier's limit of ${maxPercent}%`,
      before: { maxDiscountPercent: maxPercent },
      after: {
        discountType: cart.discount_type,
        discountValue: cart.discount_value,
        discountAmount: totals.discountAmount,
        subtotal: totals.subtotal,
      },
    });
  }
  const priceChange = rules.cashierMayChangePrice ? null : priceOverride(cart);
  if (priceChange) departures.push(priceChange);
  if (!rules.cashierMayZeroTax && cart.tax_rate === 0 && rules.taxRate > 0) {
    departures.push({
      kind: 'zero_tax',
      action: 'sale.zero_tax',
      reason: 'A sale without tax needs a manager',
      before: { taxRate: rules.taxRate },
      after: { taxRate: 0 },
    });
  }
  return departures;
}

/**
 * The cart's lines whose `unit_price` differs from their price (prices changed at the register), as the
 * `sale.price_override` departure; null when there are none. A cashier past the rules needs a manager for
 * it; whoever changed a price, the sale's audit records it.
 */
export function priceOverride(cart: Pick<RuleCart, 'items'>): RuleDeparture | null {
  const changed = cart.items.filter((l) => l.unit_price !== undefined && toMinor(l.unit_price) !== toMinor(l.price));
  if (changed.length === 0) return null;
  return {
    kind: 'price_override',
    action: 'sale.price_override',
    reason: 'Price changes at the register need a manager',
    // Objects, not bare arrays: the audit row adds `offline: true` to `after` (auditOverrides).
    before: { lines: changed.map((l) => ({ productId: l.product_id, price: l.price })) },
    after: { lines: changed.map((l) => ({ productId: l.product_id, price: l.unit_price })) },
  };
}
