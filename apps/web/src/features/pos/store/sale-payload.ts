import { type CreateSaleInput, cashChange, type PaymentMethod } from '@pos/shared';
import { type Cart, cartTotals, isPriceChanged } from './cart-store';

export type PaymentDetails = { method: PaymentMethod; amountReceived: number };

/** Cash needs at least the total; a card pays exactly the total. */
export function canCompletePayment(total: number, { method, amountReceived }: PaymentDetails): boolean {
  if (total <= 0) return false;
  return method === 'card' || cashChange({ total, amountReceived }) !== null;
}

/** The sale payload of spec 02 section 3, from a cart and the payment. */
export function buildSalePayload(cart: Cart, branchId: string, payment: PaymentDetails): CreateSaleInput {
  const totals = cartTotals(cart);
  const isCash = payment.method === 'cash';
  const amountPaid = isCash ? payment.amountReceived : totals.total;
  const change = isCash ? (cashChange({ total: totals.total, amountReceived: amountPaid }) ?? 0) : 0;
  const name = cart.customerName.trim();
  const phone = cart.customerPhone.trim();
  const email = cart.customerEmail.trim();
  return {
    branchId,
    // `price` is the product's price as the register knows it (the server checks it); a price changed at the
    // register goes as `unit_price`, which the branch's rules (and a manager's grant) decide on.
    items: cart.items.map((item) => ({
      product_id: item.productId,
      quantity: item.quantity,
      price: item.price,
      ...(isPriceChanged(item) && { unit_price: item.unitPrice }),
      // The rate of the product's tax class as the register knows it (the server checks it like the price).
      ...(item.taxRate !== undefined && { tax_rate: item.taxRate }),
      ...(item.taxIncluded && { tax_included: true }),
    })),
    subtotal: totals.subtotal,
    tax: totals.tax,
    tax_rate: cart.taxRate,
    discount_type: cart.discountType,
    discount_value: cart.discountValue,
    discount_amount: totals.discountAmount,
    total: totals.total,
    payment_method: payment.method,
    amount_paid: amountPaid,
    change,
    ...(name || phone || email ? { customer: { name: name || null, phone: phone || null, email: email || null } } : {}),
  };
}
