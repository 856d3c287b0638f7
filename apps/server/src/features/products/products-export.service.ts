import type { productListQuerySchema } from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { findBrandPlace, findCategoryPlace } from '../../lib/branch-refs.repo';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './products.repo';

type ExportRow = Awaited<ReturnType<typeof repo.productsExportQuery>>[number];

/**
 * The columns of the products export. The headers are the import's columns (features/import), so an
 * exported file can be edited and imported again; cost only for users with view_cost. `taxClasses`: the
 * company's class names by id.
 */
export const productColumns = (taxClasses: ReadonlyMap<string, string>): ExportColumn<ExportRow>[] => [
  { header: 'Name', value: (r) => r.name },
  { header: 'SKU', value: (r) => r.sku },
  { header: 'Category', value: (r) => r.categoryName },
  { header: 'Brand', value: (r) => r.brandName },
  { header: 'Price', type: 'money', value: (r) => toMoney(r.price) },
  { header: 'Cost', type: 'money', value: (r) => toMoney(r.cost), cost: true },
  { header: 'Stock', type: 'number', value: (r) => r.stockQuantity },
  { header: 'Low stock threshold', type: 'number', value: (r) => r.lowStockThreshold },
  { header: 'Max stock', type: 'number', value: (r) => r.maxStock },
  { header: 'Description', value: (r) => r.description },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Barcodes', value: (r) => r.barcodes.join(' ') },
  { header: 'Tax class', value: (r) => (r.taxClassId ? (taxClasses.get(r.taxClassId) ?? null) : null) },
];

/** GET /products/export.csv: the list's access and filters (page and limit ignored), every product. */
export async function exportProducts(
  db: Db,
  actor: Actor,
  query: z.output<typeof productListQuerySchema>,
): Promise<ListExport<ExportRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId });
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
  const select = repo.productsExportQuery(db, {
    companyId: scope.companyId,
    branchId: scope.branchId,
    search: query.search,
    sku: query.sku,
    categoryId,
    brandId,
  });
  return {
    filename: 'products',
    columns: columnsFor(actor, productColumns(await repo.taxClassNames(db, scope.companyId))),
    timeZone: null,
    batches: selectInBatches(db, select),
  };
}
