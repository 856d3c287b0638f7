import { z } from 'zod';
import { envelope, idSchema, NAME_MAX, paged, pageQuerySchema } from './common';
import { taxRateSchema } from './settings';

/**
 * A company's tax classes (DESIGN.md section 11): an item without one is taxed at its branch's rate (the
 * default class, the spec's setting); an item with one is taxed at the class's rate in every branch.
 * Exempt and zero-rated classes tax at 0 %; a retail-price class's rate is inside its items' prices (the
 * printed retail price is what the customer pays). The kind and the PCT code are what a fiscal invoice reports.
 */
export const TAX_CLASS_KINDS = ['standard', 'reduced', 'zero_rated', 'exempt', 'retail_price'] as const;
export type TaxClassKind = (typeof TAX_CLASS_KINDS)[number];

export const TAX_CLASS_KIND_LABELS: Record<TaxClassKind, string> = {
  standard: 'Standard',
  reduced: 'Reduced',
  zero_rated: 'Zero-rated',
  exempt: 'Exempt',
  retail_price: 'Retail price (tax included)',
};

/** A tax group's rate as receipts and reports print it: "17%", or "17% incl." when inside the prices. */
export const taxRateLabel = ({ rate, included }: { rate: number; included?: boolean }): string =>
  `${rate}%${included ? ' incl.' : ''}`;

/** Tax is shown by rate when there are several rates, or one inside the prices; else as one line. */
export const showsTaxByRate = (groups: readonly { included?: boolean }[]): boolean =>
  groups.length > 1 || groups.some((g) => g.included);

/** A Pakistan Customs Tariff heading as FBR's invoices carry it: 8 digits, 4 and 4 (0401.1000). */
export const PCT_CODE_RE = /^\d{4}\.\d{4}$/;

export const TAX_CLASS_MSG = {
  nameRequired: 'Tax class name is required',
  nameTooLong: `Tax class name must be at most ${NAME_MAX} characters`,
  kindInvalid: `Kind must be one of ${TAX_CLASS_KINDS.join(', ')}`,
  zeroRate: 'An exempt or zero-rated class taxes at 0%',
  positiveRate: 'A standard, reduced or retail-price class taxes above 0%',
  pctInvalid: 'PCT code must be 8 digits written as 0401.1000',
  duplicate: 'A tax class with this name already exists in this company',
  notFound: 'Tax class not found',
  added: 'Tax class added successfully',
  updated: 'Tax class updated successfully',
  archived: 'Tax class archived successfully',
  inUse: (items: number) =>
    `This tax class is used by ${items} ${items === 1 ? 'item' : 'items'}: give ${items === 1 ? 'it' : 'them'} another class first`,
} as const;

/** Exempt and zero-rated classes tax at 0; standard, reduced and retail-price ones above it. */
export const taxClassRateIssue = (kind: TaxClassKind, rate: number): string | null => {
  if (kind === 'exempt' || kind === 'zero_rated') return rate === 0 ? null : TAX_CLASS_MSG.zeroRate;
  return rate > 0 ? null : TAX_CLASS_MSG.positiveRate;
};

const taxClassFields = {
  name: z
    .string({ error: TAX_CLASS_MSG.nameRequired })
    .trim()
    .min(1, TAX_CLASS_MSG.nameRequired)
    .max(NAME_MAX, TAX_CLASS_MSG.nameTooLong),
  kind: z.enum(TAX_CLASS_KINDS, { error: TAX_CLASS_MSG.kindInvalid }),
  rate: taxRateSchema,
  /** Empty: none (the fiscal invoice then needs one before the class's items are reported). */
  pctCode: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(z.string().regex(PCT_CODE_RE, TAX_CLASS_MSG.pctInvalid).nullable())
    .nullish(),
};

const rateMatchesKind = (value: { kind?: TaxClassKind; rate?: number }, ctx: z.RefinementCtx) => {
  if (value.kind === undefined || value.rate === undefined) return;
  const issue = taxClassRateIssue(value.kind, value.rate);
  if (issue) ctx.addIssue({ code: 'custom', path: ['rate'], message: issue });
};

/** The add and edit forms. */
export const taxClassFormSchema = z.object(taxClassFields).superRefine(rateMatchesKind);
export type TaxClassFormValues = z.input<typeof taxClassFormSchema>;

export const createTaxClassSchema = z.object({ ...taxClassFields, companyId: idSchema }).superRefine(rateMatchesKind);
export type CreateTaxClassInput = z.input<typeof createTaxClassSchema>;

/** PATCH /tax-classes/{id}: a class stays in its company; a new rate reaches every listing of its items. */
export const updateTaxClassSchema = z
  .object({
    name: taxClassFields.name.optional(),
    kind: taxClassFields.kind.optional(),
    rate: taxClassFields.rate.optional(),
    pctCode: taxClassFields.pctCode,
  })
  .superRefine(rateMatchesKind);
export type UpdateTaxClassInput = z.input<typeof updateTaxClassSchema>;

export const taxClassListQuerySchema = pageQuerySchema.extend({ companyId: idSchema });
export type TaxClassListQuery = z.input<typeof taxClassListQuerySchema>;

export const taxClassSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  kind: z.enum(TAX_CLASS_KINDS),
  /** Percent, 0-100. */
  rate: z.number(),
  pctCode: z.string().nullable(),
  /** Live items of the class. */
  itemCount: z.number().int(),
});
export type TaxClass = z.infer<typeof taxClassSchema>;

/** An item's class as its pages show it (null: the branch's rate). */
export const taxClassRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TAX_CLASS_KINDS),
  rate: z.number(),
});
export type TaxClassRef = z.infer<typeof taxClassRefSchema>;

/** A class's rate change reports how many listings it reached. */
export const taxClassChangeSchema = taxClassSchema.extend({ listings: z.number().int() });

export const taxClassResponses = {
  list: paged(taxClassSchema),
  one: envelope(taxClassSchema),
  changed: envelope(taxClassChangeSchema),
  /** DELETE /tax-classes/{id}: the class as it was archived. */
  archived: envelope(taxClassSchema),
};
