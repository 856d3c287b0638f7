/**
 * What a barcode label shows and which barcode it carries, pure: the label sheet (labels-print) and the
 * thermal encoder (labels-encode) both read it, and neither imports labels.ts, which loads them lazily.
 */

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
