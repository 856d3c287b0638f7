import {
  type addBarcodeSchema,
  allowsDecimals,
  type Barcode,
  barcodeTakenMessage,
  catalogSkuTakenMessage,
  type chainPriceChangeSchema,
  type createItemSchema,
  ITEM_MSG,
  type Item,
  type ItemSummary,
  type itemListQuerySchema,
  type Listing,
  type PageMeta,
  PRODUCT_MSG,
  pageMeta,
  type setListingSchema,
  TAX_CLASS_MSG,
  type updateItemSchema,
  type updateVariantSchema,
  type Variant,
  variantMatrix,
  variantName,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { firstTakenSku, insertListings, listVariant, refreshListings } from '../../domain/catalog.repo';
import { type Actor, can, loadInScope, resolveBranch, resolveCompany } from '../../lib/access';
import { findCategoryPlace } from '../../lib/branch-refs.repo';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './items.repo';

/** The chain catalogue is the company's: Super Admins and Managers (manage_items). */
const PERMISSION = 'manage_items' as const;

function resolveItem(db: DbOrTx, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Item',
    by: 'company',
    permission: PERMISSION,
    load: (companyIds) => repo.findItem(db, { id, companyIds }),
  });
}

function resolveVariant(db: DbOrTx, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Variant',
    by: 'company',
    permission: PERMISSION,
    load: (companyIds) => repo.findVariant(db, { id, companyIds }),
  });
}

/** A category of the company (any of its branches), else 404 on categoryId. */
async function checkCategory(db: DbOrTx, companyId: string, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const place = await findCategoryPlace(db, { id: categoryId, companyIds: [companyId] });
  if (!place)
    throw new AppError(404, 'NOT_FOUND', PRODUCT_MSG.categoryNotFound, { categoryId: PRODUCT_MSG.categoryNotFound });
}

/** A tax class of the company, else 404 on taxClassId. */
async function checkTaxClass(db: DbOrTx, companyId: string, taxClassId: string | null | undefined) {
  if (!taxClassId) return;
  if (!(await repo.isCompanyTaxClass(db, { companyId, id: taxClassId })))
    throw new AppError(404, 'NOT_FOUND', TAX_CLASS_MSG.notFound, { taxClassId: TAX_CLASS_MSG.notFound });
}

const skuTaken = (sku: string) => conflict(catalogSkuTakenMessage(sku), { sku: catalogSkuTakenMessage(sku) });

/** The unique indexes on SKUs catch the race the checks cannot. */
function rethrowSkuRace(error: unknown, sku: string | null | undefined): never {
  if (isUniqueViolation(error, 'variants_company_sku_uq') || isUniqueViolation(error, 'products_branch_sku_uq')) {
    throw skuTaken(sku ?? '');
  }
  throw error;
}

/** Cost is seen and set only with view_cost; others leave it at 0 on create and unchanged after. */
const acceptedCost = (actor: Actor, cost: number | undefined) => (can(actor, 'view_cost') ? cost : undefined);

export async function listItems(
  db: Db,
  actor: Actor,
  query: z.output<typeof itemListQuerySchema>,
): Promise<{ items: ItemSummary[]; meta: PageMeta }> {
  const companyId = resolveCompany(actor, query.companyId, PERMISSION);
  const { items, total } = await repo.listItems(db, {
    companyId,
    search: query.search || undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function getItem(db: Db, actor: Actor, id: string): Promise<Item> {
  const item = await resolveItem(db, actor, id);
  return { ...item, variants: await repo.itemVariants(db, { companyId: item.companyId, itemId: id }) };
}

/** The variants a create asks for: given, or generated from the options' matrix. */
function newVariants(input: z.output<typeof createItemSchema>, actor: Actor): repo.NewVariant[] {
  const defaultCost = acceptedCost(actor, input.cost) ?? 0;
  const given =
    input.variants ??
    variantMatrix(input.options).map((optionValues) => ({
      optionValues,
      sku: input.sku ? [input.sku, ...optionValues].join('-').replace(/[^A-Za-z0-9_-]/g, '') : null,
      price: input.price ?? 0,
      cost: undefined,
    }));
  return given.map((v) => ({
    name: variantName(input.name, v.optionValues),
    sku: v.sku ?? null,
    optionValues: v.optionValues,
    price: v.price,
    cost: acceptedCost(actor, v.cost) ?? defaultCost,
  }));
}

/** Creates an item with its variants and lists them in the given branches (stock 0, the chain price). */
export async function createItem(db: Db, actor: Actor, input: z.output<typeof createItemSchema>): Promise<Item> {
  const companyId = resolveCompany(actor, input.companyId, PERMISSION);
  const branchScopes = await Promise.all(input.branchIds.map((branchId) => resolveBranch(db, { actor, branchId })));
  if (branchScopes.some((b) => b.companyId !== companyId)) throw notFound('Branch');
  await checkCategory(db, companyId, input.categoryId);
  await checkTaxClass(db, companyId, input.taxClassId);
  const rows = newVariants(input, actor);
  const skus = rows.flatMap((v) => (v.sku ? [v.sku] : []));
  const taken = await firstTakenSku(db, { companyId, skus });
  if (taken) throw skuTaken(taken);
  const itemId = await db
    .transaction(async (tx) => {
      const id = await repo.insertItem(tx, {
        companyId,
        name: input.name,
        description: input.description ?? null,
        categoryId: input.categoryId ?? null,
        unit: input.unit,
        taxClassId: input.taxClassId ?? null,
        optionNames: input.options.map((o) => o.name),
      });
      const variantIds = await repo.insertVariants(tx, { companyId, itemId: id, rows });
      await insertListings(tx, {
        companyId,
        branchIds: [...new Set(branchScopes.map((b) => b.branchId))],
        variantIds,
        price: null,
      });
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: 'item.create',
        entityType: 'item',
        entityId: id,
        after: {
          name: input.name,
          unit: input.unit,
          taxClassId: input.taxClassId ?? null,
          variants: rows.map((v) => ({ name: v.name, sku: v.sku, price: v.price })),
          branchIds: input.branchIds,
        },
      });
      return id;
    })
    .catch((error: unknown) => rethrowSkuRace(error, skus[0]));
  return getItem(db, actor, itemId);
}

/** Changes the item; a new name renames its variants and every listing follows. */
export async function updateItem(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateItemSchema>,
): Promise<Item> {
  const before = await resolveItem(db, actor, id);
  const { companyId } = before;
  await checkCategory(db, companyId, input.categoryId);
  await checkTaxClass(db, companyId, input.taxClassId);
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.taxClassId !== undefined && { taxClassId: input.taxClassId }),
  };
  // A unit counted in whole numbers cannot take over a stock of 2.5 somewhere: it would never sell out.
  if (patch.unit && !allowsDecimals(patch.unit) && (await repo.holdsFractions(db, { companyId, itemId: id }))) {
    throw conflict(ITEM_MSG.unitHasFractions, { unit: ITEM_MSG.unitHasFractions });
  }
  await db.transaction(async (tx) => {
    await repo.updateItem(tx, { companyId, id, patch });
    if (patch.name !== undefined) {
      for (const v of await repo.variantOptions(tx, { companyId, itemId: id })) {
        await repo.updateVariant(tx, { companyId, id: v.id, patch: { name: variantName(patch.name, v.optionValues) } });
      }
    }
    const listings = await refreshListings(tx, companyId, [id]);
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'item.update',
      entityType: 'item',
      entityId: id,
      before: {
        name: before.name,
        description: before.description,
        categoryId: before.category?.id ?? null,
        unit: before.unit,
        taxClassId: before.taxClass?.id ?? null,
      },
      after: { ...patch, listings },
    });
  });
  return getItem(db, actor, id);
}

async function variantOf(db: DbOrTx, companyId: string, variant: { id: string; itemId: string }): Promise<Variant> {
  const all = await repo.itemVariants(db, { companyId, itemId: variant.itemId });
  const found = all.find((v) => v.id === variant.id);
  if (!found) throw notFound('Variant');
  return found;
}

/**
 * Changes a variant: its SKU, its default cost, and its chain price, which reaches every branch that lists
 * it without an override, in the same transaction, with one audit row.
 */
export async function updateVariant(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updateVariantSchema>,
): Promise<Variant> {
  const before = await resolveVariant(db, actor, id);
  const { companyId } = before;
  if (input.sku && (await firstTakenSku(db, { companyId, skus: [input.sku], exceptVariantId: id }))) {
    throw skuTaken(input.sku);
  }
  const cost = acceptedCost(actor, input.cost);
  const patch = {
    ...(input.sku !== undefined && { sku: input.sku }),
    ...(input.price !== undefined && { price: input.price }),
    ...(cost !== undefined && { cost }),
  };
  await db
    .transaction(async (tx) => {
      await repo.updateVariant(tx, { companyId, id, patch });
      const refreshed = await refreshListings(tx, companyId, [before.itemId]);
      const priceChanged = patch.price !== undefined && patch.price !== before.price;
      // A price change reaches the listings that follow the chain price (they store none: nothing to refresh).
      const listings = priceChanged ? await repo.countChainListings(tx, { companyId, variantIds: [id] }) : refreshed;
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: priceChanged ? 'variant.price_change' : 'variant.update',
        entityType: 'variant',
        entityId: id,
        before: { sku: before.sku, price: before.price, cost: before.cost },
        after: { ...patch, listings },
      });
    })
    .catch((error: unknown) => rethrowSkuRace(error, input.sku));
  return variantOf(db, companyId, before);
}

/**
 * Chain price changes of many variants in one transaction: every listing without an override follows, as
 * it stores no price of its own (the variants alone are written; their trigger tells the branches' registers).
 * One audit row names each variant's price before and after, and how many listings follow them. A variant
 * outside the company is 404.
 */
export async function changeChainPrices(
  db: Db,
  actor: Actor,
  input: z.output<typeof chainPriceChangeSchema>,
): Promise<{ variants: number; listings: number }> {
  const companyId = resolveCompany(actor, input.companyId, PERMISSION);
  return db.transaction(async (tx) => {
    const changed = await repo.setChainPrices(tx, { companyId, changes: input.changes });
    if (changed.length !== input.changes.length) throw notFound('Variant');
    const listings = await repo.countChainListings(tx, { companyId, variantIds: changed.map((c) => c.id) });
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'variant.chain_price_change',
      entityType: 'variant',
      entityId: null,
      before: Object.fromEntries(changed.map((c) => [c.id, Number(c.before)])),
      after: { prices: Object.fromEntries(changed.map((c) => [c.id, Number(c.after)])), listings },
    });
    return { variants: changed.length, listings };
  });
}

/**
 * Lists the variant in a branch or changes its listing there: the chain price (price null) or the
 * branch's own; thresholds. A new listing starts at stock 0; stock then moves through the ledger.
 */
export async function setListing(
  db: Db,
  actor: Actor,
  { variantId, branchId }: { variantId: string; branchId: string },
  input: z.output<typeof setListingSchema>,
): Promise<Listing> {
  const variant = await resolveVariant(db, actor, variantId);
  const branch = await resolveBranch(db, { actor, branchId });
  if (branch.companyId !== variant.companyId) throw notFound('Branch');
  const { companyId } = variant;
  await db
    .transaction(async (tx) => {
      const listed = await listVariant(tx, { companyId, branchId, variantId, ...input });
      if (!listed) throw notFound('Variant');
      await writeAudit(tx, {
        companyId,
        branchId,
        userId: actor.userId,
        action: listed.created ? 'listing.create' : 'listing.update',
        entityType: 'product',
        entityId: listed.productId,
        after: { variantId, ...input },
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'products_variant_branch_uq')) throw conflict(ITEM_MSG.listingChanged);
      throw error;
    });
  const listing = (await variantOf(db, companyId, variant)).listings.find((l) => l.branch.id === branchId);
  if (!listing) throw notFound('Variant');
  return listing;
}

/**
 * Adds a barcode to a variant: unique in the company, never another variant's SKU (a scan finds one
 * variant). Every listing of the variant shows it (the offline registers' catalogue included).
 */
export async function addBarcode(
  db: Db,
  actor: Actor,
  variantId: string,
  input: z.output<typeof addBarcodeSchema>,
): Promise<Barcode> {
  const variant = await resolveVariant(db, actor, variantId);
  const { companyId } = variant;
  const taken = () => conflict(barcodeTakenMessage(input.code), { code: barcodeTakenMessage(input.code) });
  if (await repo.isCodeTaken(db, { companyId, code: input.code, variantId })) throw taken();
  return db
    .transaction(async (tx) => {
      const barcode = await repo.insertBarcode(tx, { companyId, variantId, ...input });
      await refreshListings(tx, companyId, [variant.itemId]);
      await writeAudit(tx, {
        companyId,
        userId: actor.userId,
        action: 'barcode.add',
        entityType: 'variant',
        entityId: variantId,
        after: { code: barcode.code, kind: barcode.kind },
      });
      return barcode;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'barcodes_company_code_uq')) throw taken();
      throw error;
    });
}

/** Removes a barcode from its variant (and from every listing's copy). */
export async function removeBarcode(db: Db, actor: Actor, id: string): Promise<{ id: string }> {
  const barcode = await loadInScope(actor, {
    what: 'Barcode',
    by: 'company',
    permission: PERMISSION,
    load: (companyIds) => repo.findBarcode(db, { id, companyIds }),
  });
  const { companyId } = barcode;
  await db.transaction(async (tx) => {
    if (!(await repo.deleteBarcode(tx, { companyId, id }))) throw notFound('Barcode');
    await refreshListings(tx, companyId, [barcode.itemId]);
    await writeAudit(tx, {
      companyId,
      userId: actor.userId,
      action: 'barcode.remove',
      entityType: 'variant',
      entityId: barcode.variantId,
      before: { code: barcode.code, kind: barcode.kind },
    });
  });
  return { id };
}
