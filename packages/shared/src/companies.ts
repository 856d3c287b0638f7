import { z } from 'zod';
import { branchSchema, companySchema, companySummarySchema } from './auth';
import { envelope, pageMetaSchema } from './common';
import { DEFAULT_CURRENCY, isKnownCurrency } from './currency';
import { ifMissing, MSG } from './messages';
import { SCALE_MSG, SCALE_PREFIX_PATTERN } from './scale-labels';

/** A company's currency: an ISO 4217 code Intl knows, any case in, upper case out. */
export const currencySchema = z
  .string({ error: ifMissing(MSG.invalidCurrency) })
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, MSG.invalidCurrency);

// "text@text": something, an @, something. Deliberately looser than RFC 5322, as the spec says.
const EMAIL_RE = /^\S+@\S+$/;

export const phoneSchema = z
  .string({ error: ifMissing(MSG.invalidPhone) })
  .trim()
  .min(10, MSG.invalidPhone)
  .max(30, MSG.invalidPhone);

export const createCompanySchema = z.object({
  name: z
    .string({ error: ifMissing(MSG.companyName) })
    .trim()
    .min(2, MSG.companyName)
    .max(200),
  address: z
    .string({ error: ifMissing(MSG.addressRequired) })
    .trim()
    .min(1, MSG.addressRequired)
    .max(500),
  phone: phoneSchema,
  email: z
    .string({ error: ifMissing(MSG.invalidEmail) })
    .trim()
    .regex(EMAIL_RE, MSG.invalidEmail)
    .max(200),
  taxId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  currency: currencySchema.default(DEFAULT_CURRENCY),
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

const branchFields = {
  name: z
    .string({ error: ifMissing(MSG.branchName) })
    .trim()
    .min(2, MSG.branchName)
    .max(200),
  address: z
    .string({ error: ifMissing(MSG.addressRequired) })
    .trim()
    .min(5, MSG.addressRequired)
    .max(500),
  phone: phoneSchema,
};

export const createBranchSchema = z.object({
  ...branchFields,
  companyId: z.string({ error: MSG.selectCompany }).uuid(MSG.selectCompany),
  isMain: z.boolean().default(false),
});
export type CreateBranchInput = z.input<typeof createBranchSchema>;

/** The branch form of setup and management; management adds the company select. */
export const branchFormSchema = z.object(branchFields);
export const branchManagementFormSchema = z.object({
  ...branchFields,
  companyId: z.string().min(1, MSG.selectCompany),
});

export const branchListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/** Settings: the company's currency (manage_companies). */
export const updateCurrencySchema = z.object({
  companyId: z.string().uuid('Invalid company'),
  currency: currencySchema,
});
export type UpdateCurrencyInput = z.input<typeof updateCurrencySchema>;
export const currencySettingSchema = z.object({ companyId: z.string(), currency: z.string() });
export type CurrencySetting = z.infer<typeof currencySettingSchema>;

/** Settings: the prefix of the company's scale labels (manage_companies); null: its scales print none. */
export const updateScaleLabelsSchema = z.object({
  companyId: z.string().uuid('Invalid company'),
  scaleWeightPrefix: z.string().trim().regex(SCALE_PREFIX_PATTERN, SCALE_MSG.prefixInvalid).nullable(),
});
export type UpdateScaleLabelsInput = z.input<typeof updateScaleLabelsSchema>;
export const scaleLabelSettingSchema = z.object({ companyId: z.string(), scaleWeightPrefix: z.string().nullable() });
export type ScaleLabelSetting = z.infer<typeof scaleLabelSettingSchema>;

/** An optional text field: trimmed, and empty (or absent) is null. */
const optionalCode = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || pattern.test(v), message);

/**
 * Pakistan's NTN (the company's Tax ID): 7 digits and the check digit (1234567-8), or an individual's
 * 13-digit CNIC (12345-1234567-1); dashes optional.
 */
export const ntnSchema = optionalCode(/^(\d{7}(-?\d)?|\d{5}-?\d{7}-?\d)$/, MSG.invalidNtn);
/** The sales tax registration number (STRN): 13 digits, dashes between them allowed (32-77-8761-234-56). */
export const strnSchema = optionalCode(/^\d(-?\d){12}$/, MSG.invalidStrn);

/** Settings: the company's tax registration, printed in every receipt's header (manage_companies). */
export const updateTaxRegistrationSchema = z.object({
  companyId: z.string().uuid('Invalid company'),
  taxId: ntnSchema,
  strn: strnSchema,
});
export type UpdateTaxRegistrationInput = z.input<typeof updateTaxRegistrationSchema>;
export const taxRegistrationSchema = z.object({
  companyId: z.string(),
  taxId: z.string().nullable(),
  strn: z.string().nullable(),
});
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>;

/**
 * The spec's shapes for companies and branches: GET /auth/companies and GET /auth/companies/{id}/branches
 * answer `{ success, items }` (the branches with `meta`), the creations the usual envelope.
 */
export const companyResponses = {
  list: z.object({ success: z.literal(true), items: z.array(companySummarySchema) }),
  created: envelope(companySchema),
  branches: z.object({ success: z.literal(true), items: z.array(branchSchema), meta: pageMetaSchema }),
  branchCreated: envelope(branchSchema),
  /** POST /settings/currency. */
  currency: envelope(currencySettingSchema),
  /** POST /settings/scale-labels. */
  scaleLabels: envelope(scaleLabelSettingSchema),
  /** POST /settings/tax-registration. */
  taxRegistration: envelope(taxRegistrationSchema),
};
