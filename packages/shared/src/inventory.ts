import { z } from 'zod';
import { searchSchema } from './categories';
import {
  envelope,
  idSchema,
  instantSchema,
  moneySchema,
  namedRefSchema,
  paged,
  quantityInput,
  quantitySchema,
  stockLevelSchema,
} from './common';
import { addQuantities, toQuantity } from './money';
import { dateFilterSchema } from './sales';
import { UNITS } from './units';

export const INVENTORY_MSG = {
  fetchFailed: 'Failed to fetch inventory data',
  adjustFailed: 'Failed to adjust stock',
  requiredFields: 'Please fill in all required fields',
  floorWarning: 'This will set stock to 0 (cannot go below 0)',
  sameQuantity: 'Stock is already at that quantity',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  quantityInvalid: 'Quantity must be 0 or more',
  quantityTooLarge: 'Quantity must be at most 1,000,000,000',
  invalidProduct: 'Invalid product',
  invalidBranch: 'Invalid branch',
  invalidDate: 'Invalid date (use yyyy-mm-dd)',
  endBeforeStart: 'End date cannot be before start date',
  invalidStatus: 'Stock status must be low, out, over or normal',
  invalidMovementType: 'Invalid movement type',
} as const;

export const STOCK_MOVEMENT_TYPES = [
  'initial_stock',
  'purchase',
  'sale',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'return',
  'damage',
  'expiry',
] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];

/** low: stock <= lowStockThreshold (out of stock included); over: stock >= maxStock; else normal. */
export const STOCK_STATUSES = ['low', 'out', 'over', 'normal'] as const;
export type StockStatusFilter = (typeof STOCK_STATUSES)[number];
/** What a row reports: out (0, also low), low, over or normal. */
export type StockStatus = 'out' | 'low' | 'over' | 'normal';

/**
 * The stock level of spec 02 section 4: low when at or below the threshold (red; 0 reported as
 * 'out'), overstock when at or above maxStock (orange), else normal (green). Low wins over over.
 */
export function stockStatusOf({
  stockQuantity,
  lowStockThreshold,
  maxStock,
}: {
  stockQuantity: number;
  lowStockThreshold: number;
  maxStock: number;
}): StockStatus {
  if (stockQuantity <= 0) return 'out';
  if (stockQuantity <= lowStockThreshold) return 'low';
  if (stockQuantity >= maxStock) return 'over';
  return 'normal';
}

/** '' or 'all' (a cleared select) means no filter. */
const noFilter = (v: string) => v === '' || v === 'all';

const optionalDate = dateFilterSchema(INVENTORY_MSG.invalidDate);

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(10);
const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => noFilter(v) || idSchema.safeParse(v).success, message)
    .transform((v) => (noFilter(v) ? undefined : v))
    .optional();

/**
 * GET /inventory/stock: one branch's live products with their stock level, by name, paged on the
 * server. search: name or SKU (case-insensitive substring); categoryId includes subcategories;
 * stockStatus low (incl. out of stock) | out | over | normal; lowStock=true is stockStatus=low.
 */
export const inventoryStockQuerySchema = z.object({
  page,
  limit,
  branchId: z.string({ error: INVENTORY_MSG.invalidBranch }).uuid(INVENTORY_MSG.invalidBranch),
  search: searchSchema,
  categoryId: optionalId('Invalid category'),
  stockStatus: z
    .string()
    .trim()
    .refine((v) => noFilter(v) || (STOCK_STATUSES as readonly string[]).includes(v), INVENTORY_MSG.invalidStatus)
    .transform((v) => (noFilter(v) ? undefined : (v as StockStatusFilter)))
    .optional(),
  lowStock: z
    .enum(['true', 'false', '1', '0', ''])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type InventoryStockQuery = z.input<typeof inventoryStockQuerySchema>;

/** A row of GET /inventory/stock. cost and stockValue (cost x stock) only for users with view_cost. */
export const cashierInventoryStockItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  category: namedRefSchema.nullable(),
  stockQuantity: stockLevelSchema,
  lowStockThreshold: quantitySchema,
  maxStock: quantitySchema,
  /** What its quantities count (kg takes 3 decimals). */
  unit: z.enum(UNITS),
  status: z.enum(['out', 'low', 'over', 'normal']),
});
export const inventoryStockItemSchema = cashierInventoryStockItemSchema.extend({
  cost: moneySchema.optional(),
  stockValue: moneySchema.optional(),
});
export type InventoryStockItem = z.infer<typeof inventoryStockItemSchema>;

const endNotBeforeStart = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.endDate >= q.startDate;

/** GET /inventory/movements: one branch's stock ledger, newest first. Dates: yyyy-mm-dd, branch time zone, inclusive. */
export const inventoryMovementsQuerySchema = z
  .object({
    page,
    limit,
    branchId: z.string({ error: INVENTORY_MSG.invalidBranch }).uuid(INVENTORY_MSG.invalidBranch),
    productId: optionalId(INVENTORY_MSG.invalidProduct),
    movementType: z
      .string()
      .trim()
      .refine(
        (v) => noFilter(v) || (STOCK_MOVEMENT_TYPES as readonly string[]).includes(v),
        INVENTORY_MSG.invalidMovementType,
      )
      .transform((v) => (noFilter(v) ? undefined : (v as StockMovementType)))
      .optional(),
    startDate: optionalDate,
    endDate: optionalDate,
  })
  .refine(endNotBeforeStart, { message: INVENTORY_MSG.endBeforeStart, path: ['endDate'] });
export type InventoryMovementsQuery = z.input<typeof inventoryMovementsQuerySchema>;

export const inventoryMovementSchema = z.object({
  id: z.string(),
  /** ISO 8601 instant. */
  createdAt: instantSchema,
  product: z.object({ id: z.string(), name: z.string(), sku: z.string().nullable() }),
  movementType: z.enum(STOCK_MOVEMENT_TYPES),
  direction: z.enum(['in', 'out']),
  quantity: quantitySchema,
  previousQuantity: stockLevelSchema,
  newQuantity: stockLevelSchema,
  userName: z.string().nullable(),
  reason: z.string().nullable(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

/** POST /inventory/adjustments (spec 02 section 3): the counted quantity; the server records the difference. */
export const stockAdjustmentSchema = z.object({
  productId: z.string({ error: INVENTORY_MSG.invalidProduct }).uuid(INVENTORY_MSG.invalidProduct),
  branchId: z.string({ error: INVENTORY_MSG.invalidBranch }).uuid(INVENTORY_MSG.invalidBranch),
  newQuantity: quantityInput({
    invalid: INVENTORY_MSG.quantityInvalid,
    tooLarge: INVENTORY_MSG.quantityTooLarge,
    max: 1_000_000_000,
    min: 'zero',
  }),
  reason: z
    .string({ error: INVENTORY_MSG.reasonRequired })
    .trim()
    .min(1, INVENTORY_MSG.reasonRequired)
    .max(500, INVENTORY_MSG.reasonTooLong),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;

export const stockAdjustmentResultSchema = z.object({
  product: inventoryStockItemSchema,
  previousQuantity: stockLevelSchema,
  newQuantity: stockLevelSchema,
  difference: z.number(),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResultSchema>;

export const inventoryResponses = {
  stock: paged(inventoryStockItemSchema),
  movements: paged(inventoryMovementSchema),
  adjusted: envelope(stockAdjustmentResultSchema),
};

/** The same answers as a user without view_cost receives them: no cost, no stockValue. */
export const cashierInventoryResponses = {
  stock: paged(cashierInventoryStockItemSchema),
  adjusted: envelope(stockAdjustmentResultSchema.extend({ product: cashierInventoryStockItemSchema })),
};

/** 'Stock increased by 5 units successfully' / 'Stock decreased by 3 units successfully' (spec 02 section 8). */
export function stockAdjustedMessage(difference: number): string {
  const n = Math.abs(difference);
  return `Stock ${difference >= 0 ? 'increased' : 'decreased'} by ${n} units successfully`;
}

export type AdjustmentType = 'increase' | 'decrease';

/** The quantity an adjustment leads to, computed on the client; a decrease floors at 0. */
export function adjustedQuantity(current: number, type: AdjustmentType, quantity: number): number {
  const q = Number.isFinite(quantity) ? Math.max(0, toQuantity(quantity)) : 0;
  return type === 'increase' ? addQuantities(current, q) : Math.max(0, addQuantities(current, -q));
}

/** True when a decrease would go below 0 (the form then warns that stock is set to 0). */
export function decreaseHitsFloor(current: number, type: AdjustmentType, quantity: number): boolean {
  return type === 'decrease' && quantity > current;
}
