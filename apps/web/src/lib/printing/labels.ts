/**
 * Barcode labels (issue 17): what a label shows and which barcode it carries, and the lazily loaded
 * printers (an A4 label sheet in a popup, or ESC/POS for a thermal label printer). The barcode library
 * (bwip-js) and the encoder are fetched at the first print, like the receipt's.
 */
import type * as LabelsPrint from './labels-print';

/** One product's label: its name, price (formatted by the caller through formatMoney), SKU and copies. */
export type LabelData = { name: string; price: string; sku: string; copies: number };

export type LabelBarcode = { symbology: 'ean13' | 'code128'; value: string };

/** Whether a code is a valid EAN-13: 13 digits whose last is the GS1 check digit of the first 12. */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** EAN-13 when the SKU is one, else Code 128 of the SKU (printable ASCII). */
export function labelBarcode(sku: string): LabelBarcode {
  const value = sku.trim();
  return isEan13(value) ? { symbology: 'ean13', value } : { symbology: 'code128', value };
}

/** Every label the given products make (each repeated `copies` times), in order. */
export function expandLabels(labels: LabelData[]): LabelData[] {
  return labels.flatMap((l) => Array.from({ length: Math.max(0, Math.floor(l.copies)) }, () => l));
}

export const printLabelSheet: typeof LabelsPrint.printLabelSheet = async (...args) =>
  (await import('./labels-print')).printLabelSheet(...args);

export const printThermalLabels: typeof LabelsPrint.printThermalLabels = async (...args) =>
  (await import('./labels-print')).printThermalLabels(...args);
