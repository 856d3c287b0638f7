import { cashChange, type PaymentMethod, type SalePaymentMethod } from '@pos/shared';
import { createStore } from 'zustand/vanilla';
import type { DisplayPayment } from '../../../lib/customer-display';

// No cart store here: the Payment dialog (a lazy chunk) takes this module, and the register's first load
// keeps its chunks as they were (store/display-screen.ts makes the screen from the cart).

/** How long the thank-you stays on the customer display before it goes back to its welcome. */
export const THANKS_MS = 20_000;

/** The sale just made, and when (ms): its thank-you shows for THANKS_MS. */
export type Thanks = { method: SalePaymentMethod; total: number; paid: number; change: number; at: number };

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
  paymentMethod: SalePaymentMethod;
  total: number;
  amountPaid: number;
  changeAmount: number;
}) {
  customerDisplayStore.setState({
    payment: null,
    thanks: {
      method: sale.paymentMethod,
      total: sale.total,
      paid: sale.amountPaid,
      change: sale.changeAmount,
      at: Date.now(),
    },
  });
}

export const clearThanksOnDisplay = () => customerDisplayStore.setState({ thanks: null });
