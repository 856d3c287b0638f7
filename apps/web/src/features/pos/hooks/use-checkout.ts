import {
  CREDIT_SHORT,
  EXCHANGE_MSG,
  type ExchangeBackMethod,
  formatQuantity,
  fromMinor,
  RETURN_NEEDS_MANAGER,
  type Sale,
  toMinor,
  VOUCHER_REFUSED,
} from '@pos/shared';
import { useRef, useState } from 'react';
import { type ApiError, errorMessage, isApiError } from '../../../lib/api';
import { lookupCustomerByPhone } from '../../../lib/api/customers.api';
import { useInvalidateProducts } from '../../../lib/api/products.api';
import { createSale } from '../../../lib/api/transactions.api';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  printReceipt,
  printTestReceipt,
  type ReceiptStore,
  receiptStore,
  saleReceiptData,
} from '../../../lib/printing';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { requestApprovalGrant, requestReturnGrant } from '../api/approvals.api';
import { createExchange, fetchCartProduct } from '../api/pos.api';
import { syncCatalogue } from '../offline/catalogue-sync';
import { connectivityStore, isNetworkFailure, isOnline } from '../offline/connectivity';
import { withApproval } from '../store/approval-request';
import {
  type Cart,
  type CartLineChange,
  cartCredit,
  cartStore,
  cartTotals,
  type FreshProduct,
} from '../store/cart-store';
import { showThanksOnDisplay } from '../store/customer-display';
import { exchangeFigures } from '../store/exchange';
import { receiptFiscal } from '../store/fiscal-receipt';
import { buildSalePayload, canCompletePayment, type PaymentDetails, type TenderPayment } from '../store/sale-payload';
import { voucherRefused } from '../store/voucher-desk';
import { notifyWarning, POS_TEXT } from '../utils/notices';
import { useOfflineSale } from './use-offline-sale';
import { useRegister } from './use-register';
import { useRefreshShiftFigures } from './use-shift';

/**
 * paid: the sale is recorded; rejected: the server refused this cart (409/422), fix it; failed: retry (the Payment
 * dialog stays open: a gift voucher refused is read again there, and the tenders changed).
 */
export type CheckoutResult = 'paid' | 'rejected' | 'failed';

/** One line of the 'Cart updated' toast. */
export function describeCartChange(change: CartLineChange): string {
  switch (change.kind) {
    case 'price':
      return `${change.name}: price now ${formatMoney(change.to)} (was ${formatMoney(change.from)})`;
    case 'tax':
      return `${change.name}: now taxed at ${change.to === null ? 'the branch rate' : `${change.to}%`}${change.included ? ' included in the price' : ''}`;
    case 'stock':
      return `${change.name}: only ${formatQuantity(change.available, change.unit)} in stock, quantity set to ${formatQuantity(change.available, change.unit)}`;
    case 'removed':
      return `${change.name}: ${change.reason === 'out-of-stock' ? 'out of stock' : 'no longer available'}, removed from the cart`;
  }
}

/**
 * After a 409 (a price changed, stock ran short, a product is gone): the cart's products as the server
 * holds them now go into the cart, and the cashier is told what changed; the next Payment sends the
 * updated cart with a new key. Answers false when nothing in the cart changed (the server's message stands).
 */
async function refreshCart(cartId: string): Promise<boolean> {
  const cart = cartStore.getState().carts.find((c) => c.id === cartId);
  if (!cart) return false;
  const ids = [...new Set(cart.items.map((item) => item.productId))];
  const found = await Promise.all(ids.map((id) => fetchCartProduct(id)));
  const fresh = new Map<string, FreshProduct>(ids.map((id, i) => [id, found[i] ?? null]));
  const changes = cartStore.getState().refreshFromServer(cartId, fresh);
  if (changes.length === 0) return false;
  notifyWarning(
    `${changes.map(describeCartChange).join('. ')}. Check the cart and press Payment again.`,
    'Cart updated',
    'pos-cart-updated',
  );
  return true;
}

/** The cart's customer's store credit read again (after a 409: spent elsewhere meanwhile); unchanged on a failure. */
export async function refreshCredit(cartId: string, branchId: string): Promise<void> {
  const phone = cartStore.getState().carts.find((c) => c.id === cartId)?.customerCredit?.phone;
  if (!phone) return;
  const found = await lookupCustomerByPhone(branchId, phone).catch(() => null);
  if (found) {
    cartStore
      .getState()
      .setCustomer({ customerCredit: { phone, balance: found.creditBalance, account: found.account } }, cartId);
  }
}

/**
 * What is left of the customer's store credit after a sale that spent some (the balance the register looked up
 * less the sale's store credit tender), for the receipt; null when the sale took none or no balance was known.
 */
export function storeCreditLeft(
  sale: Pick<Sale, 'paymentMethod' | 'total' | 'tenders'>,
  balance: number,
): number | null {
  const spent =
    sale.tenders.length > 0
      ? sale.tenders.filter((t) => t.method === 'store_credit').reduce((sum, t) => sum + toMinor(t.amount), 0)
      : sale.paymentMethod === 'store_credit'
        ? toMinor(sale.total)
        : 0;
  if (spent <= 0 || balance <= 0) return null;
  return fromMinor(Math.max(toMinor(balance) - spent, 0));
}

/**
 * The tenders a payment hands over, as POST /exchanges takes them: cash as received, a card or store credit
 * paying `due` (one tender), or each of a split payment's.
 */
function handedOver(payment: PaymentDetails, due: number): TenderPayment[] {
  if (payment.tenders) return payment.tenders;
  return [{ method: payment.method, amount: payment.method === 'cash' ? payment.amountReceived : due }];
}

type Exchange = Awaited<ReturnType<typeof createExchange>> & { originalReceipt: string };

/** What the new sale's receipt says of its exchange: the return, what it was worth, what went back. */
const exchangeReceipt = (made: Exchange) => ({
  returnNumber: made.return.returnNumber,
  originalReceipt: made.originalReceipt,
  credit: made.credit,
  back: made.back,
  backMethod: made.backMethod,
});

/** The receipt header: the company's name, the branch's address and phone (placeholders when missing). */
export function useReceiptStore(): ReceiptStore {
  const { company, branch } = useCurrentSelection();
  const user = useSessionUser();
  return receiptStore(company, user?.company, branch?.timezone);
}

/**
 * Complete Payment: POST /transactions with the cart's Idempotency-Key (made when the Payment modal
 * opened, the same on a retry of the same cart), then the cart is cleared and the receipt printed.
 */
export function useCheckout() {
  const { branch } = useCurrentSelection();
  const store = useReceiptStore();
  const invalidateProducts = useInvalidateProducts();
  const refreshShiftFigures = useRefreshShiftFigures();
  const sellOffline = useOfflineSale();
  const register = useRegister();
  const [isPaying, setIsPaying] = useState(false);
  // Enter pressed twice before a re-render must not send (and print) twice.
  const inFlight = useRef(false);

  /** `onPaid` runs as soon as the sale is recorded, before the receipt prints (the modal closes then). */
  const pay = async (cartId: string, payment: PaymentDetails, onPaid?: () => void): Promise<CheckoutResult> => {
    const cart = cartStore.getState().carts.find((c) => c.id === cartId);
    if (inFlight.current || !branch || !cart || cart.items.length === 0) return 'failed';
    if (!canCompletePayment(cartTotals(cart).total, payment)) return 'failed';
    // The customer's store credit before the sale: the receipt prints what is left of it.
    const credit = cartCredit(cart);
    const key = cartStore.getState().ensurePaymentKey(cartId);
    inFlight.current = true;
    setIsPaying(true);
    let sale: Awaited<ReturnType<typeof createSale>>;
    try {
      // Offline: the sale goes into the outbox before its receipt prints. The payment key is
      // also the sale's id, so a sale queued after a lost answer is never recorded twice.
      const queued = isOnline() ? undefined : await sellOffline(cart, payment, key);
      if (queued === 'cancelled') return stop('rejected');
      if (queued === null) throw new Error(POS_TEXT.paymentFailed);
      // Past the cashier's limits the server asks for a manager's approval: ask, trade the
      // PIN for a one-time grant for this register and this cart, and resend naming the grant.
      // The register it is rung up on: its online sales show when it was online (and a grant is for it).
      const payload = {
        ...buildSalePayload(cart, branch.id, payment),
        id: key,
        ...(register && { register_id: register.registerId }),
      };
      sale =
        queued ??
        (await withApproval(
          (grantId) => createSale(grantId ? { ...payload, approval_grant_id: grantId } : payload, key),
          (approval) =>
            requestApprovalGrant({
              purpose: 'sale',
              branchId: branch.id,
              register_id: register?.registerId ?? '',
              ...approval,
              items: payload.items,
              discount_type: payload.discount_type,
              discount_value: payload.discount_value,
              tax_rate: payload.tax_rate,
              total: payload.total,
            }),
        ));
    } catch (error) {
      const queued = isNetworkFailure(error) ? await queueAfterNetworkFailure(cart, payment, key) : null;
      if (queued === 'cancelled') return stop('rejected');
      if (queued) return finish(cartId, queued, onPaid, credit);
      inFlight.current = false;
      setIsPaying(false);
      // 409: a price changed or the stock is short (the message names the product); 422: the key was
      // used for another body. Either way this cart must change first; the tiles show the news.
      // Store credit spent elsewhere meanwhile: the customer's balance as it is now, for the next Payment.
      if (isApiError(error) && error.code === CREDIT_SHORT) {
        await refreshCredit(cartId, branch.id);
        notifyError(error.message);
        return 'rejected';
      }
      // The gift voucher was spent elsewhere meanwhile, or has expired: the dialog stays and reads it again.
      if (isApiError(error) && error.code === VOUCHER_REFUSED) {
        voucherRefused();
        notifyError(error.message);
        return 'failed';
      }
      // The branch's POS service fee changed since the last sync: sync again (it applies the fee to the carts).
      if (isApiError(error) && error.status === 409 && error.errors?.service_fee) {
        await syncCatalogue(branch.id).catch(() => 0);
        notifyError(error.message);
        return 'rejected';
      }
      if (isApiError(error) && (error.status === 409 || error.status === 422)) {
        void invalidateProducts();
        const updated = await refreshCart(cartId).catch(() => false);
        if (!updated) notifyError(error.message || POS_TEXT.paymentFailed);
        return 'rejected';
      }
      notifyError(POS_TEXT.paymentFailed);
      return 'failed';
    }
    return finish(cartId, sale, onPaid, credit);
  };

  /**
   * Complete an exchange (the cart holds its return side, store/cart-store ExchangeDraft): POST /exchanges under
   * the cart's payment key with the new items, what the customer hands over for the rest (`payment`, none when the
   * returned items pay it all) and how what is left goes back. A cashier past the branch's rules gets a manager's
   * grant for the return, as at Return. Online only: the return needs the server.
   */
  const payExchange = async (
    cartId: string,
    { payment, refundMethod }: { payment: PaymentDetails | null; refundMethod: ExchangeBackMethod },
    onPaid?: () => void,
  ): Promise<CheckoutResult> => {
    const cart = cartStore.getState().carts.find((c) => c.id === cartId);
    const exchange = cart?.exchange;
    if (inFlight.current || !branch || !cart || !exchange || cart.items.length === 0) return 'failed';
    if (!isOnline()) {
      notifyError(POS_TEXT.exchangeOffline);
      return 'failed';
    }
    const key = cartStore.getState().ensurePaymentKey(cartId);
    inFlight.current = true;
    setIsPaying(true);
    const {
      payment_method: _method,
      amount_paid: _paid,
      change: _change,
      tenders: _tenders,
      branchId: _branch,
      ...sale
    } = buildSalePayload(cart, branch.id, payment ?? { method: 'card', amountReceived: 0 });
    const body = {
      branchId: branch.id,
      ...(register && { register_id: register.registerId }),
      originalTransactionId: exchange.originalTransactionId,
      items: exchange.items,
      reason: exchange.reason,
      sale,
      tenders: payment ? handedOver(payment, exchangeFigures(cart)?.due ?? 0) : [],
      refund_method: refundMethod,
    };
    try {
      // The return asks a return grant; the new sale (its limits, the account past its credit limit) a sale grant.
      const isReturnRefusal = (refusal: ApiError) => refusal.errors?.approval === RETURN_NEEDS_MANAGER;
      const made = await withApproval(
        (returnGrant) =>
          withApproval(
            (saleGrant) =>
              createExchange(
                {
                  ...body,
                  ...(returnGrant && { approval_grant_id: returnGrant }),
                  sale: { ...sale, ...(saleGrant && { approval_grant_id: saleGrant }) },
                },
                key,
              ),
            (approval) =>
              requestApprovalGrant({
                purpose: 'sale',
                branchId: branch.id,
                register_id: register?.registerId ?? '',
                ...approval,
                items: sale.items,
                discount_type: sale.discount_type,
                discount_value: sale.discount_value,
                tax_rate: sale.tax_rate,
                total: sale.total,
              }),
            (refusal) => !isReturnRefusal(refusal),
          ),
        (approval) =>
          requestReturnGrant(approval, {
            branchId: branch.id,
            registerId: register?.registerId ?? '',
            originalTransactionId: exchange.originalTransactionId,
            items: exchange.items,
            refundMethod: 'exchange',
            refundAmount: exchange.credit,
          }),
        isReturnRefusal,
      );
      return finish(cartId, made.sale, onPaid, cartCredit(cart), { ...made, originalReceipt: exchange.receiptNumber });
    } catch (error) {
      inFlight.current = false;
      setIsPaying(false);
      notifyError(errorMessage(error, EXCHANGE_MSG.failed));
      return isApiError(error) && error.status < 500 ? 'rejected' : 'failed';
    }
  };

  const stop = (result: CheckoutResult): CheckoutResult => {
    inFlight.current = false;
    setIsPaying(false);
    return result;
  };

  /** The server went out of reach during the payment: the register is offline now, the sale is queued. */
  const queueAfterNetworkFailure = async (cart: Cart, payment: PaymentDetails, key: string) => {
    connectivityStore.getState().markOffline();
    return sellOffline(cart, payment, key);
  };

  const finish = async (
    cartId: string,
    sale: Sale,
    onPaid?: () => void,
    credit = 0,
    /** The new sale of an exchange: its receipt says so, and cash given back opens the drawer too. */
    exchange?: Exchange,
  ): Promise<CheckoutResult> => {
    inFlight.current = false;
    setIsPaying(false);
    notifySuccess(exchange ? EXCHANGE_MSG.created : POS_TEXT.paymentSucceeded);
    cartStore.getState().clearAfterSale(cartId);
    showThanksOnDisplay(sale);
    void invalidateProducts();
    // Recorded by the server: the shift's figures (kept for an X report offline) changed there.
    if (!sale.offline) refreshShiftFigures();
    onPaid?.();
    try {
      // Only cash goes into the till: a card sale prints without the drawer kick, a mixed one with cash kicks it.
      const takesCash =
        exchange?.backMethod === 'cash' ||
        sale.paymentMethod === 'cash' ||
        sale.tenders.some((t) => t.method === 'cash');
      await printReceipt(
        {
          ...saleReceiptData(sale, store),
          fiscal: branch ? await receiptFiscal(sale, branch.id) : null,
          storeCreditLeft: storeCreditLeft(sale, credit),
          ...(exchange && { exchange: exchangeReceipt(exchange) }),
        },
        { openDrawer: takesCash },
      );
      notifySuccess(POS_TEXT.receiptPrinted);
    } catch {
      notifyWarning(POS_TEXT.printFailedAfterPayment);
    }
    return 'paid';
  };

  return { pay, payExchange, isPaying };
}

/** Test Printer: a sample receipt through the same printer order. */
export function usePrinterTest() {
  const store = useReceiptStore();
  const [isTesting, setIsTesting] = useState(false);
  const test = async () => {
    setIsTesting(true);
    try {
      await printTestReceipt(store);
      notifySuccess(POS_TEXT.printerTestSucceeded);
    } catch {
      notifyError(POS_TEXT.printerTestFailed);
    } finally {
      setIsTesting(false);
    }
  };
  return { test, isTesting };
}
