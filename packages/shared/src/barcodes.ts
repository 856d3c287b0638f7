import { isValid } from 'gtin';
import { z } from 'zod';
import { envelope } from './common';

/**
 * A variant's barcodes (DESIGN.md section 11): several per variant, unique in the company. EAN-13 and
 * UPC-A carry a GS1 check digit (checked by the gtin package); Code 128 is any printable ASCII.
 */
export const BARCODE_KINDS = ['ean13', 'upca', 'code128'] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

export const BARCODE_KIND_LABELS: Record<BarcodeKind, string> = {
  ean13: 'EAN-13',
  upca: 'UPC-A',
  code128: 'Code 128',
};

export const BARCODE_MAX = 48;

export const BARCODE_MSG = {
  required: 'Barcode is required',
  tooLong: `A barcode has at most ${BARCODE_MAX} characters`,
  charset: 'A barcode can only hold printable characters (letters, digits, symbols, spaces)',
  ean13Digits: 'An EAN-13 barcode has 13 digits',
  upcaDigits: 'A UPC-A barcode has 12 digits',
  checkDigit: 'The check digit is wrong: the code was mistyped or misread',
  added: 'Barcode added',
  removed: 'Barcode removed',
  barcodeNotFound: 'Barcode not found',
} as const;

export const barcodeTakenMessage = (code: string) => `Barcode "${code}" already belongs to an item of the company`;

const PRINTABLE = /^[\x20-\x7E]+$/;

/**
 * The kind a code is read as when none is named: 13 digits EAN-13, 12 digits UPC-A (both with their
 * check digit), anything else Code 128.
 */
export function inferBarcodeKind(code: string): BarcodeKind {
  if (/^\d{13}$/.test(code)) return 'ean13';
  if (/^\d{12}$/.test(code)) return 'upca';
  return 'code128';
}

/** Why a code is not a valid barcode of its kind, or null when it is. */
export function barcodeProblem(code: string, kind: BarcodeKind): string | null {
  if (code.length === 0) return BARCODE_MSG.required;
  if (code.length > BARCODE_MAX) return BARCODE_MSG.tooLong;
  if (kind === 'ean13' && !/^\d{13}$/.test(code)) return BARCODE_MSG.ean13Digits;
  if (kind === 'upca' && !/^\d{12}$/.test(code)) return BARCODE_MSG.upcaDigits;
  if (kind !== 'code128') return isValid(code) ? null : BARCODE_MSG.checkDigit;
  return PRINTABLE.test(code) ? null : BARCODE_MSG.charset;
}

/** Whether a code is a valid EAN-13 (13 digits, the GS1 check digit right): a label prints it as one. */
export const isEan13 = (code: string) => /^\d{13}$/.test(code) && isValid(code);

/** POST /variants/{id}/barcodes. kind omitted: inferred from the code (inferBarcodeKind). */
export const addBarcodeSchema = z
  .object({
    code: z
      .string({ error: BARCODE_MSG.required })
      .trim()
      .min(1, BARCODE_MSG.required)
      .max(BARCODE_MAX, BARCODE_MSG.tooLong),
    kind: z.enum(BARCODE_KINDS).optional(),
  })
  .transform(({ code, kind }) => ({ code, kind: kind ?? inferBarcodeKind(code) }))
  .superRefine(({ code, kind }, ctx) => {
    const problem = barcodeProblem(code, kind);
    if (problem) ctx.addIssue({ code: 'custom', path: ['code'], message: problem });
  });
export type AddBarcodeInput = z.input<typeof addBarcodeSchema>;

export const barcodeSchema = z.object({ id: z.string(), code: z.string(), kind: z.enum(BARCODE_KINDS) });
export type Barcode = z.infer<typeof barcodeSchema>;

export const barcodeResponses = {
  one: envelope(barcodeSchema),
  removed: envelope(z.object({ id: z.string() })),
};
