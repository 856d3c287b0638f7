/**
 * Receipt printing, shared by the register and the transactions screen ('Reprint Receipt').
 * The printing code (the ESC/POS encoder, WebUSB, the popup) is its own chunk, fetched at the first
 * print instead of with the register: ~30 KB gzipped off the register's first load (bench/README.md,
 * 'Register in the browser'). Tests import ./print and ./encode directly.
 */
import type * as Print from './print';

export { type ReceiptStore, receiptStore, saleReceiptData, testReceiptData } from './receipt-data';

export const printReceipt: typeof Print.printReceipt = async (...args) =>
  (await import('./print')).printReceipt(...args);

export const printTestReceipt: typeof Print.printTestReceipt = async (...args) =>
  (await import('./print')).printTestReceipt(...args);

export const printShiftReport: typeof Print.printShiftReport = async (...args) =>
  (await import('./print')).printShiftReport(...args);

export const printVoucherSlip: typeof Print.printVoucherSlip = async (...args) =>
  (await import('./print')).printVoucherSlip(...args);

export type { VoucherSlipData } from './voucher-slip';

export const openCashDrawer: typeof Print.openCashDrawer = async (...args) =>
  (await import('./print')).openCashDrawer(...args);
