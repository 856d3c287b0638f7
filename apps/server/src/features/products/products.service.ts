import {
  catalogSkuTakenMessage,
  type createProductSchema,
  type PageMeta,
  PRODUCT_MSG,
  type Product,
  pageMeta,
  type productListQuerySchema,
  skuDuplicateMessage,
  type updateProductSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { firstTakenSku } from '../../domain/catalog.repo';
import { recordInitialStock } from '../../domain/stock-ledger.repo';
import { type Actor, type BranchScope, can, loadInScope, resolveBranch } from '../../lib/access';
import { brandInBranch, categoryInBranch, findBrandPlace, findCategoryPlace } from '../../lib/branch-refs.repo';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './products.repo';

type CreateInput = z.output<typeof createProductSchema>;
type UpdateInput = z.output<typeof updateProductSchema>;

/** Cost, and anything derived from it, leaves the server only for users with view_cost (never a cashier). */
function toProduct(row: repo.ProductRow, { showCost }: { showCost: boolean }): Product {
  const { companyId: _companyId, cost, ...rest } = row;
  return showCost ? { ...rest, cost } : rest;
}

type BranchKey = Pick<BranchScope, 'companyId' | 'branchId'>;

/** A live product by id: its branch must be within the actor's reach (a cashier: their branch), else 404. */
async function resolveProduct(db: DbOrTx, actor: Actor, id: string, permission?: 'manage_catalog') {
  const product = await loadInScope(actor, {
    what: 'Product',
    permission,
    load: (companyIds) => repo.findProduct(db, { id, companyIds }),
  });
  return { product, scope: { companyId: product.companyId, branchId: product.branchId } satisfies BranchKey };
}

const referenceNotFound = (field: 'categoryId' | 'brandId') => {
  const message = field === 'categoryId' ? PRODUCT_MSG.categoryNotFound : PRODUCT_MSG.brandNotFound;
  return new AppError(404, 'NOT_FOUND', message, { [field]: message });
};

/** A category must be attached to the product's branch, a brand must belong to it; otherwise "not found". */
async function checkReferences(
  db: DbOrTx,
  scope: BranchKey,
  { categoryId, brandId }: { categoryId?: string | null; brandId?: string | null },
) {
  if (categoryId && !(await categoryInBranch(db, { ...scope, id: categoryId }))) {
    throw referenceNotFound('categoryId');
  }
  if (brandId && !(await brandInBranch(db, { ...scope, id: brandId }))) throw referenceNotFound('brandId');
}

const skuConflict = (sku: string) => conflict(skuDuplicateMessage(sku), { sku: skuDuplicateMessage(sku) });

async function checkSku(db: DbOrTx, scope: BranchKey, sku: string | null | undefined, exceptId?: string) {
  if (sku && (await repo.isSkuTaken(db, { ...scope, sku, exceptId }))) throw skuConflict(sku);
}

const catalogSkuConflict = (sku: string) => conflict(catalogSkuTakenMessage(sku), { sku: catalogSkuTakenMessage(sku) });

/** The partial unique indexes on lower(sku) catch the races the checks cannot. */
function rethrowSkuRace(error: unknown, sku: string | null | undefined): never {
  if (
    sku &&
    (isUniqueViolation(error, 'products_branch_sku_uq') || isUniqueViolation(error, 'products_variant_branch_uq'))
  ) {
    throw skuConflict(sku);
  }
  if (sku && isUniqueViolation(error, 'variants_company_sku_uq')) throw catalogSkuConflict(sku);
  throw error;
}

/** Users who see cost must give one above 0; a cashier's cost is ignored (stored as 0 on create, never changed). */
function acceptedCost(actor: Actor, cost: number | undefined, { isRequired }: { isRequired: boolean }) {
  if (!can(actor, 'view_cost')) return undefined;
  if (cost === undefined && !isRequired) return undefined;
  if (cost === undefined || cost <= 0) throw badRequest(PRODUCT_MSG.costGtZero, { cost: PRODUCT_MSG.costGtZero });
  return cost;
}

/**
 * meta.total is exact up to repo.countCap(offset, limit): 500 for the first pages, the next multiple of
 * 500 past the page for later ones. Past it, counting stops: meta.total is that cap, meta.totalCapped is
 * true ("more than meta.total"), and totalPages reaches at least one page beyond the requested one.
 */
export type ProductPageMeta = PageMeta;

export async function listProducts(
  db: Db,
  actor: Actor,
  query: z.output<typeof productListQuerySchema>,
): Promise<{ items: Product[]; meta: ProductPageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId });
  // Filter ids outside the caller's reach are "not found" (404); within it they only filter.
  const { categoryId, brandId } = query;
  if (categoryId) {
    await loadInScope(actor, {
      what: 'Category',
      by: 'branches',
      load: (companyIds) => findCategoryPlace(db, { id: categoryId, companyIds }),
    });
  }
  if (brandId) {
    await loadInScope(actor, { what: 'Brand', load: (companyIds) => findBrandPlace(db, { id: brandId, companyIds }) });
  }
  const { items, total, totalCapped } = await repo.listProducts(db, {
    companyId: scope.companyId,
    branchId: scope.branchId,
    search: query.search,
    sku: query.sku,
    categoryId: query.categoryId,
    brandId: query.brandId,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const showCost = can(actor, 'view_cost');
  return {
    items: items.map((row) => toProduct(row, { showCost })),
    meta: { ...pageMeta({ total, page: query.page, limit: query.limit }), ...(totalCapped && { totalCapped }) },
  };
}

export async function getProduct(db: Db, actor: Actor, id: string): Promise<Product> {
  const { product } = await resolveProduct(db, actor, id);
  return toProduct(product, { showCost: can(actor, 'view_cost') });
}

/** Creates the product; stock above 0 is recorded as an initial_stock movement in the same transaction. */
export async function createProduct(db: Db, actor: Actor, input: CreateInput): Promise<Product> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'manage_catalog' });
  const cost = acceptedCost(actor, input.cost, { isRequired: true }) ?? 0;
  await checkReferences(db, scope, input);
  await checkSku(db, scope, input.sku);
  const values: repo.ProductValues = {
    name: input.name,
    sku: input.sku ?? null,
    categoryId: input.categoryId ?? null,
    brandId: input.brandId ?? null,
    cost,
    price: input.price,
    stockQuantity: input.stockQuantity,
    lowStockThreshold: input.lowStockThreshold ?? 10,
    maxStock: input.maxStock ?? 1000,
    description: input.description ?? null,
  };
  const insert = () =>
    db.transaction(async (tx) => {
      const productId = await repo.insertProduct(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        ...values,
      });
      if (values.stockQuantity > 0) {
        await recordInitialStock(tx, {
          companyId: scope.companyId,
          branchId: scope.branchId,
          productId,
          quantity: values.stockQuantity,
          userId: actor.userId,
        });
      }
      await writeAudit(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        userId: actor.userId,
        action: 'product.create',
        entityType: 'product',
        entityId: productId,
        after: { name: values.name, sku: values.sku, price: values.price, cost: values.cost },
      });
      return productId;
    });
  // A new SKU created at the same moment by another request makes a new variant there and here; the
  // loser tries once more, and then lists that variant (another branch) or meets this branch's own
  // product with the SKU (the spec's 409).
  const id = await insert()
    .catch((error: unknown) => {
      if (values.sku && isUniqueViolation(error, 'variants_company_sku_uq')) return insert();
      throw error;
    })
    .catch((error: unknown) => rethrowSkuRace(error, values.sku));
  return getProduct(db, actor, id);
}

/**
 * Updates the product's details. A price or cost change writes an audit row (before/after).
 * stockQuantity is ignored here: stock changes go through stock adjustments.
 */
export async function updateProduct(db: Db, actor: Actor, id: string, input: UpdateInput): Promise<Product> {
  const { product, scope } = await resolveProduct(db, actor, id, 'manage_catalog');
  if (input.branchId && input.branchId !== product.branchId) {
    // A branch outside the actor's reach is "not found" (404) like any other id; one within it is refused.
    await resolveBranch(db, { actor, branchId: input.branchId });
    throw badRequest(PRODUCT_MSG.otherBranch, { branchId: PRODUCT_MSG.otherBranch });
  }
  const cost = acceptedCost(actor, input.cost, { isRequired: false });
  await checkReferences(db, scope, input);
  if (input.sku !== undefined) await checkSku(db, scope, input.sku, id);
  const patch: Partial<Omit<repo.ProductValues, 'stockQuantity'>> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.sku !== undefined && { sku: input.sku }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.brandId !== undefined && { brandId: input.brandId }),
    ...(cost !== undefined && { cost }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.lowStockThreshold !== undefined && { lowStockThreshold: input.lowStockThreshold }),
    ...(input.maxStock !== undefined && { maxStock: input.maxStock }),
    ...(input.description !== undefined && { description: input.description }),
  };
  await db
    .transaction(async (tx) => {
      const locked = await repo.lockProductPrices(tx, { companyId: scope.companyId, id });
      if (!locked) throw notFound('Product');
      const { variantId, chainPrice, ...before } = locked;
      // The SKU is the variant's, so it must be free in the whole company (another branch's listing of the
      // same variant keeps it, of course).
      if (
        patch.sku &&
        (await firstTakenSku(tx, { companyId: scope.companyId, skus: [patch.sku], exceptVariantId: variantId }))
      ) {
        throw catalogSkuConflict(patch.sku);
      }
      // A branch's price other than the chain price is its override; the chain price itself clears it.
      await repo.updateProduct(tx, { companyId: scope.companyId, id, patch, chainPrice });
      const after = { price: patch.price ?? before.price, cost: patch.cost ?? before.cost };
      if (after.price !== before.price || after.cost !== before.cost) {
        await writeAudit(tx, {
          companyId: scope.companyId,
          branchId: scope.branchId,
          userId: actor.userId,
          action: 'product.price_change',
          entityType: 'product',
          entityId: id,
          before,
          after,
        });
      }
    })
    .catch((error: unknown) => rethrowSkuRace(error, patch.sku));
  return getProduct(db, actor, id);
}

/**
 * Soft delete: the row stays (deleted_at set) so sales, returns and stock movements that name it
 * stay intact; it disappears from every list and lookup, and its SKU can be reused.
 */
export async function deleteProduct(db: Db, actor: Actor, id: string): Promise<{ id: string }> {
  const { product, scope } = await resolveProduct(db, actor, id, 'manage_catalog');
  await db.transaction(async (tx) => {
    if (!(await repo.softDeleteProduct(tx, { companyId: scope.companyId, id }))) throw notFound('Product');
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
      before: { name: product.name, sku: product.sku, price: product.price, cost: product.cost },
    });
  });
  return { id };
}
