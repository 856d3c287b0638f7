import { z } from 'zod';
import { optionalRefSchema, optionalTextSchema, searchSchema } from './categories';
import {
  envelope,
  idSchema,
  moneySchema,
  NAME_MAX,
  namedRefSchema,
  paged,
  pageQuerySchema,
  quantitySchema,
  stockLevelSchema,
} from './common';
import { fromMinor, toMinor } from './money';
import { UNITS } from './units';

export const PRODUCT_MSG = {
  nameRequired: 'Product name is required',
  nameTooLong: `Product name must be at most ${NAME_MAX} characters`,
  skuCharset: 'SKU can only contain letters, numbers, hyphens and underscores',
  skuTooLong: 'SKU must be at most 64 characters',
  costGtZero: 'Buying price must be greater than 0',
  priceGtZero: 'Selling price must be greater than 0',
  priceDecimals: 'Selling price can have at most 2 decimal places',
  costDecimals: 'Buying price can have at most 2 decimal places',
  stockNegative: 'Stock quantity cannot be negative',
  wholeNumber: 'Must be a whole number',
  amountTooLarge: 'Must be at most 1,000,000,000',
  invalidCategory: 'Invalid category',
  invalidBrand: 'Invalid brand',
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  otherBranch: 'A product cannot be moved to another branch',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
} as const;

export const skuDuplicateMessage = (sku: string) => `A product with SKU "${sku}" already exists in this branch`;

export const SKU_RE = /^[A-Za-z0-9_-]+$/;
/** numeric(14,2) holds up to 999,999,999,999.99; a shop never needs more than this. */
export const MONEY_MAX = 1_000_000_000;
const QUANTITY_MAX = 1_000_000_000;

/** Half up to 2 decimals through the shared money module (1.005 -> 1.01). */
const round2 = (v: number) => fromMinor(toMinor(v));

/** A price: a JSON number at least 0.01 once rounded to 2 decimals (0.0000001 is not a price of 0.00). */
export const positiveMoney = (message: string) =>
  z
    .number({ error: message })
    .refine((v) => toMinor(v) > 0, message)
    .max(MONEY_MAX, PRODUCT_MSG.amountTooLarge)
    .transform(round2);

const quantity = (negativeMessage: string) =>
  z
    .number({ error: PRODUCT_MSG.wholeNumber })
    .int(PRODUCT_MSG.wholeNumber)
    .min(0, negativeMessage)
    .max(QUANTITY_MAX, PRODUCT_MSG.amountTooLarge);

export const skuSchema = z
  .string()
  .trim()
  .max(64, PRODUCT_MSG.skuTooLong)
  .refine((v) => v === '' || SKU_RE.test(v), PRODUCT_MSG.skuCharset)
  .nullable()
  .transform((v) => v || null);

const productFields = {
  name: z
    .string({ error: PRODUCT_MSG.nameRequired })
    .trim()
    .min(1, PRODUCT_MSG.nameRequired)
    .max(NAME_MAX, PRODUCT_MSG.nameTooLong),
  sku: skuSchema.optional(),
  categoryId: optionalRefSchema(PRODUCT_MSG.invalidCategory).optional(),
  brandId: optionalRefSchema(PRODUCT_MSG.invalidBrand).optional(),
  price: positiveMoney(PRODUCT_MSG.priceGtZero),
  stockQuantity: quantity(PRODUCT_MSG.stockNegative),
  lowStockThreshold: quantity('Low stock threshold cannot be negative').optional(),
  maxStock: quantity('Maximum stock cannot be negative').optional(),
  description: optionalTextSchema(2000).optional(),
};

/**
 * What the API accepts for cost. The spec's cashier form sends 0, so the wire schema allows 0; the
 * server then requires cost > 0 from users who may see cost ('Buying price must be greater than 0')
 * and ignores whatever a cashier sends (a cashier never sets cost).
 */
export const wireCost = z
  .number({ error: PRODUCT_MSG.costGtZero })
  .min(0, PRODUCT_MSG.costGtZero)
  .max(MONEY_MAX, PRODUCT_MSG.amountTooLarge)
  .transform(round2);

/** POST /products. */
export const createProductSchema = z.object({ ...productFields, cost: wireCost.optional(), branchId: idSchema });
export type CreateProductInput = z.input<typeof createProductSchema>;

/**
 * PATCH /products/{id}: the same body, every field optional. stockQuantity is accepted but ignored:
 * stock changes only through stock adjustments (ledgered, adjust_stock), so a stale form cannot
 * overwrite sales made since it was opened. branchId, when sent, must be the product's own branch.
 */
export const updateProductSchema = z.object({
  name: productFields.name.optional(),
  sku: productFields.sku,
  categoryId: productFields.categoryId,
  brandId: productFields.brandId,
  cost: wireCost.optional(),
  price: productFields.price.optional(),
  stockQuantity: productFields.stockQuantity.optional(),
  lowStockThreshold: productFields.lowStockThreshold,
  maxStock: productFields.maxStock,
  description: productFields.description,
  branchId: idSchema.optional(),
});
export type UpdateProductInput = z.input<typeof updateProductSchema>;

/** The Add/Edit Product form for users who see cost (Super Admin, Manager). */
export const productFormSchema = z.object({ ...productFields, cost: positiveMoney(PRODUCT_MSG.costGtZero) });
export type ProductFormValues = z.input<typeof productFormSchema>;

/** The cashier's form: no buying price at all (the request then carries cost 0 or none). */
export const cashierProductFormSchema = z.object(productFields);
export type CashierProductFormValues = z.input<typeof cashierProductFormSchema>;

/**
 * GET /products. search matches name or SKU (case-insensitive, substring; an exact SKU match
 * comes first); sku is a scanned code: the exact SKU (case-insensitive) or one of the variant's
 * barcodes; categoryId includes its subcategories.
 */
export const productListQuerySchema = pageQuerySchema.extend({
  branchId: idSchema,
  search: searchSchema,
  sku: z.string().trim().min(1).max(64).optional(),
  categoryId: idSchema.optional(),
  brandId: idSchema.optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** A product as a cashier (a user without view_cost) receives it: no cost field at all. */
export const cashierProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  categoryId: z.string().nullable(),
  brandId: z.string().nullable(),
  category: namedRefSchema.nullable(),
  brand: namedRefSchema.nullable(),
  price: moneySchema,
  stockQuantity: stockLevelSchema,
  lowStockThreshold: quantitySchema,
  maxStock: quantitySchema,
  description: z.string().nullable(),
  branchId: z.string(),
  /** The item's unit (piece unless the catalogue says otherwise): what a quantity of it counts. */
  unit: z.enum(UNITS),
  /** The rate of its item's tax class (percent), null: the branch's rate (the default class). */
  taxRate: z.number().nullable(),
  /** The rate is inside the price (a retail-price class): the customer pays the price. */
  taxIncluded: z.boolean(),
  /** Its variant's barcodes besides the SKU (a label may carry any of them). */
  barcodes: z.array(z.string()),
});
export type CashierProduct = z.infer<typeof cashierProductSchema>;

/**
 * A product. cost (buying price) is optional: the products service leaves it out of every answer to
 * a user without view_cost, and those answers are serialized through the cashier variant as well
 * (docs/architecture/requests.md, 'Response contracts').
 */
export const productSchema = cashierProductSchema.extend({ cost: moneySchema.optional() });
export type Product = z.infer<typeof productSchema>;

export const productResponses = {
  list: paged(productSchema),
  one: envelope(productSchema),
  deleted: envelope(z.object({ id: z.string() })),
};

/** The same answers as a user without view_cost receives them. */
export const cashierProductResponses = {
  list: paged(cashierProductSchema),
  one: envelope(cashierProductSchema),
};
