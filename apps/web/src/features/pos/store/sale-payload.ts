// Only zod-free modules of @pos/shared at runtime (money.ts): this module is part of the register's first load
// (docs/architecture/web.md, 'First load').
import {
  type CreateSaleInput,
  fromMinor,
  type Settlement,
  saleSettlement,
  type TenderMethod,
  toMinor,
} from '@pos/shared';
import { type Cart, cartTotals, isPriceChanged } from './cart-store';

/** A tender as the customer hands it over (cash received, the card's charge), in major units. */
export type TenderPayment = { method: TenderMethod; amount: number };

/**
 * How the customer pays: one tender (cash with `amountReceived` handed over; a card charges exactly the total),
 * or 'mixed' with its `tenders` (two or more; `amountReceived` their sum). A gift voucher tender names its voucher
 * (`voucherCode`, the sale's `voucher_code`).
 */
export type PaymentDetails =
  | { method: TenderMethod; amountReceived: number; tenders?: undefined; voucherCode?: string }
  | { method: 'mixed'; amountReceived: number; tenders: TenderPayment[]; voucherCode?: string };

/**
 * How the payment settles the total, as the server records it (the shared saleSettlement): the tenders, or the
 * spec's single tender (cash: `amountReceived` handed over; card: exactly the total).
 */
export function settlePayment(total: number, payment: PaymentDetails): Settlement | { problem: string } {
  return saleSettlement(
    { payment_method: payment.method, amount_paid: payment.amountReceived, tenders: payment.tenders },
    toMinor(total),
  );
}

/** Cash needs at least the total; a card pays exactly the total; several tenders settle as settleTenders says. */
export function canCompletePayment(total: number, payment: PaymentDetails): boolean {
  if (total <= 0) return false;
  if (payment.method === 'mixed' && payment.tenders.length < 2) return false;
  return !('problem' in settlePayment(total, payment));
}

/** The payment of the tenders handed over: one is the spec's single tender (no `tenders`), several are 'mixed'. */
export function paymentOf(tenders: readonly TenderPayment[]): PaymentDetails | null {
  const [first] = tenders;
  if (!first) return null;
  if (tenders.length === 1) return { method: first.method, amountReceived: first.amount };
  const paid = tenders.reduce((sum, t) => sum + toMinor(t.amount), 0);
  return { method: 'mixed', amountReceived: fromMinor(paid), tenders: tenders.map((t) => ({ ...t })) };
}

/**
 * The tender lines a sale payload records (each tender's part of the total: cash less the change), by method,
 * in major units: what the server answers as the sale's `tenders` (a receipt printed before it answers).
 */
export function payloadTenderLines(
  sale: Pick<CreateSaleInput, 'payment_method' | 'amount_paid' | 'tenders' | 'total'>,
): { method: TenderMethod; amount: number }[] {
  const settled = saleSettlement(sale, toMinor(sale.total));
  if ('problem' in settled) return [];
  return settled.lines.map((line) => ({ method: line.method as TenderMethod, amount: fromMinor(line.amount) }));
}

/** The sale payload of spec 02 section 3, from a cart and the payment. */
export function buildSalePayload(cart: Cart, branchId: string, payment: PaymentDetails): CreateSaleInput {
  const totals = cartTotals(cart);
  // amount_paid and change as the server records them (never sent unsettled: canCompletePayment).
  const settled = settlePayment(totals.total, payment);
  const amountPaid = 'problem' in settled ? payment.amountReceived : fromMinor(settled.paid);
  const change = 'problem' in settled ? 0 : fromMinor(settled.change);
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
    // FBR's POS service fee of the branch, inside the total (the server checks it is the branch's).
    ...(totals.serviceFee > 0 && { service_fee: totals.serviceFee }),
    total: totals.total,
    payment_method: payment.method,
    amount_paid: amountPaid,
    change,
    // Split tender: each tender as handed over (cash received, the card's charge).
    ...(payment.method === 'mixed' && {
      tenders: payment.tenders.map((t) => ({ method: t.method, amount: t.amount })),
    }),
    ...(name || phone || email ? { customer: { name: name || null, phone: phone || null, email: email || null } } : {}),
    // The gift voucher a voucher tender spends (the server checks its balance and expiry).
    ...(payment.voucherCode && { voucher_code: payment.voucherCode }),
  };
}
