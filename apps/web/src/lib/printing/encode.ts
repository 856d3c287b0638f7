import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { RECEIPT_WIDTH, type ReceiptData, receiptLines, type ShiftReportPrint, shiftReportLines } from '@pos/shared';

/**
 * The receipt as ESC/POS bytes: initialize (ESC @), the 48-column lines of the shared layout one by
 * one, a short feed so the last line clears the cutter, the drawer kick (ESC p) when asked, and the
 * cut (GS V). Only cash opens the till: a card sale, a reprint or the test receipt leave it shut.
 */
export function encodeReceipt(data: ReceiptData, { openDrawer = false }: { openDrawer?: boolean } = {}): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH }).initialize();
  for (const line of receiptLines(data)) encoder.line(line);
  encoder.newline(3);
  if (openDrawer) encoder.pulse();
  return encoder.cut().encode();
}

/**
 * The X / Z report as ESC/POS bytes: initialize, the shared 48-column lines, a feed and the cut. No
 * drawer kick: printing the report does not open the till.
 */
export function encodeShiftReport(data: ShiftReportPrint): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH }).initialize();
  for (const line of shiftReportLines(data)) encoder.line(line);
  return encoder.newline(3).cut().encode();
}

/** The drawer kick alone (ESC @, ESC p): a paid in / paid out or a refund opens the till. */
export function encodeDrawerPulse(): Uint8Array {
  return new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH }).initialize().pulse().encode();
}
