import { formatQuantity } from '@pos/shared';
import { showToast } from '../../../lib/notify';

/** A yellow toast: 'Product not found' (title 'Not Found'), the printing warning after a sale, stock limits. */
export function notifyWarning(message: string, title = 'Warning', id?: string): void {
  showToast({ id, title, message, color: 'yellow' });
}

/** A code scanned while a dialog (Payment) is open: held, and added to the cart when the dialog closes. */
export function showScanHeld(code: string): void {
  showToast({
    id: `scan-held-${code}`,
    title: 'Scan held',
    message: `${code} is added to the cart when the dialog closes`,
    color: 'blue',
  });
}

export const POS_TEXT = {
  searchFailed: 'Failed to search products',
  paymentFailed: 'Failed to process payment',
  exchangeOffline: 'Exchanges need the server: connect, then press Payment again',
  priceCheckFailed: 'Failed to check price',
  productNotFound: 'Product not found',
  notFoundTitle: 'Not Found',
  labelTitle: 'Scale label',
  printFailedAfterPayment: 'Payment successful, but receipt printing failed',
  printerTestFailed: 'Printer test failed',
  paymentSucceeded: 'Payment processed successfully',
  receiptPrinted: 'Receipt printed successfully',
  printerTestSucceeded: 'Printer test successful',
  customerFound: 'Customer Found',
} as const;

/** 'Only 3 of Cola 1.5L in stock', 'Only 0.500 kg of Basmati Rice in stock'. */
export const stockLimitMessage = (name: string, stock: number, unit?: string | null) =>
  stock <= 0 ? `${name} is out of stock` : `Only ${formatQuantity(stock, unit)} of ${name} in stock`;
