/**
 * Scale labels (DESIGN.md section 11): the EAN-13 a shop's scale prints on weighed goods. Layout, as
 * most scales print it: two digits of prefix (the company's, 20-29: GS1 keeps them for in-store use),
 * five of item code, five of weight in grams, one check digit: 21 00123 00750 C is 0.750 kg of item 00123.
 *
 * The item is found by its own barcode: the label with a weight of 00000 (21 00123 00000 C), which the
 * catalogue holds as one of the variant's barcodes. The register and the server read a label with this
 * one function, online and offline alike.
 */
export const SCALE_PREFIX_PATTERN = /^2\d$/;

export const SCALE_MSG = {
  prefixInvalid: 'The scale prefix is two digits from 20 to 29',
} as const;

export type ScaleLabel = {
  /** The variant's barcode: the label with a weight of zero (its check digit recomputed). */
  itemBarcode: string;
  /** The weight on the label, in the item's unit (kg): grams / 1000. */
  quantity: number;
};

/** The GS1 check digit of 12 digits. */
export function gs1CheckDigit(digits12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/**
 * 13 digits with a right GS1 check digit: barcodes.ts's isEan13, without its gtin and zod. This module imports
 * nothing, so the register's first load reads labels without the schemas (docs/architecture/web.md, 'First load').
 */
const isLabelEan13 = (code: string) => /^\d{13}$/.test(code) && gs1CheckDigit(code.slice(0, 12)) === code[12];

/** A scanned code read as a scale label of the prefix, or null when it is not one (or its check digit is wrong). */
export function parseScaleLabel(code: string, prefix: string | null | undefined): ScaleLabel | null {
  if (!prefix || !SCALE_PREFIX_PATTERN.test(prefix) || !code.startsWith(prefix) || !isLabelEan13(code)) return null;
  const grams = Number(code.slice(7, 12));
  if (grams === 0) return null;
  const base = `${code.slice(0, 7)}00000`;
  return { itemBarcode: base + gs1CheckDigit(base), quantity: grams / 1000 };
}

/** The label a scale prints for a weight of an item barcode (itemBarcode as parseScaleLabel answers it). */
export function scaleLabelFor(itemBarcode: string, quantity: number): string {
  const grams = String(Math.round(quantity * 1000)).padStart(5, '0');
  const body = `${itemBarcode.slice(0, 7)}${grams}`;
  return body + gs1CheckDigit(body);
}
