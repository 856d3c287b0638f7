import { type inventoryMovementsQuerySchema, type inventoryStockQuerySchema, stockStatusOf } from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { findCategoryPlace, findProductPlace } from '../../lib/branch-refs.repo';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import * as repo from './inventory.repo';

type StockRow = Awaited<ReturnType<typeof repo.stockExportQuery>>[number];
type MovementRow = Awaited<ReturnType<typeof repo.movementsExportQuery>>[number];

/** The stock levels export: the list's columns; Cost and Stock value only with view_cost. */
export const stockColumns: ExportColumn<StockRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'SKU', value: (r) => r.sku },
  { header: 'Category', value: (r) => r.categoryName },
  { header: 'Stock', type: 'number', value: (r) => r.stockQuantity },
  { header: 'Low stock threshold', type: 'number', value: (r) => r.lowStockThreshold },
  { header: 'Max stock', type: 'number', value: (r) => r.maxStock },
  { header: 'Status', value: (r) => stockStatusOf(r) },
  { header: 'Cost', type: 'money', value: (r) => toMoney(r.cost), cost: true },
  { header: 'Stock value', type: 'money', value: (r) => toMoney(toMoney(r.cost) * r.stockQuantity), cost: true },
];

export const movementColumns: ExportColumn<MovementRow>[] = [
  { header: 'Date', type: 'date', value: (r) => r.createdAt },
  { header: 'Product', value: (r) => r.productName },
  { header: 'SKU', value: (r) => r.productSku },
  { header: 'Type', value: (r) => r.movementType },
  { header: 'Direction', value: (r) => r.direction },
  { header: 'Quantity', type: 'number', value: (r) => r.quantity },
  { header: 'Previous quantity', type: 'number', value: (r) => r.previousQuantity },
  { header: 'New quantity', type: 'number', value: (r) => r.newQuantity },
  { header: 'User', value: (r) => r.userName },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Reference', value: (r) => r.referenceType },
];

/** GET /inventory/stock/export.csv: the stock list's access and filters (page and limit ignored). */
export async function exportStock(
  db: Db,
  actor: Actor,
  query: z.output<typeof inventoryStockQuerySchema>,
): Promise<ListExport<StockRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  const { categoryId } = query;
  if (categoryId) {
    await loadInScope(actor, {
      what: 'Category',
      by: 'branches',
      load: (companyIds) => findCategoryPlace(db, { id: categoryId, companyIds }),
    });
  }
  const status = query.stockStatus ?? (query.lowStock ? 'low' : undefined);
  const select = repo.stockExportQuery(db, scope, { search: query.search, categoryId, status });
  return {
    filename: 'stock-levels',
    columns: columnsFor(actor, stockColumns),
    timeZone: null,
    batches: selectInBatches(db, select),
  };
}

/** GET /inventory/movements/export.csv: the movements list's access and filters, every movement. */
export async function exportMovements(
  db: Db,
  actor: Actor,
  query: z.output<typeof inventoryMovementsQuerySchema>,
): Promise<ListExport<MovementRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  const { productId } = query;
  if (productId) {
    await loadInScope(actor, {
      what: 'Product',
      load: (companyIds) => findProductPlace(db, { id: productId, companyIds }),
    });
  }
  const filters = { productId, movementType: query.movementType, startDate: query.startDate, endDate: query.endDate };
  const select = repo.movementsExportQuery(db, scope, filters);
  return {
    filename: 'stock-movements',
    columns: columnsFor(actor, movementColumns),
    timeZone: scope.timezone,
    batches: selectInBatches(db, select),
  };
}
