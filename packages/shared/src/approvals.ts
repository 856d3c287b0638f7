import { z } from 'zod';
import { envelope } from './common';
import { percentSchema } from './rates';

/**
 * Manager approval at the register and the branch's register rules (issue 15, DESIGN.md section 10).
 * Past a cashier's limits a request carries `approval`: the username and PIN of a manager of the
 * branch (or a Super Admin of the company); the server verifies it (lib/approvals.ts).
 */
export const APPROVAL_MSG = {
  pinFormat: 'PIN must be 4 to 8 digits',
  usernameRequired: "Enter the manager's username",
  pinRequired: "Enter the manager's PIN",
  invalid: 'Approval refused: wrong username or PIN',
  notApprover: 'Approval refused: only a manager of this branch or a Super Admin can approve',
  tooMany: 'Too many approval attempts. Please wait a few minutes and try again.',
  pinOnlyManagers: 'Only managers and Super Admins have an approval PIN',
} as const;

export const pinSchema = z.string({ error: APPROVAL_MSG.pinRequired }).regex(/^\d{4,8}$/, APPROVAL_MSG.pinFormat);

/** `approval` on POST /transactions, /returns and wherever a limit applies. */
export const approvalSchema = z.object({
  username: z.string({ error: APPROVAL_MSG.usernameRequired }).trim().min(1, APPROVAL_MSG.usernameRequired).max(100),
  pin: z.string({ error: APPROVAL_MSG.pinRequired }).min(1, APPROVAL_MSG.pinRequired).max(8, APPROVAL_MSG.pinFormat),
});
export type Approval = z.infer<typeof approvalSchema>;

/** PUT /auth/pin: a Manager or Super Admin sets their own approval PIN. */
export const setPinSchema = z.object({ pin: pinSchema });
export type SetPinInput = z.infer<typeof setPinSchema>;

export const pinStatusSchema = z.object({ isSet: z.boolean() });

// APPROVAL_REQUIRED and APPROVAL_INVALID are in approval-codes.ts (no zod: the register's first load takes them).

const flag = z.boolean();
const denominationsSchema = z
  .array(z.number().int('Denominations are whole minor units').min(1).max(100_000_000))
  .min(1, 'Give at least one denomination')
  .max(30)
  .nullable();

/** The branch's register rules as stored on `branches` (migration 0011). Money/percents as numbers. */
export const registerRulesSchema = z.object({
  branchId: z.string(),
  cashierMaxDiscountPercent: z.number(),
  cashierMayChangePrice: flag,
  cashierMayRefundWithoutReceipt: flag,
  cashierMayZeroTax: flag,
  cashierMayReceiveTransfers: flag,
  cashierMayCount: flag,
  overShortThreshold: z.number(),
  /** Minor units, largest first; null: the currency's usual notes and coins. */
  cashDenominations: z.array(z.number()).nullable(),
  offlineLimitHours: z.number(),
});
export type RegisterRules = z.infer<typeof registerRulesSchema>;

export const updateRegisterRulesSchema = z.object({
  cashierMaxDiscountPercent: percentSchema({
    required: 'Maximum discount is required',
    negative: 'Maximum discount cannot be negative',
    max: 'Maximum discount cannot exceed 100%',
    decimals: 'Maximum discount can have at most 2 decimal places',
  }),
  cashierMayChangePrice: flag,
  cashierMayRefundWithoutReceipt: flag,
  cashierMayZeroTax: flag,
  cashierMayReceiveTransfers: flag,
  cashierMayCount: flag,
  overShortThreshold: z
    .number({ error: 'Over/short threshold is required' })
    .min(0, 'Over/short threshold cannot be negative')
    .max(1_000_000, 'Over/short threshold must be at most 1,000,000')
    .refine((v) => Math.round(v * 100) === Math.round(v * 1e6) / 1e4, 'At most 2 decimal places'),
  cashDenominations: denominationsSchema,
  offlineLimitHours: z
    .number({ error: 'Offline limit is required' })
    .int('Offline limit is whole hours')
    .min(1, 'Offline limit must be at least 1 hour')
    .max(24 * 90, 'Offline limit must be at most 2160 hours (90 days)'),
});
export type UpdateRegisterRulesInput = z.infer<typeof updateRegisterRulesSchema>;

export const approvalResponses = {
  rules: envelope(registerRulesSchema),
  pin: envelope(pinStatusSchema),
};
