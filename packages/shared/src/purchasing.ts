import { z } from 'zod';
import {
  countSchema,
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
import { fromMinor, toMilli, toMinor } from './money';
import { UNITS } from './units';

/** Suppliers, purchase orders, the reorder helper and stock counts. */
export const PURCHASING_MSG = {
  invalidBranch: 'Invalid branch',
  invalidCompany: 'Invalid company',
  invalidSupplier: 'Invalid supplier',
  invalidProduct: 'Invalid product',
  invalidCategory: 'Invalid category',
  supplierNameRequired: 'Supplier name is required',
  supplierNameTooLong: 'Supplier name must be at most 200 characters',
  fieldTooLong: 'Must be at most 200 characters',
  notesTooLong: 'Notes must be at most 1,000 characters',
  emailInvalid: 'Invalid email address',
  supplierDuplicate: 'A supplier with this name already exists',
  supplierAdded: 'Supplier added',
  supplierUpdated: 'Supplier updated',
  supplierDeleted: 'Supplier deleted',
  linesRequired: 'Add at least one product',
  tooManyLines: 'A purchase order can have at most 2,000 lines',
  duplicateProduct: 'Each product can appear only once',
  quantityInvalid: 'Quantity must be more than 0',
  quantityTooLarge: 'Quantity must be at most 1,000,000',
  countedInvalid: 'Counted quantity must be 0 or more',
  unitCostInvalid: 'Unit cost must be 0 or more, with at most 2 decimals',
  unitCostTooLarge: 'Unit cost must be at most 1,000,000,000',
  noteTooLong: 'Note must be at most 500 characters',
  invalidStatus: 'Invalid status',
  notDraft: 'Only a draft purchase order can be changed',
  notOrdered: 'Only an ordered purchase order can be received',
  notCancellable: 'A received or cancelled purchase order cannot be cancelled',
  notOnOrder: 'This product is not on the purchase order',
  overReceived: 'More units than are outstanding on the line',
  receiptEmpty: 'Enter at least one received unit',
  nothingToReorder: 'No product is at or below its low-stock threshold',
  ordered: 'Purchase order placed',
  received: 'Stock received',
  cancelled: 'Purchase order cancelled',
  saved: 'Purchase order saved',
  countOpen: 'This count is no longer open',
  countStarted: 'Stock count started',
  countApplied: 'Stock count applied',
  countCancelled: 'Stock count cancelled',
  countNothing: 'Count at least one product before applying',
  productOutOfScope: 'This product is not part of the count',
  productRequired: 'Choose a product or scan its SKU',
  skuNotFound: 'No product with this SKU in the branch',
  countingNotAllowed: 'Cashiers may not count stock at this branch',
} as const;

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

export const STOCK_COUNT_STATUSES = ['open', 'applied', 'cancelled'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/**
 * The product's cost after receiving units (weighted average, exact to the cent): the value of the stock
 * on hand at the current cost plus the units received at their unit cost, over the units, in minor units,
 * rounded half up to the cent. Stock at or below 0 has no value to average: the new cost is the unit cost
 * (units sold short were never costed; they are not priced at the old cost).
 */
export function weightedAverageCost({
  onHand,
  cost,
  received,
  unitCost,
}: {
  onHand: number;
  cost: number;
  received: number;
  unitCost: number;
}): number {
  // In thousandths of a unit and minor units, with integers: 10.25 kg on 0.1 kg is exact.
  const receivedMilli = BigInt(toMilli(received));
  if (receivedMilli <= 0n) return cost;
  const heldMilli = BigInt(Math.max(0, toMilli(onHand)));
  if (heldMilli === 0n) return unitCost;
  const value = heldMilli * BigInt(toMinor(cost)) + receivedMilli * BigInt(toMinor(unitCost));
  const units = heldMilli + receivedMilli;
  return fromMinor(Number((2n * value + units) / (2n * units)));
}

const noFilter = (v: string) => v === '' || v === 'all';
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(10);
const branchId = z.string({ error: PURCHASING_MSG.invalidBranch }).uuid(PURCHASING_MSG.invalidBranch);
const productId = z.string({ error: PURCHASING_MSG.invalidProduct }).uuid(PURCHASING_MSG.invalidProduct);
const search = z.string().trim().max(200).optional();
const optional200 = z.string().trim().max(200, PURCHASING_MSG.fieldTooLong).optional().nullable();
const note = z.string().trim().max(500, PURCHASING_MSG.noteTooLong).optional().nullable();
const statusFilter = <T extends readonly string[]>(values: T) =>
  z
    .string()
    .trim()
    .refine((v) => noFilter(v) || values.includes(v), PURCHASING_MSG.invalidStatus)
    .transform((v) => (noFilter(v) ? undefined : (v as T[number])))
    .optional();

// ---------- suppliers ----------

const supplierFields = {
  name: z
    .string({ error: PURCHASING_MSG.supplierNameRequired })
    .trim()
    .min(1, PURCHASING_MSG.supplierNameRequired)
    .max(200, PURCHASING_MSG.supplierNameTooLong),
  contactName: optional200,
  phone: z.string().trim().max(50, PURCHASING_MSG.fieldTooLong).optional().nullable(),
  email: z
    .string()
    .trim()
    .max(200, PURCHASING_MSG.fieldTooLong)
    .refine((v) => v === '' || z.email().safeParse(v).success, PURCHASING_MSG.emailInvalid)
    .optional()
    .nullable(),
  notes: z.string().trim().max(1000, PURCHASING_MSG.notesTooLong).optional().nullable(),
};

/** The supplier form. */
export const supplierFormSchema = z.object(supplierFields);
export type SupplierFormValues = z.input<typeof supplierFormSchema>;

export const createSupplierSchema = z.object({
  ...supplierFields,
  companyId: z.string({ error: PURCHASING_MSG.invalidCompany }).uuid(PURCHASING_MSG.invalidCompany),
});
export type CreateSupplierInput = z.input<typeof createSupplierSchema>;
export const updateSupplierSchema = z.object(supplierFields).partial();
export type UpdateSupplierInput = z.input<typeof updateSupplierSchema>;

/** GET /suppliers: a company's suppliers by name; search matches name, contact, phone or email. */
export const supplierListQuerySchema = z.object({ page, limit, companyId: idSchema, search });
export type SupplierListQuery = z.input<typeof supplierListQuerySchema>;

export const supplierSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: instantSchema,
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierResponses = {
  list: paged(supplierSchema),
  one: envelope(supplierSchema),
  deleted: envelope(z.object({ id: z.string() })),
};

// ---------- purchase orders ----------

const quantity = quantityInput({
  invalid: PURCHASING_MSG.quantityInvalid,
  tooLarge: PURCHASING_MSG.quantityTooLarge,
  max: 1_000_000,
});
const unitCost = z
  .number({ error: PURCHASING_MSG.unitCostInvalid })
  .min(0, PURCHASING_MSG.unitCostInvalid)
  .max(1_000_000_000, PURCHASING_MSG.unitCostTooLarge)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PURCHASING_MSG.unitCostInvalid);

const uniqueProducts = (lines: { productId: string }[]) => new Set(lines.map((l) => l.productId)).size === lines.length;

export const MAX_PURCHASE_ORDER_LINES = 2000;

export const purchaseOrderLineInputSchema = z.object({ productId, quantity, unitCost });
const poLines = z
  .array(purchaseOrderLineInputSchema, { error: PURCHASING_MSG.linesRequired })
  .min(1, PURCHASING_MSG.linesRequired)
  .max(MAX_PURCHASE_ORDER_LINES, PURCHASING_MSG.tooManyLines)
  .refine(uniqueProducts, PURCHASING_MSG.duplicateProduct);
const supplierId = z.string({ error: PURCHASING_MSG.invalidSupplier }).uuid(PURCHASING_MSG.invalidSupplier);

/** POST /purchase-orders: a draft. */
export const createPurchaseOrderSchema = z.object({ branchId, supplierId, note, lines: poLines });
export type CreatePurchaseOrderInput = z.input<typeof createPurchaseOrderSchema>;
/** PATCH /purchase-orders/{id}: a draft's supplier, note or lines (the lines replace all of them). */
export const updatePurchaseOrderSchema = z.object({
  supplierId: supplierId.optional(),
  note,
  lines: poLines.optional(),
});
export type UpdatePurchaseOrderInput = z.input<typeof updatePurchaseOrderSchema>;

/** POST /purchase-orders/{id}/receive: units received now per line, optionally at another unit cost. */
export const receivePurchaseOrderSchema = z.object({
  lines: z
    .array(z.object({ productId, quantity: quantity, unitCost: unitCost.optional() }), {
      error: PURCHASING_MSG.receiptEmpty,
    })
    .min(1, PURCHASING_MSG.receiptEmpty)
    .max(MAX_PURCHASE_ORDER_LINES, PURCHASING_MSG.tooManyLines)
    .refine(uniqueProducts, PURCHASING_MSG.duplicateProduct),
});
export type ReceivePurchaseOrderInput = z.input<typeof receivePurchaseOrderSchema>;

/** POST /purchase-orders/reorder: one draft of the branch's products at or below their threshold. */
export const reorderSchema = z.object({ branchId, supplierId, note });
export type ReorderInput = z.input<typeof reorderSchema>;

export const purchaseOrderListQuerySchema = z.object({
  page,
  limit,
  branchId,
  status: statusFilter(PURCHASE_ORDER_STATUSES),
  supplierId: z
    .string()
    .trim()
    .refine((v) => noFilter(v) || idSchema.safeParse(v).success, PURCHASING_MSG.invalidSupplier)
    .transform((v) => (noFilter(v) ? undefined : v))
    .optional(),
  search,
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuerySchema>;

export const purchaseOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  branchId: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: namedRefSchema,
  note: z.string().nullable(),
  createdAt: instantSchema,
  orderedAt: instantSchema.nullable(),
  receivedAt: instantSchema.nullable(),
  cancelledAt: instantSchema.nullable(),
  lineCount: countSchema,
  quantityOrdered: quantitySchema,
  quantityReceived: quantitySchema,
  totalCost: moneySchema,
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's unit (what the quantities count). */
  unit: z.enum(UNITS),
  quantityOrdered: quantitySchema,
  quantityReceived: quantitySchema,
  unitCost: moneySchema,
  stockQuantity: stockLevelSchema,
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;
export const purchaseOrderDetailSchema = purchaseOrderSchema.extend({ lines: z.array(purchaseOrderLineSchema) });
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;

export const purchaseOrderResponses = {
  list: paged(purchaseOrderSchema),
  one: envelope(purchaseOrderDetailSchema),
};

// ---------- stock counts ----------

/** POST /stock-counts: every product of the branch, or one category (with its subcategories). */
export const startStockCountSchema = z.object({
  branchId,
  categoryId: z.string({ error: PURCHASING_MSG.invalidCategory }).uuid(PURCHASING_MSG.invalidCategory).optional(),
  note,
});
export type StartStockCountInput = z.input<typeof startStockCountSchema>;

/**
 * POST /stock-counts/{id}/lines: a product counted, by id or by SKU (a scan). mode 'set' (typing) sets
 * the counted units; 'add' (each scan) adds to them.
 */
export const countLineSchema = z
  .object({
    productId: productId.optional(),
    sku: z.string().trim().min(1).max(200).optional(),
    quantity: quantityInput({
      invalid: PURCHASING_MSG.countedInvalid,
      tooLarge: PURCHASING_MSG.quantityTooLarge,
      max: 1_000_000,
      min: 'zero',
    }),
    mode: z.enum(['set', 'add']).default('set'),
  })
  .refine((v) => v.productId || v.sku, { message: PURCHASING_MSG.productRequired, path: ['productId'] });
export type CountLineInput = z.input<typeof countLineSchema>;

export const stockCountListQuerySchema = z.object({
  page,
  limit,
  branchId,
  status: statusFilter(STOCK_COUNT_STATUSES),
});
export type StockCountListQuery = z.input<typeof stockCountListQuerySchema>;
export const stockCountLinesQuerySchema = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search,
});
export type StockCountLinesQuery = z.input<typeof stockCountLinesQuerySchema>;

export const stockCountSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  scope: z.enum(['all', 'category']),
  category: namedRefSchema.nullable(),
  status: z.enum(STOCK_COUNT_STATUSES),
  note: z.string().nullable(),
  startedAt: instantSchema,
  startedBy: z.string().nullable(),
  appliedAt: instantSchema.nullable(),
  countedProducts: countSchema,
});
export type StockCount = z.infer<typeof stockCountSchema>;

/** A counted product as counters see it: blind, no expected quantity. */
export const stockCountLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's unit (what the counted quantity counts). */
  unit: z.enum(UNITS),
  countedQuantity: quantitySchema,
  countedAt: instantSchema,
  countedBy: z.string().nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

/** The review (adjust_stock): expected = stock when counted; value at cost only with view_cost. */
export const stockCountVarianceSchema = stockCountLineSchema.extend({
  expectedQuantity: stockLevelSchema,
  variance: z.number(),
  varianceValue: moneySchema.optional(),
});
export type StockCountVariance = z.infer<typeof stockCountVarianceSchema>;

export const stockCountAppliedSchema = z.object({
  id: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  adjustedProducts: countSchema,
  unitsIn: quantitySchema,
  unitsOut: quantitySchema,
});
export type StockCountApplied = z.infer<typeof stockCountAppliedSchema>;

export const stockCountResponses = {
  list: paged(stockCountSchema),
  one: envelope(stockCountSchema),
  lines: paged(stockCountLineSchema),
  line: envelope(stockCountLineSchema),
  variances: paged(stockCountVarianceSchema),
  applied: envelope(stockCountAppliedSchema),
};
