import { z } from 'zod';
import { envelope, idSchema, instantSchema, quantityInput } from './common';
import { percentSchema } from './rates';
import { RETURN_REFUND_METHODS } from './returns';
import { taxRateSchema } from './settings';

/**
 * Manager approval at the register and the branch's register rules (DESIGN.md sections
 * 10 and 11). Past a cashier's limits the register asks a manager of the branch (or a Super Admin of the
 * company) for their username and PIN once, and trades them at POST /approvals/grants for a one-time
 * grant bound to the register and the cart (or the shift's close and its count, or a return at the
 * register: its sale, lines, refund method and refund); the request then names only
 * `approval_grant_id`. The PIN never travels with a sale.
 */
export const APPROVAL_MSG = {
  pinFormat: 'PIN must be 4 to 8 digits',
  usernameRequired: "Enter the manager's username",
  pinRequired: "Enter the manager's PIN",
  /**
   * The one answer for an unknown username, a wrong, unset or locked PIN, an inactive user and a
   * person who cannot approve here (another branch or company): none of them tells the others apart.
   */
  invalid: 'Approval refused: wrong username or PIN',
  tooMany: 'Too many approval attempts. Please wait a few minutes and try again.',
  pinOnlyManagers: 'Only managers and Super Admins have an approval PIN',
  ownSale: 'You cannot approve your own sale: another manager must approve it',
  ownReturn: 'You cannot approve your own return: another manager must approve it',
  ownShift: "The shift's cashier and the person closing it cannot approve its close: another manager must",
  grantUnknown: 'This approval is not valid here: ask the manager again',
  grantExpired: 'This approval has expired: ask the manager again',
  grantUsed: 'This approval was already used',
  grantOtherCart: 'This approval is for another cart',
  grantOtherRegister: 'This approval is for another register',
  grantOtherShift: 'This approval is for another shift or count',
  grantOtherReturn: 'This approval is for another return',
  pinLocked: 'Your approval PIN was locked after repeated wrong attempts: set a new one',
  registerRequired: 'A sale approval needs the register (register_id)',
  returnRegisterRequired: 'A return approval needs the register (register_id)',
} as const;

/** How long a grant stays usable after the manager's PIN check. */
export const APPROVAL_GRANT_TTL_SECONDS = 120;

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

/** isLocked: the PIN was locked after repeated wrong attempts; setting a new one unlocks it. */
export const pinStatusSchema = z.object({ isSet: z.boolean(), isLocked: z.boolean() });

const grantMoney = z.number().min(0).max(1_000_000_000).finite();

/** The manager's username and PIN, checked once for the grant. */
const grantApprover = {
  username: approvalSchema.shape.username,
  pin: approvalSchema.shape.pin,
};

/**
 * POST /approvals/grants: the manager's username and PIN, checked once, for one purpose. A sale's
 * grant is bound to the register and the cart as the sale will send it (its lines, discount, tax rate
 * and total); a close's to the shift and the counted cash; a return's (a cashier's return at the
 * register) to the register, the sale, the lines returned (quantity and fee), the refund
 * method and the refund the return will come to.
 */
export const approvalGrantRequestSchema = z.discriminatedUnion(
  'purpose',
  [
    z.object({
      purpose: z.literal('sale'),
      branchId: idSchema,
      register_id: z.string({ error: APPROVAL_MSG.registerRequired }).uuid('Invalid register'),
      ...grantApprover,
      items: z
        .array(
          z.object({
            product_id: z.string().uuid('Invalid product'),
            quantity: quantityInput({
              invalid: 'Quantity must be above 0',
              tooLarge: 'Quantity must be at most 100,000',
              max: 100_000,
            }),
            price: grantMoney,
            unit_price: grantMoney.optional(),
          }),
        )
        .min(1, 'The cart is empty')
        .max(500),
      discount_type: z.enum(['percentage', 'amount']),
      discount_value: z.number().min(0).max(1_000_000_000).finite(),
      tax_rate: taxRateSchema,
      total: grantMoney,
    }),
    z.object({
      purpose: z.literal('shift_close'),
      branchId: idSchema,
      register_id: z.string().uuid('Invalid register').optional(),
      ...grantApprover,
      shift_id: z.string().uuid('Invalid shift'),
      counted_cash: grantMoney,
    }),
    z.object({
      purpose: z.literal('return'),
      branchId: idSchema,
      register_id: z.string({ error: APPROVAL_MSG.returnRegisterRequired }).uuid('Invalid register'),
      ...grantApprover,
      originalTransactionId: z.string().uuid('Invalid transaction'),
      items: z
        .array(
          z.object({
            original_transaction_item_id: z.string().uuid('Invalid item'),
            return_quantity: quantityInput({
              invalid: 'Quantity must be above 0',
              tooLarge: 'Quantity must be at most 100,000',
              max: 100_000,
            }),
            restocking_fee: grantMoney.default(0),
          }),
        )
        .min(1, 'Nothing to return')
        .max(500),
      refund_method: z.enum(RETURN_REFUND_METHODS),
      refund_amount: grantMoney,
    }),
  ],
  { error: 'Purpose must be sale, shift_close or return' },
);
export type ApprovalGrantRequest = z.infer<typeof approvalGrantRequestSchema>;
export type SaleGrantCart = Omit<Extract<ApprovalGrantRequest, { purpose: 'sale' }>, 'username' | 'pin' | 'purpose'>;
/** What a return's grant is bound to (the fee may be left out: 0). */
export type ReturnGrantSubject = {
  originalTransactionId: string;
  items: readonly { original_transaction_item_id: string; return_quantity: number; restocking_fee?: number }[];
  refund_method: string;
  refund_amount: number;
};

export const approvalGrantSchema = z.object({
  grant_id: z.string(),
  expires_at: instantSchema,
  approver: z.object({ id: z.string(), name: z.string() }),
});
export type ApprovalGrant = z.infer<typeof approvalGrantSchema>;

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
  /** Cashiers take returns at the register without a manager's approval. */
  cashierMayTakeReturns: flag,
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
  /** Left out: unchanged (the rule came after the others; a client that does not know it keeps it). */
  cashierMayTakeReturns: flag.optional(),
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
  grant: envelope(approvalGrantSchema),
};
