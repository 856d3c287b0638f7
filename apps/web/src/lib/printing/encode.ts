import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { RECEIPT_WIDTH, type ReceiptData, receiptLines } from '@pos/shared';

/**
 * The receipt as ESC/POS bytes: initialize (ESC @), the 48-column lines of the shared layout one by
 * one, a short feed so the last line clears the cutter, the drawer kick (ESC p) and the cut (GS V).
 */
export function encodeReceipt(data: ReceiptData): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH }).initialize();
  for (const line of receiptLines(data)) encoder.line(line);
  return encoder.newline(3).pulse().cut().encode();
}
