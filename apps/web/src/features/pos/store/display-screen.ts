import { fromMinor, lineSubtotal } from '@pos/shared';
import type { DisplayPayment, DisplayScreen } from '../../../lib/customer-display';
import { type Cart, cartTotals, chargedPrice } from './cart-store';
import { THANKS_MS, type Thanks } from './customer-display';
import { exchangeFigures } from './exchange';

/**
 * The screen for the customer at `now`: the active cart's lines and figures (with the Payment dialog's when
 * open); the thank-you while the cart is empty within THANKS_MS of the sale; else the welcome.
 */
export function displayScreenOf(
  cart: Cart,
  { payment, thanks }: { payment: DisplayPayment | null; thanks: Thanks | null },
  now = Date.now(),
): DisplayScreen {
  if (cart.items.length === 0) {
    if (!thanks || now - thanks.at >= THANKS_MS) return { kind: 'idle' };
    const { at: _at, ...sale } = thanks;
    return { kind: 'thanks', ...sale };
  }
  const totals = cartTotals(cart);
  const exchange = exchangeFigures(cart);
  return {
    kind: 'cart',
    cart: {
      lines: cart.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        ...(item.unit && { unit: item.unit }),
        unitPrice: chargedPrice(item),
        total: lineSubtotal({ price: chargedPrice(item), quantity: item.quantity }),
      })),
      subtotal: totals.subtotal,
      discount: totals.discountAmount,
      taxes: totals.taxes.map((g) => ({ rate: g.rate, included: g.included, tax: fromMinor(g.tax) })),
      tax: totals.tax,
      total: totals.total,
      ...(exchange && { exchange }),
    },
    payment,
  };
}
