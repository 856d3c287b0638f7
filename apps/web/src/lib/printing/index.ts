/** Receipt printing, shared by the register and the transactions screen ('Reprint Receipt'). */
export { encodeReceipt } from './encode';
export {
  POPUP_CLOSE_DELAY_MS,
  PrintError,
  type PrintMethod,
  printReceipt,
  printTestReceipt,
  USB_SETTLE_MS,
} from './print';
export { type ReceiptStore, receiptStore, saleReceiptData, testReceiptData } from './receipt-data';
