import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  RECEIPT_WIDTH,
  type ReceiptData,
  receiptBarcode,
  receiptLines,
  receiptQr,
  type ShiftReportPrint,
  shiftReportLines,
} from '@pos/shared';
import { fitsCodePage } from './code-page';
import { type LineRasterizer, rasterizeLine } from './raster';
import { type VoucherSlipData, voucherSlipLines } from './voucher-slip';

export type EncodeOptions = {
  /** Draws a line the code page cannot hold; the browser's canvas unless a test gives another. */
  rasterize?: LineRasterizer;
};

/**
 * The receipt's encoder: 48 columns; an image or a barcode advances the paper by itself, so no line
 * feed follows it (that would print a blank line under every image line).
 */
const receiptEncoder = () => new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH, feedAfterBlock: false });

/** Below this an image pixel prints black (0-255): a little above the middle keeps thin strokes. */
const IMAGE_THRESHOLD = 160;

/**
 * The lines of the 48-column layout, one by one: as text when the printer's code page holds every
 * character, else as a raster image (GS v 0) of the line drawn in the browser, so Urdu, Arabic or any
 * other script prints as written instead of '?'.
 */
async function writeLines(encoder: ReceiptPrinterEncoder, lines: string[], rasterize: LineRasterizer) {
  for (const line of lines) {
    if (fitsCodePage(line)) encoder.line(line);
    else encoder.image(await rasterize(line, encoder.printableWidth), { mode: 'raster', threshold: IMAGE_THRESHOLD });
  }
}

/** Code 128 (set B) is 11 modules a character, 35 for start, check and stop, and 10 of quiet zone each side. */
const code128Modules = (value: string) => 11 * value.length + 55;

/**
 * The receipt number (or a gift voucher's code) as the printer's own Code 128 barcode (GS k), centred, its digits
 * below, with the widest bars (2-4 dots a module) that fit the paper; nothing when even the narrowest do not.
 */
function writeBarcode(encoder: ReceiptPrinterEncoder, value: string | null) {
  if (!value) return;
  const modules = code128Modules(value);
  // The encoder's width 1-3 is 2-4 dots a module.
  const width = [3, 2, 1].find((w) => modules * (w + 1) <= encoder.printableWidth);
  if (!width) return;
  encoder.align('center').barcode(value, 'code128', { height: 60, width, text: 'below' }).align('left');
}

/**
 * The receipt as ESC/POS bytes: initialize (ESC @), the 48-column lines of the shared layout (text,
 * or an image where the code page cannot hold one), the receipt number's barcode (GS k), FBR's invoice number as
 * a QR code (GS ( k) when there is one, a short feed
 * so the last line clears the cutter, the drawer kick (ESC p) when asked, and the cut (GS V). Only cash
 * opens the till: a card sale, a reprint or the test receipt leave it shut.
 */
export async function encodeReceipt(
  data: ReceiptData,
  { openDrawer = false, rasterize = rasterizeLine }: { openDrawer?: boolean } & EncodeOptions = {},
): Promise<Uint8Array> {
  const encoder = receiptEncoder().initialize();
  await writeLines(encoder, receiptLines(data), rasterize);
  writeBarcode(encoder, receiptBarcode(data));
  writeQr(encoder, receiptQr(data));
  encoder.newline(3);
  if (openDrawer) encoder.pulse();
  return encoder.cut().encode();
}

/**
 * FBR's invoice number as the printer's own QR code (GS ( k, model 2, error correction M), centred: 2 dots a
 * module, about 7 x 7 mm for a number of up to 25 characters on a 203 dpi printer (SRO 1006(I)/2021).
 */
function writeQr(encoder: ReceiptPrinterEncoder, value: string | null) {
  if (!value) return;
  encoder.align('center').qrcode(value, { model: 2, size: 2, errorlevel: 'm' }).align('left');
}

/**
 * A gift voucher's slip as ESC/POS bytes, as a receipt is made: initialize, the slip's 48-column lines, its code as
 * the printer's Code 128 (GS k, the code printed below it) so the register scans it at Payment, a feed, the drawer
 * kick when the voucher was sold for cash, and the cut.
 */
export async function encodeVoucherSlip(
  data: VoucherSlipData,
  { openDrawer = false, rasterize = rasterizeLine }: { openDrawer?: boolean } & EncodeOptions = {},
): Promise<Uint8Array> {
  const encoder = receiptEncoder().initialize();
  await writeLines(encoder, voucherSlipLines(data), rasterize);
  writeBarcode(encoder, data.code);
  encoder.newline(3);
  if (openDrawer) encoder.pulse();
  return encoder.cut().encode();
}

/**
 * The X / Z report as ESC/POS bytes: initialize, the shared 48-column lines (an image where the code
 * page cannot hold one: a cashier's name in Urdu), a feed and the cut. No drawer kick: printing the
 * report does not open the till.
 */
export async function encodeShiftReport(
  data: ShiftReportPrint,
  { rasterize = rasterizeLine }: EncodeOptions = {},
): Promise<Uint8Array> {
  const encoder = receiptEncoder().initialize();
  await writeLines(encoder, shiftReportLines(data), rasterize);
  return encoder.newline(3).cut().encode();
}

/** The drawer kick alone (ESC @, ESC p): a paid in / paid out or a refund opens the till. */
export function encodeDrawerPulse(): Uint8Array {
  return new ReceiptPrinterEncoder({ columns: RECEIPT_WIDTH }).initialize().pulse().encode();
}
