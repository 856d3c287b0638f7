import { z } from 'zod';
import { envelope, idSchema, instantSchema, paged, pageQuerySchema } from './common';
import { PCT_CODE_RE } from './tax-classes';

/**
 * A branch's fiscal reporting (DESIGN.md section 11; docs/architecture/fiscal.md): which authority's
 * implementation reports its sales and returns (`none`, or FBR), where to (FBR's sandbox or production, or the
 * simulator at a URL), the POS registration (POSID and token) of the back office and of each register, and
 * whether receipts carry FBR's POS service fee. Tokens go in and never come back out.
 */
export const FISCAL_PROVIDERS = ['none', 'fbr'] as const;
export type FiscalProvider = (typeof FISCAL_PROVIDERS)[number];
export const FISCAL_ENVIRONMENTS = ['simulator', 'sandbox', 'production'] as const;
export type FiscalEnvironment = (typeof FISCAL_ENVIRONMENTS)[number];
export const FISCAL_DOCUMENT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type FiscalDocumentStatus = (typeof FISCAL_DOCUMENT_STATUSES)[number];
/**
 * A document's report as a read of it answers it (`fiscal` of GET /returns/{id}; a sale's, in sales.ts, has the
 * same shape): its status and, once sent, the authority's invoice number.
 */
export const fiscalReportSchema = z.object({ status: z.enum(FISCAL_DOCUMENT_STATUSES), number: z.string().nullable() });
export type FiscalReport = z.infer<typeof fiscalReportSchema>;
/** FBR's POS service fee per invoice (SRO 1279(I)/2021: PKR 1), in the currency's major unit. */
export const FBR_SERVICE_FEE = 1;
/** SRO 164(I)/2025: an invoice made offline is reported within 24 hours of reconnecting. */
export const FISCAL_DEADLINE_HOURS = 24;

export const FISCAL_MSG = {
  saved: 'Fiscal settings saved',
  registerSaved: 'POS registration saved',
  invalidBranch: 'Invalid branch',
  baseUrlRequired: 'The simulator needs its URL',
  baseUrlInvalid: 'URL must start with http:// or https://',
  posIdInvalid: 'POS ID must be a whole number above 0',
  tokenRequired: 'A token is required',
  tokenTooLong: 'Token must be at most 500 characters',
  posRequired: 'FBR needs a POS ID and token for the back office',
  resent: 'The invoice will be sent again',
  notFailed: 'Only a failed invoice can be sent again',
  notFound: 'Fiscal invoice not found',
  pctInvalid: 'PCT code must be 8 digits written as 0401.1000',
  pctRequired: 'FBR needs a PCT code for items without one',
  noPos: 'No POS registration for this register: add its POS ID and token in the fiscal settings',
} as const;

const branchId = z.string({ error: FISCAL_MSG.invalidBranch }).uuid(FISCAL_MSG.invalidBranch);
const posId = z
  .number({ error: FISCAL_MSG.posIdInvalid })
  .int(FISCAL_MSG.posIdInvalid)
  .positive(FISCAL_MSG.posIdInvalid)
  .max(2_147_483_647, FISCAL_MSG.posIdInvalid);
const token = z
  .string({ error: FISCAL_MSG.tokenRequired })
  .trim()
  .min(1, FISCAL_MSG.tokenRequired)
  .max(500, FISCAL_MSG.tokenTooLong);

export const fiscalBranchQuerySchema = z.object({ branchId });

/** PUT /fiscal/settings: the branch's settings; `token` absent keeps the one stored. */
export const fiscalSettingsInputSchema = z
  .object({
    branchId,
    provider: z.enum(FISCAL_PROVIDERS),
    environment: z.enum(FISCAL_ENVIRONMENTS).default('simulator'),
    baseUrl: z
      .string()
      .trim()
      .max(300)
      .regex(/^https?:\/\/\S+$/, FISCAL_MSG.baseUrlInvalid)
      .nullish()
      .transform((v) => v || null),
    posId: posId.nullish().transform((v) => v ?? null),
    token: token.optional(),
    serviceFee: z.boolean().default(false),
    /** The PCT code of a line whose item's tax class names none. */
    defaultPctCode: z
      .string()
      .trim()
      .regex(PCT_CODE_RE, FISCAL_MSG.pctInvalid)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((s, ctx) => {
    if (s.provider === 'fbr' && !s.defaultPctCode) {
      ctx.addIssue({ code: 'custom', path: ['defaultPctCode'], message: FISCAL_MSG.pctRequired });
    }
    if (s.provider === 'fbr' && s.environment === 'simulator' && !s.baseUrl) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: FISCAL_MSG.baseUrlRequired });
    }
  });
export type FiscalSettingsInput = z.input<typeof fiscalSettingsInputSchema>;

/** PUT /fiscal/registers/{registerId}: a register's POS registration. */
export const fiscalRegisterInputSchema = z.object({ branchId, posId, token });

export const fiscalSettingsSchema = z.object({
  branchId: z.string(),
  provider: z.enum(FISCAL_PROVIDERS),
  environment: z.enum(FISCAL_ENVIRONMENTS),
  baseUrl: z.string().nullable(),
  posId: z.number().int().nullable(),
  hasToken: z.boolean(),
  serviceFee: z.boolean(),
  defaultPctCode: z.string().nullable(),
  registers: z.array(
    z.object({ registerId: z.string(), code: z.string(), posId: z.number().int().nullable(), hasToken: z.boolean() }),
  ),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

/** The branch's outbox at a glance: the dashboard's fiscal status. */
export const fiscalStatusSchema = z.object({
  provider: z.enum(FISCAL_PROVIDERS),
  pending: z.number().int(),
  failed: z.number().int(),
  sent: z.number().int(),
  /** When the oldest invoice still pending was made, and whether that is past FISCAL_DEADLINE_HOURS. */
  oldestPendingAt: instantSchema.nullable(),
  overdue: z.boolean(),
});
export type FiscalStatus = z.infer<typeof fiscalStatusSchema>;

export const fiscalDocumentListQuerySchema = pageQuerySchema.extend({
  branchId,
  status: z.enum(FISCAL_DOCUMENT_STATUSES).optional(),
});

export const fiscalDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['sale', 'return']),
  documentId: z.string(),
  usin: z.string(),
  registerCode: z.string().nullable(),
  status: z.enum(FISCAL_DOCUMENT_STATUSES),
  attempts: z.number().int(),
  fiscalNumber: z.string().nullable(),
  lastCode: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
});
export type FiscalDocument = z.infer<typeof fiscalDocumentSchema>;

export const fiscalIdParamsSchema = z.object({ id: idSchema });
export const fiscalRegisterParamsSchema = z.object({ registerId: idSchema });

export const fiscalResponses = {
  settings: envelope(fiscalSettingsSchema),
  status: envelope(fiscalStatusSchema),
  list: paged(fiscalDocumentSchema),
  one: envelope(fiscalDocumentSchema),
};
