import { z } from 'zod';
import { barcodeSchema } from './barcodes';
import { optionalRefSchema, optionalTextSchema, searchSchema } from './categories';
import {
  envelope,
  idSchema,
  moneySchema,
  NAME_MAX,
  namedRefSchema,
  paged,
  pageQuerySchema,
  stockLevelSchema,
} from './common';
import { PRODUCT_MSG, positiveMoney, skuSchema, wireCost } from './products';
import { taxClassRefSchema } from './tax-classes';
import { UNITS } from './units';

/**
 * The company's catalogue (DESIGN.md section 11): items, their variants and the variants' listings in
 * branches. GET /products stays the branch's view of it (one row per listed variant).
 */
export const ITEM_MSG = {
  nameRequired: 'Item name is required',
  nameTooLong: `Item name must be at most ${NAME_MAX} characters`,
  optionsMax: 'An item has at most 3 options',
  optionNameRequired: 'Option name is required',
  optionNamesUnique: 'Option names must differ',
  taxClassInvalid: 'Invalid tax class',
  unitInvalid: `Unit must be one of ${UNITS.join(', ')}`,
  unitHasFractions: 'A branch holds a fraction of this item: count it in whole units before selling it by the piece',
  optionValuesRequired: 'An option needs at least one value',
  optionValuesUnique: 'Option values must differ',
  variantsMax: 'An item has at most 200 variants',
  variantOptionValues: 'Each variant needs one value for each option, from the option values',
  variantsUnique: 'Two variants have the same option values',
  skusUnique: 'Two variants have the same SKU',
  priceChangesMax: 'At most 20,000 price changes at once',
  priceChangesUnique: 'A variant appears twice in the price changes',
  itemNotFound: 'Item not found',
  variantNotFound: 'Variant not found',
  created: 'Item created successfully',
  updated: 'Item updated successfully',
  variantUpdated: 'Variant updated successfully',
  pricesChanged: 'Chain prices changed successfully',
  listed: 'Listing saved successfully',
  listingChanged: 'The listing was changed at the same time; try again',
} as const;

/** An SKU already names another variant of the company. */
export const catalogSkuTakenMessage = (sku: string) => `SKU "${sku}" already belongs to another item of the company`;

export const ITEM_OPTIONS_MAX = 3;
export const ITEM_VARIANTS_MAX = 200;
export const PRICE_CHANGES_MAX = 20_000;
/** The most characters of an option's name or value. */
export const ITEM_OPTION_TEXT_MAX = 60;

const optionText = z.string().trim().min(1, ITEM_MSG.optionNameRequired).max(ITEM_OPTION_TEXT_MAX);
const distinct = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;

export const itemOptionSchema = z.object({
  name: optionText,
  values: z
    .array(z.string().trim().min(1, ITEM_MSG.optionValuesRequired).max(ITEM_OPTION_TEXT_MAX))
    .min(1, ITEM_MSG.optionValuesRequired)
    .max(50)
    .refine(distinct, ITEM_MSG.optionValuesUnique),
});
export type ItemOption = z.infer<typeof itemOptionSchema>;

/**
 * The matrix generator: every combination of the options' values, in the options' order (size x colour:
 * S/Red, S/Blue, M/Red, ...). No options: one variant with no values.
 */
export function variantMatrix(options: ReadonlyArray<{ values: readonly string[] }>): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((v) => [...row, v])),
    [[]],
  );
}

/** A variant's name as its listings show it: the item's name, then its option values. */
export const variantName = (itemName: string, optionValues: readonly string[]) =>
  optionValues.length === 0 ? itemName : `${itemName} / ${optionValues.join(' / ')}`;

const variantInputSchema = z.object({
  optionValues: z.array(z.string().trim().min(1)).max(ITEM_OPTIONS_MAX).default([]),
  sku: skuSchema.optional(),
  price: positiveMoney(PRODUCT_MSG.priceGtZero),
  cost: wireCost.optional(),
});

const itemFields = {
  name: z
    .string({ error: ITEM_MSG.nameRequired })
    .trim()
    .min(1, ITEM_MSG.nameRequired)
    .max(NAME_MAX, ITEM_MSG.nameTooLong),
  description: optionalTextSchema(2000).optional(),
  categoryId: optionalRefSchema(PRODUCT_MSG.invalidCategory).optional(),
  /** What a quantity of it counts: kg, L and m take 3 decimals (weighed and measured goods). */
  unit: z.enum(UNITS, { error: ITEM_MSG.unitInvalid }),
  /** The item's tax class in every branch; null or omitted: each branch's rate (the default class). */
  taxClassId: optionalRefSchema(ITEM_MSG.taxClassInvalid).optional(),
};

/**
 * POST /items: an item and its variants. variants omitted: one variant per combination of the options
 * (one variant when there are none) at price and cost, each SKU being sku and the option values joined by
 * '-' when sku is given. branchIds: the branches that list every new variant at once (stock 0, the chain
 * price).
 */
export const createItemSchema = z
  .object({
    companyId: idSchema,
    ...itemFields,
    unit: itemFields.unit.default('piece'),
    options: z
      .array(itemOptionSchema)
      .max(ITEM_OPTIONS_MAX, ITEM_MSG.optionsMax)
      .default([])
      .refine((o) => distinct(o.map((x) => x.name)), ITEM_MSG.optionNamesUnique),
    sku: skuSchema.optional(),
    price: positiveMoney(PRODUCT_MSG.priceGtZero).optional(),
    cost: wireCost.optional(),
    variants: z.array(variantInputSchema).min(1).max(ITEM_VARIANTS_MAX, ITEM_MSG.variantsMax).optional(),
    branchIds: z.array(idSchema).max(500).default([]),
  })
  .superRefine((input, ctx) => {
    if (!input.variants && input.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRODUCT_MSG.priceGtZero });
    }
    if (!input.variants && variantMatrix(input.options).length > ITEM_VARIANTS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: ITEM_MSG.variantsMax });
    }
    for (const [i, v] of (input.variants ?? []).entries()) {
      const fits =
        v.optionValues.length === input.options.length &&
        v.optionValues.every((value, k) => input.options[k]?.values.includes(value));
      if (!fits)
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'optionValues'], message: ITEM_MSG.variantOptionValues });
    }
    const variants = input.variants ?? [];
    if (!distinct(variants.map((v) => JSON.stringify(v.optionValues)))) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: ITEM_MSG.variantsUnique });
    }
    const skus = variants.flatMap((v) => (v.sku ? [v.sku] : []));
    if (!distinct(skus)) ctx.addIssue({ code: 'custom', path: ['variants'], message: ITEM_MSG.skusUnique });
  });
export type CreateItemInput = z.input<typeof createItemSchema>;

/** PATCH /items/{id}: the item's own fields; its variants' names follow a new name. */
export const updateItemSchema = z.object({
  name: itemFields.name.optional(),
  description: itemFields.description,
  categoryId: itemFields.categoryId,
  unit: itemFields.unit.optional(),
  taxClassId: itemFields.taxClassId,
});
export type UpdateItemInput = z.input<typeof updateItemSchema>;

/** PATCH /variants/{id}: price is the chain price (every listing without an override follows it). */
export const updateVariantSchema = z.object({
  sku: skuSchema.optional(),
  price: positiveMoney(PRODUCT_MSG.priceGtZero).optional(),
  cost: wireCost.optional(),
});
export type UpdateVariantInput = z.input<typeof updateVariantSchema>;

/** POST /variants/prices: chain price changes of many variants in one action (one audit row). */
export const chainPriceChangeSchema = z.object({
  companyId: idSchema,
  changes: z
    .array(z.object({ variantId: idSchema, price: positiveMoney(PRODUCT_MSG.priceGtZero) }))
    .min(1)
    .max(PRICE_CHANGES_MAX, ITEM_MSG.priceChangesMax)
    .refine((c) => new Set(c.map((x) => x.variantId)).size === c.length, ITEM_MSG.priceChangesUnique),
});
export type ChainPriceChangeInput = z.input<typeof chainPriceChangeSchema>;

/**
 * PUT /variants/{id}/listings/{branchId}: list the variant in the branch (a new listing starts at stock 0)
 * or change its listing. price null: the chain price; a number: the branch's override.
 */
export const setListingSchema = z.object({
  price: positiveMoney(PRODUCT_MSG.priceGtZero).nullable().default(null),
  lowStockThreshold: z.number().int().min(0).max(1_000_000_000).optional(),
  maxStock: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type SetListingInput = z.input<typeof setListingSchema>;

export const itemListQuerySchema = pageQuerySchema.extend({ companyId: idSchema, search: searchSchema });
export type ItemListQuery = z.input<typeof itemListQuerySchema>;

/** A variant's listing in one branch (the product id the branch's screens and sales use). */
export const listingSchema = z.object({
  productId: z.string(),
  branch: namedRefSchema,
  price: moneySchema,
  priceOverridden: z.boolean(),
  stockQuantity: stockLevelSchema,
});
export type Listing = z.infer<typeof listingSchema>;

export const variantSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  optionValues: z.array(z.string()),
  price: moneySchema,
  cost: moneySchema,
  barcodes: z.array(barcodeSchema),
  listings: z.array(listingSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const itemSummarySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: namedRefSchema.nullable(),
  optionNames: z.array(z.string()),
  unit: z.enum(UNITS),
  /** null: each branch's rate. */
  taxClass: taxClassRefSchema.nullable(),
  variantCount: z.number().int(),
});
export type ItemSummary = z.infer<typeof itemSummarySchema>;

export const itemSchema = itemSummarySchema.extend({ variants: z.array(variantSchema) });
export type Item = z.infer<typeof itemSchema>;

export const chainPriceChangeResultSchema = z.object({ variants: z.number().int(), listings: z.number().int() });

export const itemResponses = {
  list: paged(itemSummarySchema),
  one: envelope(itemSchema),
  variant: envelope(variantSchema),
  prices: envelope(chainPriceChangeResultSchema),
  listing: envelope(listingSchema),
};
