import { type BarcodeKind, barcodeProblem, inferBarcodeKind } from '@pos/shared';

/**
 * What a barcode label shows and which barcode it carries, pure: the label sheet (labels-print) and the
 * thermal encoder (labels-encode) both read it, and neither imports labels.ts, which loads them lazily.
 */

/**
 * One product's label: its name, price (formatted by the caller through formatMoney), the code its barcode
 * carries (the SKU or one of the variant's barcodes) and copies.
 */
export type LabelData = { name: string; price: string; code: string; copies: number };

export type LabelBarcode = { symbology: BarcodeKind; value: string };

/** The code as what it is when valid (EAN-13, UPC-A: their digits and check digit), else Code 128 of it. */
export function labelBarcode(code: string): LabelBarcode {
  const value = code.trim();
  const kind = inferBarcodeKind(value);
  return { symbology: barcodeProblem(value, kind) === null ? kind : 'code128', value };
}

/** Every label the given products make (each repeated `copies` times), in order. */
export function expandLabels(labels: LabelData[]): LabelData[] {
  return labels.flatMap((l) => Array.from({ length: Math.max(0, Math.floor(l.copies)) }, () => l));
}
