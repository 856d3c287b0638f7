import { z } from 'zod';
import {
  countSchema,
  envelope,
  idSchema,
  instantSchema,
  namedRefSchema,
  paged,
  quantityInput,
  quantitySchema,
  stockLevelSchema,
} from './common';
import { addQuantities } from './money';
import { UNITS } from './units';

/** Transfers between branches of one company and write-offs (damage, expiry). */
export const TRANSFER_MSG = {
  invalidBranch: 'Invalid branch',
  invalidProduct: 'Invalid product',
  invalidLine: 'Invalid transfer line',
  sameBranch: 'Choose another branch to send to',
  linesRequired: 'Add at least one product',
  tooManyLines: 'A transfer can have at most 500 lines',
  duplicateProduct: 'Each product can appear only once in a transfer',
  quantityInvalid: 'Quantity must be more than 0',
  quantityTooLarge: 'Quantity must be at most 1,000,000',
  countInvalid: 'Quantities must be 0 or more',
  noteTooLong: 'Note must be at most 500 characters',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  receiptEmpty: 'Enter at least one received or damaged unit',
  notDraft: 'Only a draft transfer can be changed',
  notInTransit: 'Only a transfer in transit can be received or closed',
  tooManyUnits: 'More units than were sent',
  invalidDirection: 'Direction must be incoming or outgoing',
  invalidStatus: 'Invalid transfer status',
  writeOffTypeInvalid: 'Write-off type must be damage or expiry',
  itemRemoved: 'The item was removed from the catalogue: list it again before receiving',
} as const;

export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'closed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  draft: 'Draft',
  in_transit: 'In transit',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

const noFilter = (v: string) => v === '' || v === 'all';
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(10);
const branchId = z.string({ error: TRANSFER_MSG.invalidBranch }).uuid(TRANSFER_MSG.invalidBranch);

/** GET /transfers: one branch's transfers, newest first; incoming (to it) or outgoing (from it), both by default. */
export const transferListQuerySchema = z.object({
  page,
  limit,
  branchId,
  direction: z
    .string()
    .trim()
    .refine((v) => noFilter(v) || v === 'incoming' || v === 'outgoing', TRANSFER_MSG.invalidDirection)
    .transform((v) => (noFilter(v) ? undefined : (v as 'incoming' | 'outgoing')))
    .optional(),
  status: z
    .string()
    .trim()
    .refine((v) => noFilter(v) || (TRANSFER_STATUSES as readonly string[]).includes(v), TRANSFER_MSG.invalidStatus)
    .transform((v) => (noFilter(v) ? undefined : (v as TransferStatus)))
    .optional(),
});
export type TransferListQuery = z.input<typeof transferListQuerySchema>;

const quantity = quantityInput({
  invalid: TRANSFER_MSG.quantityInvalid,
  tooLarge: TRANSFER_MSG.quantityTooLarge,
  max: 1_000_000,
});
const units = quantityInput({
  invalid: TRANSFER_MSG.countInvalid,
  tooLarge: TRANSFER_MSG.quantityTooLarge,
  max: 1_000_000,
  min: 'zero',
});
const note = z.string().trim().max(500, TRANSFER_MSG.noteTooLong).optional();

export const transferLineInputSchema = z.object({
  productId: z.string({ error: TRANSFER_MSG.invalidProduct }).uuid(TRANSFER_MSG.invalidProduct),
  quantity,
});

const lines = z
  .array(transferLineInputSchema, { error: TRANSFER_MSG.linesRequired })
  .min(1, TRANSFER_MSG.linesRequired)
  .max(500, TRANSFER_MSG.tooManyLines)
  .refine((ls) => new Set(ls.map((l) => l.productId)).size === ls.length, TRANSFER_MSG.duplicateProduct);

/** POST /transfers: a draft from one branch to another branch of the same company. */
export const createTransferSchema = z
  .object({ fromBranchId: branchId, toBranchId: branchId, note, lines })
  .refine((t) => t.fromBranchId !== t.toBranchId, { message: TRANSFER_MSG.sameBranch, path: ['toBranchId'] });
export type CreateTransferInput = z.input<typeof createTransferSchema>;

/** PUT /transfers/{id}: a draft's destination, note and lines, replaced as a whole. */
export const updateTransferSchema = z.object({ toBranchId: branchId, note, lines });
export type UpdateTransferInput = z.input<typeof updateTransferSchema>;

/** POST /transfers/{id}/receive: units counted now, per line (added to what earlier receipts counted). */
export const receiveTransferSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string({ error: TRANSFER_MSG.invalidLine }).uuid(TRANSFER_MSG.invalidLine),
        received: units,
        damaged: units,
      }),
      { error: TRANSFER_MSG.receiptEmpty },
    )
    .min(1, TRANSFER_MSG.receiptEmpty)
    .max(500, TRANSFER_MSG.tooManyLines)
    .refine((ls) => ls.some((l) => l.received + l.damaged > 0), TRANSFER_MSG.receiptEmpty)
    .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, TRANSFER_MSG.invalidLine),
});
export type ReceiveTransferInput = z.input<typeof receiveTransferSchema>;

/** POST /transfers/{id}/close: the units neither received nor damaged are written off as missing. */
export const closeTransferSchema = z.object({ note });

export const transferIdParamsSchema = z.object({ id: idSchema });

export const transferSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  fromBranch: namedRefSchema,
  toBranch: namedRefSchema,
  note: z.string().nullable(),
  lineCount: countSchema,
  quantitySent: quantitySchema,
  quantityReceived: quantitySchema,
  quantityDamaged: quantitySchema,
  createdByName: z.string().nullable(),
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
  receivedAt: instantSchema.nullable(),
  closedAt: instantSchema.nullable(),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

/** missing = quantity - received - damaged (while in transit: not yet accounted for). No cost, ever. */
export const transferLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  /** The source product's unit (what the quantities count: 0.750 kg, 3 pieces). */
  unit: z.enum(UNITS),
  quantity: quantitySchema,
  received: quantitySchema,
  damaged: quantitySchema,
  missing: quantitySchema,
  destinationProductId: z.string().nullable(),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const transferDetailSchema = transferSummarySchema.extend({
  lines: z.array(transferLineSchema),
  sentByName: z.string().nullable(),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

export const transferResponses = {
  list: paged(transferSummarySchema),
  detail: envelope(transferDetailSchema),
};

/** Units still expected on a line. */
export const transferLineOpen = (l: { quantity: number; received: number; damaged: number }) =>
  Math.max(0, addQuantities(l.quantity, -l.received, -l.damaged));

// ---- write-offs (POST /inventory/write-offs) ------------------------------------------------------

export const WRITE_OFF_TYPES = ['damage', 'expiry'] as const;
export type WriteOffType = (typeof WRITE_OFF_TYPES)[number];

/** Damaged or expired units leave stock with a `damage` / `expiry` movement and the reason. */
export const writeOffSchema = z.object({
  branchId,
  productId: z.string({ error: TRANSFER_MSG.invalidProduct }).uuid(TRANSFER_MSG.invalidProduct),
  type: z.enum(WRITE_OFF_TYPES, { error: TRANSFER_MSG.writeOffTypeInvalid }),
  quantity,
  reason: z
    .string({ error: TRANSFER_MSG.reasonRequired })
    .trim()
    .min(1, TRANSFER_MSG.reasonRequired)
    .max(500, TRANSFER_MSG.reasonTooLong),
});
export type WriteOffInput = z.input<typeof writeOffSchema>;

export const writeOffResultSchema = z.object({
  productId: z.string(),
  type: z.enum(WRITE_OFF_TYPES),
  quantity: quantitySchema,
  previousQuantity: stockLevelSchema,
  newQuantity: stockLevelSchema,
});
export const writeOffResponses = { created: envelope(writeOffResultSchema) };

/** '3 units written off (damage)' */
export const writeOffMessage = (quantity: number, type: WriteOffType) =>
  `${quantity} ${quantity === 1 ? 'unit' : 'units'} written off (${type})`;
