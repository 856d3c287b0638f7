import { z } from 'zod';
import { countSchema, envelope, idSchema, instantSchema, moneySchema, paged, pageQuerySchema } from './common';
import { addTaxByRate, fromMinor, type RateTax, toMinor } from './money';
import { hasAtMostTwoDecimals } from './rates';
import { optionalDateSchema } from './sales';

/**
 * Shifts and the cash drawer (DESIGN.md section 10): one open shift per register; every
 * sale, refund and cash movement at a register belongs to its open shift; expected cash = float +
 * cash sales (net of change) - cash refunds + paid in - paid out; close by blind count; over/short
 * past the branch's threshold needs a manager's approval; a closed shift is immutable (its Z report).
 */

export const SHIFT_MSG = {
  noShiftForCash: 'Open a shift at this register before taking cash',
  shiftClosed: 'This shift is closed: open a new shift to continue',
  alreadyOpen: 'This register already has an open shift',
  registerNotFound: 'Register not found',
  pendingSales: 'This register still has sales waiting to upload: connect and let them upload before closing',
  approvalNeeded: 'Over/short is beyond the branch limit: a manager must approve the close',
  denominationsMismatch: 'The amount does not match the counted notes and coins',
  unknownDenomination: 'Unknown note or coin',
  reasonRequired: 'Reason is required',
  amountPositive: 'Amount must be more than 0',
  amountDecimals: 'Amount must have at most 2 decimals',
  notYourShift: 'Only the cashier of this shift or a manager can use its drawer',
} as const;

/** A paid out larger than the drawer holds is refused; `available` is the expected cash, formatted. */
export const paidOutCeilingMessage = (available: string) =>
  `Paid out cannot be more than the cash in the drawer: ${available} available`;

export const SHIFT_STATUS_VALUES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUS_VALUES)[number];
export const CASH_MOVEMENT_KIND_VALUES = ['paid_in', 'paid_out'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KIND_VALUES)[number];

/** Usual notes and coins by currency, in minor units, largest first (a branch may set its own). */
const CURRENCY_DENOMINATIONS: Record<string, number[]> = {
  PKR: [500000, 100000, 50000, 10000, 5000, 2000, 1000, 500, 200, 100],
  INR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100],
  USD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5, 1],
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  GBP: [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
};
const FALLBACK_DENOMINATIONS = [10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 1];

/** The drawer's notes and coins: the branch's own list, else the currency's usual set (minor units). */
export function drawerDenominations(branchList: readonly number[] | null | undefined, currency: string): number[] {
  if (branchList && branchList.length > 0) return [...branchList].sort((a, b) => b - a);
  return CURRENCY_DENOMINATIONS[currency.toUpperCase()] ?? FALLBACK_DENOMINATIONS;
}

/** A count by denomination: `{ "<minor units>": count }`. */
export const denominationCountSchema = z.record(
  z.string().regex(/^[1-9]\d{0,9}$/, SHIFT_MSG.unknownDenomination),
  z.number().int('Count must be a whole number').min(0, 'Count cannot be negative').max(1_000_000),
);
export type DenominationCount = z.infer<typeof denominationCountSchema>;

// denominationTotalMinor is in denominations.ts (no zod: the register's Open shift prompt takes it).

const cashAmount = z
  .number({ error: 'Amount is required' })
  .finite()
  .min(0, 'Amount cannot be negative')
  .max(1_000_000_000, 'Amount must be at most 1,000,000,000')
  .refine(hasAtMostTwoDecimals, SHIFT_MSG.amountDecimals);

export const openShiftSchema = z.object({
  branchId: idSchema,
  registerId: idSchema,
  openingFloat: cashAmount,
  /** The float counted by denomination (optional); when given, its total must equal openingFloat. */
  denominations: denominationCountSchema.optional().nullable(),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

export const currentShiftQuerySchema = z.object({ registerId: idSchema });

export const cashMovementSchema = z.object({
  /**
   * The register's id for this movement, optional online: the same id again answers the movement
   * recorded under it (a retry, or the same movement queued offline after a lost answer), never a second.
   */
  id: z.string({ error: 'Invalid id' }).uuid('Invalid id').optional(),
  kind: z.enum(CASH_MOVEMENT_KIND_VALUES, { error: 'Choose paid in or paid out' }),
  amount: cashAmount.refine((v) => v > 0, SHIFT_MSG.amountPositive),
  reason: z.string({ error: SHIFT_MSG.reasonRequired }).trim().min(1, SHIFT_MSG.reasonRequired).max(200),
});
export type CashMovementInput = z.infer<typeof cashMovementSchema>;

/**
 * A paid in / paid out the register recorded offline (docs/architecture/offline.md): it
 * travels in the register's batch upload (POST /transactions/batch, `cash_movements`), signed by the
 * register like an offline sale. `id` is made by the register and is the movement's idempotency key;
 * `shift_id` the shift open at the register when it was recorded, `user_id` who recorded it, `at` the
 * register's clock.
 */
export const offlineCashMovementSchema = cashMovementSchema.extend({
  id: z.string({ error: 'Invalid id' }).uuid('Invalid id'),
  shift_id: idSchema,
  register_id: idSchema,
  user_id: idSchema,
  at: instantSchema,
  offline: z.literal(true, { error: 'A queued cash movement is offline' }),
});
export type OfflineCashMovementInput = z.infer<typeof offlineCashMovementSchema>;

/**
 * Review flags of a cash movement synced from an offline register: recorded (the cash has moved), and
 * shown with the shift's report and in the audit row.
 */
export const CASH_MOVEMENT_FLAG_LABELS: Record<string, string> = {
  paid_out_over_drawer: 'More than the drawer held',
  register_unconfirmed: 'Register not confirmed',
  cashier_inactive: 'User deactivated',
};

/**
 * The paid-out ceiling, one rule for the server online (409), the offline upload (flagged) and the
 * register offline (refused there): a paid out never takes more than the drawer's expected cash.
 */
export function exceedsDrawer(movement: { kind: CashMovementKind; amount: number }, availableMinor: number): boolean {
  return movement.kind === 'paid_out' && toMinor(movement.amount) > availableMinor;
}

/**
 * Close by blind count: the request carries the count (a total, or by denomination) before the
 * cashier sees the expected figure. `pendingSales`: the register's unsynced sales (it refuses to
 * close with any; the server refuses too). `approval_grant_id`: a manager's one-time grant for this
 * shift and this count (POST /approvals/grants), needed when over/short is past the threshold.
 */
export const closeShiftSchema = z.object({
  counted: cashAmount,
  denominations: denominationCountSchema.optional().nullable(),
  pendingSales: z.number().int().min(0).max(1_000_000).default(0),
  approval_grant_id: z.string().uuid('Invalid approval').optional().nullable(),
});
export type CloseShiftInput = z.input<typeof closeShiftSchema>;

const noFilter = (v: string) => v === '' || v === 'all';

/** GET /shifts: one branch's shifts, newest first, paged; filters status, register, cashier, opened between. */
export const shiftListQuerySchema = pageQuerySchema.extend({
  branchId: idSchema,
  status: z
    .string()
    .optional()
    .transform((v) => (v === undefined || noFilter(v) ? undefined : v))
    .pipe(z.enum(SHIFT_STATUS_VALUES).optional()),
  registerId: z
    .string()
    .optional()
    .transform((v) => (v === undefined || noFilter(v) ? undefined : v))
    .pipe(idSchema.optional()),
  cashierId: z
    .string()
    .optional()
    .transform((v) => (v === undefined || noFilter(v) ? undefined : v))
    .pipe(idSchema.optional()),
  startDate: optionalDateSchema,
  endDate: optionalDateSchema,
});
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;

export const shiftSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  registerId: z.string(),
  registerCode: z.string(),
  cashierId: z.string(),
  cashierName: z.string(),
  status: z.enum(SHIFT_STATUS_VALUES),
  openedAt: instantSchema,
  openingFloat: moneySchema,
  openingDenominations: z.record(z.string(), z.number()).nullable(),
  closedAt: instantSchema.nullable(),
  closedByName: z.string().nullable(),
  counted: moneySchema.nullable(),
  countedDenominations: z.record(z.string(), z.number()).nullable(),
  expected: moneySchema.nullable(),
  overShort: moneySchema.nullable(),
  approvedByName: z.string().nullable(),
  zNumber: z.number().int().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

const methodLine = z.object({ method: z.string(), count: countSchema, total: moneySchema });

/** Tax by rate, lowest rate first (`included`: the tax was inside the prices): taxable goods and their tax. */
const taxByRateSchema = z.array(
  z.object({ rate: z.number(), included: z.boolean(), taxable: moneySchema, tax: moneySchema }),
);

export const cashMovementRowSchema = z.object({
  id: z.string(),
  kind: z.enum(CASH_MOVEMENT_KIND_VALUES),
  amount: moneySchema,
  reason: z.string(),
  userName: z.string(),
  at: instantSchema,
  /** Recorded by the register offline and synced later. */
  offline: z.boolean(),
  /** Review flags of an offline one (CASH_MOVEMENT_FLAG_LABELS); empty online. */
  flags: z.array(z.string()),
});
export type CashMovement = z.infer<typeof cashMovementRowSchema>;

/** The X report (an open shift) or Z report (a closed one): the same figures. */
export const shiftReportSchema = z.object({
  shift: shiftSchema,
  sales: z.object({
    count: countSchema,
    total: moneySchema,
    discount: moneySchema,
    tax: moneySchema,
    /**
     * The tax by rate (lowest first), each sale's own groups added up (taxGroups: a sale's discount split over
     * its rates by their goods): one entry when every line was at one rate.
     */
    taxByRate: taxByRateSchema,
    change: moneySchema,
    byMethod: z.array(methodLine),
  }),
  /** taxByRate: the tax the refunds gave back, by the rate their sale lines were taxed at. */
  refunds: z.object({
    count: countSchema,
    total: moneySchema,
    taxByRate: taxByRateSchema,
    byMethod: z.array(methodLine),
  }),
  paidIn: moneySchema,
  paidOut: moneySchema,
  cashMovements: z.array(cashMovementRowSchema),
  /** float + cash sales - cash refunds + paid in - paid out. */
  expectedCash: moneySchema,
  /**
   * Offline sales naming this shift that were uploaded after it closed: never in its figures above
   * (a closed shift's Z never changes); counted in the register's next shift.
   */
  lateSales: z.object({ count: countSchema, total: moneySchema }),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const currentShiftSchema = z.object({
  shift: shiftSchema.nullable(),
  /** The drawer's notes and coins for counting (minor units, largest first). */
  denominations: z.array(z.number().int()),
  overShortThreshold: moneySchema,
});
export type CurrentShift = z.infer<typeof currentShiftSchema>;

/** POST /shifts/{id}/no-sale: the drawer opened without a sale, audited with its register and shift. */
export const noSaleSchema = z.object({
  shiftId: z.string(),
  registerId: z.string(),
  registerCode: z.string(),
  at: instantSchema,
});
export type NoSale = z.infer<typeof noSaleSchema>;

export const shiftResponses = {
  open: envelope(shiftSchema),
  current: envelope(currentShiftSchema),
  list: paged(shiftSchema),
  report: envelope(shiftReportSchema),
  movement: envelope(cashMovementRowSchema),
  noSale: envelope(noSaleSchema),
  close: envelope(shiftReportSchema),
};

/** Dashboard: shifts open now and the day's over/short (closed today). */
export const shiftDashboardSchema = z.object({
  openShifts: countSchema,
  closedToday: countSchema,
  overShortToday: moneySchema,
});
export type ShiftDashboard = z.infer<typeof shiftDashboardSchema>;

/** GET /dashboard/shifts-summary: the branch's open shifts and the day's over/short. */
export const shiftDashboardResponse = envelope(shiftDashboardSchema);

/** Tax groups of several sales as a report carries them (money, lowest rate first): addTaxByRate. */
export const taxByRateFigures = (groups: Iterable<RateTax>): ShiftReport['sales']['taxByRate'] =>
  addTaxByRate(groups).map((g) => ({
    rate: g.rate,
    included: g.included,
    taxable: fromMinor(g.taxable),
    tax: fromMinor(g.tax),
  }));
