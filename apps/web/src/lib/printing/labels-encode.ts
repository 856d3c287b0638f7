import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { expandLabels, type LabelData, labelBarcode } from './label-data';

/** A thermal label is 32 characters wide (58 mm stock); names are cut to two lines. */
export const LABEL_COLUMNS = 32;

const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}~` : text);

/**
 * Labels as ESC/POS bytes for a thermal label printer: initialize (ESC @), then per label the name
 * (bold, centred), the price (double height) and the barcode (GS k: EAN-13, UPC-A or Code 128, its digits
 * below), each label ended by a cut (GS V) so a label printer advances to the next gap.
 */
export function encodeLabels(labels: LabelData[]): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ columns: LABEL_COLUMNS }).initialize();
  for (const label of expandLabels(labels)) {
    const barcode = labelBarcode(label.code);
    encoder
      .align('center')
      .bold(true)
      .line(clip(label.name, LABEL_COLUMNS))
      .bold(false)
      .size(1, 2)
      .line(label.price)
      .size(1, 1)
      .barcode(barcode.value, barcode.symbology, { height: 60, width: 2, text: 'below' })
      .newline()
      .cut();
  }
  return encoder.encode();
}
