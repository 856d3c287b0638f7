import { isEan13 } from '@pos/shared';

/**
 * What a barcode label shows and which barcode it carries, pure: the label sheet (labels-print) and the
 * thermal encoder (labels-encode) both read it, and neither imports labels.ts, which loads them lazily.
 */

/** One product's label: its name, price (formatted by the caller through formatMoney), SKU and copies. */
export type LabelData = { name: string; price: string; sku: string; copies: number };

export type LabelBarcode = { symbology: 'ean13' | 'code128'; value: string };

/** EAN-13 when the SKU is one, else Code 128 of the SKU (printable ASCII). */
export function labelBarcode(sku: string): LabelBarcode {
  const value = sku.trim();
  return isEan13(value) ? { symbology: 'ean13', value } : { symbology: 'code128', value };
}

/** Every label the given products make (each repeated `copies` times), in order. */
export function expandLabels(labels: LabelData[]): LabelData[] {
  return labels.flatMap((l) => Array.from({ length: Math.max(0, Math.floor(l.copies)) }, () => l));
}
