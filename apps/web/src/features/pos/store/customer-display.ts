import { cashChange, lineSubtotal, type PaymentMethod } from '@pos/shared';
import { createStore } from 'zustand/vanilla';
import type { DisplayPayment, DisplayScreen } from '../../../lib/customer-display';
import { type Cart, cartTotals, chargedPrice } from './cart-store';

/** How long the thank-you stays on the customer display before it goes back to its welcome. */
export const THANKS_MS = 20_000;

type Thanks = { method: PaymentMethod; total: number; paid: number; change: number };

/**
 * What the customer display shows besides the cart: the open Payment dialog's figures, and the thank-you
 * of the sale just made (until the next item, or THANKS_MS).
 */
export const customerDisplayStore = createStore<{ payment: DisplayPayment | null; thanks: Thanks | null }>(() => ({
  payment: null,
  thanks: null,
}));

/** The Payment dialog's method and cash received (null: the dialog closed). */
export function showPaymentOnDisplay(
  payment: { method: PaymentMethod; amountReceived: number | null; total: number } | null,
) {
  if (!payment) {
    customerDisplayStore.setState({ payment: null });
    return;
  }
  const { method, amountReceived, total } = payment;
  const next: DisplayPayment =
    method === 'card'
      ? { method, tendered: null, change: null }
      : {
          method,
          tendered: amountReceived,
          change: amountReceived === null ? null : cashChange({ total, amountReceived }),
        };
  customerDisplayStore.setState({ payment: next });
}

/** The sale is recorded: the display thanks the customer with their change. */
export function showThanksOnDisplay(sale: {
  paymentMethod: PaymentMethod;
  total: number;
  amountPaid: number;
  changeAmount: number;
}) {
  customerDisplayStore.setState({
    payment: null,
    thanks: { method: sale.paymentMethod, total: sale.total, paid: sale.amountPaid, change: sale.changeAmount },
  });
}

export const clearThanksOnDisplay = () => customerDisplayStore.setState({ thanks: null });

/**
 * The screen for the customer: the active cart's lines and figures (with the Payment dialog's when open);
 * the thank-you while the cart is empty after a sale; else the welcome.
 */
export function displayScreenOf(
  cart: Cart,
  { payment, thanks }: { payment: DisplayPayment | null; thanks: Thanks | null },
): DisplayScreen {
  if (cart.items.length === 0) return thanks ? { kind: 'thanks', ...thanks } : { kind: 'idle' };
  const totals = cartTotals(cart);
  return {
    kind: 'cart',
    cart: {
      lines: cart.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitPrice: chargedPrice(item),
        total: lineSubtotal({ price: chargedPrice(item), quantity: item.quantity }),
      })),
      subtotal: totals.subtotal,
      discount: totals.discountAmount,
      taxRate: cart.taxRate,
      tax: totals.tax,
      total: totals.total,
    },
    payment,
  };
}
