import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
  type purchaseOrderListQuerySchema,
  type StockCountStatus,
  type stockCountListQuerySchema,
  type supplierListQuerySchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, loadInScope, resolveBranch, resolveCompany } from '../../lib/access';
import { selectInBatches } from '../../lib/export.repo';
import { columnsFor, type ExportColumn, type ListExport } from '../../lib/export-columns';
import { toMoney } from '../../lib/money';
import { findCompanyTimezone } from '../../lib/tenant.repo';
import * as orders from './purchase-orders.repo';
import * as counts from './stock-counts.repo';
import * as suppliers from './suppliers.repo';
import { PURCHASING_PERMISSION, resolveSupplier } from './suppliers.service';

type SupplierRow = {
  name: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  createdAt: Date;
};
const supplierColumns: ExportColumn<SupplierRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Contact', value: (r) => r.contactName },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Email', value: (r) => r.email },
  { header: 'Notes', value: (r) => r.notes },
  { header: 'Added', type: 'date', value: (r) => r.createdAt },
];

/** GET /suppliers/export.csv: the list's filter, every page. */
export async function exportSuppliers(
  db: Db,
  actor: Actor,
  query: z.output<typeof supplierListQuerySchema>,
): Promise<ListExport<SupplierRow>> {
  const companyId = resolveCompany(actor, query.companyId, PURCHASING_PERMISSION);
  return {
    filename: 'suppliers',
    columns: supplierColumns,
    timeZone: await findCompanyTimezone(db, companyId),
    batches: selectInBatches(db, suppliers.suppliersExportQuery(db, { companyId, search: query.search || undefined })),
  };
}

type OrderRow = {
  number: string;
  status: PurchaseOrderStatus;
  supplier: string;
  note: string | null;
  createdAt: Date;
  orderedAt: Date | null;
  receivedAt: Date | null;
  cancelledAt: Date | null;
  lineCount: string;
  quantityOrdered: string;
  quantityReceived: string;
  totalCost: string;
};
const orderColumns: ExportColumn<OrderRow>[] = [
  { header: 'Number', value: (r) => r.number },
  { header: 'Status', value: (r) => PURCHASE_ORDER_STATUS_LABELS[r.status] },
  { header: 'Supplier', value: (r) => r.supplier },
  { header: 'Created', type: 'date', value: (r) => r.createdAt },
  { header: 'Ordered', type: 'date', value: (r) => r.orderedAt },
  { header: 'Received', type: 'date', value: (r) => r.receivedAt },
  { header: 'Cancelled', type: 'date', value: (r) => r.cancelledAt },
  { header: 'Lines', type: 'number', value: (r) => Number(r.lineCount) },
  { header: 'Units ordered', type: 'number', value: (r) => Number(r.quantityOrdered) },
  { header: 'Units received', type: 'number', value: (r) => Number(r.quantityReceived) },
  { header: 'Total cost', type: 'money', value: (r) => toMoney(r.totalCost), cost: true },
  { header: 'Note', value: (r) => r.note },
];

/** GET /purchase-orders/export.csv: the list's filters, every page (managers only: they see cost). */
export async function exportPurchaseOrders(
  db: Db,
  actor: Actor,
  query: z.output<typeof purchaseOrderListQuerySchema>,
): Promise<ListExport<OrderRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: PURCHASING_PERMISSION });
  if (query.supplierId) await resolveSupplier(db, actor, query.supplierId, scope.companyId);
  const filters = { status: query.status, supplierId: query.supplierId, search: query.search || undefined };
  return {
    filename: 'purchase-orders',
    columns: orderColumns,
    timeZone: scope.timezone,
    batches: selectInBatches(db, orders.purchaseOrdersExportQuery(db, scope, filters)),
  };
}

type CountRow = {
  startedAt: Date;
  scope: 'all' | 'category';
  category: string | null;
  status: StockCountStatus;
  startedBy: string | null;
  appliedAt: Date | null;
  countedProducts: string;
  note: string | null;
};
const countColumns: ExportColumn<CountRow>[] = [
  { header: 'Started', type: 'date', value: (r) => r.startedAt },
  { header: 'Scope', value: (r) => (r.scope === 'all' ? 'All products' : (r.category ?? 'Category')) },
  { header: 'Status', value: (r) => r.status },
  { header: 'Started by', value: (r) => r.startedBy },
  { header: 'Applied', type: 'date', value: (r) => r.appliedAt },
  { header: 'Counted products', type: 'number', value: (r) => Number(r.countedProducts) },
  { header: 'Note', value: (r) => r.note },
];

/** GET /stock-counts/export.csv (adjust_stock): the branch's counts, the list's filter. */
export async function exportStockCounts(
  db: Db,
  actor: Actor,
  query: z.output<typeof stockCountListQuerySchema>,
): Promise<ListExport<CountRow>> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: PURCHASING_PERMISSION });
  return {
    filename: 'stock-counts',
    columns: countColumns,
    timeZone: scope.timezone,
    batches: selectInBatches(db, counts.stockCountsExportQuery(db, scope, query.status)),
  };
}

type VarianceRow = {
  name: string;
  sku: string | null;
  expectedQuantity: number;
  countedQuantity: number;
  cost: string;
  countedAt: Date;
  countedBy: string | null;
};

/** GET /stock-counts/{id}/variances/export.csv (adjust_stock): the review sheet; value at cost with view_cost. */
export async function exportVariances(db: Db, actor: Actor, id: string): Promise<ListExport<VarianceRow>> {
  const count = await loadInScope(actor, {
    what: 'Stock count',
    permission: PURCHASING_PERMISSION,
    load: (companyIds) => counts.findStockCount(db, { id, companyIds }),
  });
  const variance = (r: VarianceRow) => counts.countVariance(r);
  const columns: ExportColumn<VarianceRow>[] = [
    { header: 'Product', value: (r) => r.name },
    { header: 'SKU', value: (r) => r.sku },
    { header: 'Expected', type: 'number', value: (r) => r.expectedQuantity },
    { header: 'Counted', type: 'number', value: (r) => r.countedQuantity },
    { header: 'Variance', type: 'number', value: variance },
    { header: 'Value at cost', type: 'money', value: (r) => counts.varianceValue(variance(r), r.cost), cost: true },
    { header: 'Counted at', type: 'date', value: (r) => r.countedAt },
    { header: 'Counted by', value: (r) => r.countedBy },
  ];
  return {
    filename: 'stock-count-variances',
    columns: columnsFor(actor, columns),
    timeZone: (await resolveBranch(db, { actor, branchId: count.branchId })).timezone,
    batches: selectInBatches(db, counts.variancesExportQuery(db, count)),
  };
}
