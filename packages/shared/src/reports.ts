import { z } from 'zod';
import { countSchema, moneySchema, replicaEnvelope } from './common';
import { optionalDateSchema } from './sales';

/**
 * The reports of the Reports screen (docs/architecture/reports.md). Sales and returns figures
 * follow the one definition of 'Sales figures'; margin reports need `view_cost` too.
 */
export const REPORT_KINDS = [
  'sales-by-day',
  'sales-by-hour',
  'sales-by-product',
  'sales-by-variant',
  'sales-by-item',
  'sales-by-category',
  'sales-by-brand',
  'sales-by-cashier',
  'sales-by-payment-method',
  'returns-by-reason',
  'margin-by-product',
  'margin-by-category',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const MARGIN_REPORTS: readonly ReportKind[] = ['margin-by-product', 'margin-by-category'];

/** The columns a report can be sorted by (each report has the ones its rows carry; `label` always). */
export const REPORT_SORTS = [
  'label',
  'transactions',
  'quantity',
  'revenue',
  'returned',
  'netRevenue',
  'cost',
  'margin',
] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export const REPORT_MSG = {
  invalidReport: 'Unknown report',
  invalidBranch: 'Invalid branch',
  invalidCompany: 'Invalid company',
  scopeRequired: 'Choose a branch or a company',
  endBeforeStart: 'End date must be on or after the start date',
  invalidSort: 'Invalid sort column',
  invalidOrder: 'Order must be asc or desc',
} as const;

export const reportParamsSchema = z.object({
  report: z.enum(REPORT_KINDS, { error: REPORT_MSG.invalidReport }),
});

/**
 * GET /reports/{report}: one branch (`branchId`) or, for a Super Admin, a whole company (`companyId`
 * without `branchId`). startDate/endDate: yyyy-mm-dd local days (each branch's time zone), end
 * inclusive. `limit` caps the rows (top rows by the sort; default 100, at most 1000).
 */
export const reportQuerySchema = z
  .object({
    branchId: z.string({ error: REPORT_MSG.invalidBranch }).uuid(REPORT_MSG.invalidBranch).optional(),
    companyId: z.string({ error: REPORT_MSG.invalidCompany }).uuid(REPORT_MSG.invalidCompany).optional(),
    startDate: optionalDateSchema,
    endDate: optionalDateSchema,
    sort: z.enum(REPORT_SORTS, { error: REPORT_MSG.invalidSort }).optional(),
    order: z.enum(['asc', 'desc'], { error: REPORT_MSG.invalidOrder }).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .refine((q) => q.branchId !== undefined || q.companyId !== undefined, {
    message: REPORT_MSG.scopeRequired,
    path: ['branchId'],
  })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    message: REPORT_MSG.endBeforeStart,
    path: ['endDate'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * One row of a report. `revenue`: sales by day/hour/cashier/payment method: completed sales' totals
 * (grossRevenue); by product/category/brand and margins: goods at their sale price (grossSubtotal).
 * `returned`: what was refunded (by day; by payment method, by the way it went back) or returned goods at
 * their sale price (product reports); null where returns cannot be attributed (hour, cashier). Cost and margin only in margin
 * reports.
 */
export const reportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  transactions: countSchema.nullable(),
  quantity: z.number().nullable(),
  revenue: moneySchema,
  returned: moneySchema.nullable(),
  netRevenue: moneySchema,
  cost: moneySchema.optional(),
  margin: moneySchema.optional(),
  marginPercent: z.number().nullable().optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  report: z.enum(REPORT_KINDS),
  scope: z.object({ companyId: z.string(), branchId: z.string().nullable() }),
  period: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  sort: z.enum(REPORT_SORTS),
  order: z.enum(['asc', 'desc']),
  rows: z.array(reportRowSchema),
  /** Rows the report holds in all (rows holds at most `limit` of them). */
  totalRows: countSchema,
  /** Sums over every row of the report, not only those sent. */
  totals: reportRowSchema.omit({ key: true, label: true, marginPercent: true }),
});
export type Report = z.infer<typeof reportSchema>;

export const reportResponses = {
  get: replicaEnvelope(reportSchema),
};

/** The natural order of a report: time reports by time, the others by revenue (largest first). */
export function defaultReportSort(report: ReportKind): { sort: ReportSort; order: 'asc' | 'desc' } {
  if (report === 'sales-by-day' || report === 'sales-by-hour') return { sort: 'label', order: 'asc' };
  if (report === 'returns-by-reason') return { sort: 'returned', order: 'desc' };
  if (MARGIN_REPORTS.includes(report)) return { sort: 'margin', order: 'desc' };
  return { sort: 'revenue', order: 'desc' };
}
