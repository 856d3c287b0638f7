import {
  allowsDecimals,
  type PurchaseOrder,
  type PurchaseOrderLine,
  type PurchaseOrderStatus,
  type Unit,
} from '@pos/shared';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { products, purchaseOrderLines, purchaseOrders, suppliers } from '../../db/schema';
import { toMoney } from '../../lib/money';
import { containsPattern } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type Key = { companyId: string; id: string };
export type LineInput = { productId: string; quantity: number; unitCost: number };

/** A purchase order's place and state (for loadInScope and the state rules). */
export async function findPurchaseOrder(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({
      id: purchaseOrders.id,
      companyId: purchaseOrders.companyId,
      branchId: purchaseOrders.branchId,
      status: purchaseOrders.status,
      number: purchaseOrders.number,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), tenantFilter(purchaseOrders.companyId, companyIds)))
    .limit(1);
  return row;
}

/** Locks the order's row for the rest of the transaction (receipts and state changes queue). */
export async function lockPurchaseOrder(tx: DbOrTx, { companyId, id }: Key) {
  const [row] = await tx
    .select({ status: purchaseOrders.status, number: purchaseOrders.number, branchId: purchaseOrders.branchId })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)))
    .for('update');
  return row;
}

/** The live products of the branch among `ids` (lines must name them), with the unit their quantities must fit. */
export async function findBranchProducts(
  db: DbOrTx,
  { companyId, branchId, ids }: { companyId: string; branchId: string; ids: string[] },
) {
  return queryRows<{ id: string; name: string; unit: string }>(
    db,
    sql`select id, name, unit from products where company_id = ${companyId}::uuid and branch_id = ${branchId}::uuid
          and deleted_at is null
          and id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
  );
}

export async function insertPurchaseOrder(
  tx: DbOrTx,
  input: {
    companyId: string;
    branchId: string;
    seq: number;
    number: string;
    supplierId: string;
    note: string | null;
    createdById: string;
  },
): Promise<string> {
  const [row] = await tx.insert(purchaseOrders).values(input).returning({ id: purchaseOrders.id });
  if (!row) throw new Error('purchase order insert returned nothing');
  return row.id;
}

/** Replaces the order's lines with `lines` (a draft's edit), in one delete and one insert. */
export async function replaceLines(tx: DbOrTx, { companyId, id }: Key, lines: LineInput[]) {
  await tx
    .delete(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.companyId, companyId), eq(purchaseOrderLines.purchaseOrderId, id)));
  if (lines.length === 0) return;
  await tx.insert(purchaseOrderLines).values(
    lines.map((l, position) => ({
      companyId,
      purchaseOrderId: id,
      productId: l.productId,
      position,
      quantityOrdered: l.quantity,
      unitCost: String(l.unitCost),
    })),
  );
}

export async function updateHeader(
  tx: DbOrTx,
  { companyId, id }: Key,
  fields: {
    supplierId?: string;
    note?: string | null;
    status?: PurchaseOrderStatus;
    orderedAt?: Date;
    receivedAt?: Date;
    cancelledAt?: Date;
  },
) {
  await tx
    .update(purchaseOrders)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)));
}

/** The order's lines as a receipt needs them: ordered, received, unit cost; the product's name and unit. */
export async function receiptLines(tx: DbOrTx, { companyId, id }: Key) {
  return tx
    .select({
      productId: purchaseOrderLines.productId,
      quantityOrdered: purchaseOrderLines.quantityOrdered,
      quantityReceived: purchaseOrderLines.quantityReceived,
      unitCost: purchaseOrderLines.unitCost,
      name: products.name,
      unit: products.unit,
    })
    .from(purchaseOrderLines)
    .innerJoin(
      products,
      and(eq(products.companyId, purchaseOrderLines.companyId), eq(products.id, purchaseOrderLines.productId)),
    )
    .where(and(eq(purchaseOrderLines.companyId, companyId), eq(purchaseOrderLines.purchaseOrderId, id)));
}

/** Adds the received units to the lines and keeps each line's latest unit cost: one statement. */
export async function addReceived(tx: DbOrTx, { companyId, id }: Key, lines: LineInput[]) {
  await tx.execute(sql`update purchase_order_lines l
      set quantity_received = l.quantity_received + x.quantity, unit_cost = x.unit_cost
      from jsonb_to_recordset(${JSON.stringify(
        lines.map((r) => ({ product_id: r.productId, quantity: r.quantity, unit_cost: r.unitCost })),
      )}::jsonb) as x(product_id uuid, quantity numeric, unit_cost numeric)
      where l.company_id = ${companyId}::uuid and l.purchase_order_id = ${id}::uuid and l.product_id = x.product_id`);
}

/** Sets the products' cost (the weighted averages of a receipt): one statement. */
export async function setProductCosts(
  tx: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
  costs: { productId: string; cost: number }[],
) {
  if (costs.length === 0) return;
  await tx.execute(sql`update products p set cost = x.cost, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(costs.map((c) => ({ product_id: c.productId, cost: c.cost })))}::jsonb)
        as x(product_id uuid, cost numeric)
      where p.company_id = ${companyId}::uuid and p.branch_id = ${branchId}::uuid and p.id = x.product_id`);
}

/**
 * The reorder helper's lines: live products at or below their low-stock threshold, up to max stock (a
 * product counted in whole units orders whole units: a fraction of its max stock rounds up).
 */
export async function reorderLines(
  db: DbOrTx,
  { companyId, branchId, limit }: { companyId: string; branchId: string; limit: number },
): Promise<LineInput[]> {
  const rows = await queryRows<{ productId: string; quantity: number; unitCost: string; unit: string }>(
    db,
    sql`select id as "productId", greatest(max_stock - greatest(stock_quantity, 0), 1)::float8 as quantity,
               cost::text as "unitCost", unit
        from products
        where company_id = ${companyId}::uuid and branch_id = ${branchId}::uuid and deleted_at is null
          and stock_quantity <= low_stock_threshold
        order by name, id limit ${limit}`,
  );
  return rows.map((r) => ({
    productId: r.productId,
    quantity: allowsDecimals(r.unit) ? Number(r.quantity) : Math.ceil(Number(r.quantity)),
    unitCost: toMoney(r.unitCost),
  }));
}

type HeaderRow = {
  id: string;
  number: string;
  branchId: string;
  status: PurchaseOrderStatus;
  supplierId: string;
  supplierName: string;
  note: string | null;
  createdAt: Date | string;
  orderedAt: Date | string | null;
  receivedAt: Date | string | null;
  cancelledAt: Date | string | null;
  lineCount: number;
  quantityOrdered: number;
  quantityReceived: number;
  totalCost: string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toPurchaseOrder = (r: HeaderRow): PurchaseOrder => ({
  id: r.id,
  number: r.number,
  branchId: r.branchId,
  status: r.status,
  supplier: { id: r.supplierId, name: r.supplierName },
  note: r.note,
  createdAt: new Date(r.createdAt).toISOString(),
  orderedAt: iso(r.orderedAt),
  receivedAt: iso(r.receivedAt),
  cancelledAt: iso(r.cancelledAt),
  lineCount: Number(r.lineCount),
  quantityOrdered: Number(r.quantityOrdered),
  quantityReceived: Number(r.quantityReceived),
  totalCost: toMoney(r.totalCost),
});

/**
 * A line's cost: quantity x unit cost rounded half up to the cent (10.250 kg at 3.35 is 34.34), as
 * lineGoodsMinor prices a sale's line; an order's total is the sum of its lines' costs.
 */
const lineCostSql = sql.raw('round(l.quantity_ordered * l.unit_cost, 2)');

const headerSelect = sql`select po.id, po.number, po.branch_id as "branchId", po.status, po.supplier_id as "supplierId",
    s.name as "supplierName", po.note, po.created_at as "createdAt", po.ordered_at as "orderedAt",
    po.received_at as "receivedAt", po.cancelled_at as "cancelledAt",
    coalesce(t.line_count, 0)::int as "lineCount", coalesce(t.ordered, 0)::float8 as "quantityOrdered",
    coalesce(t.received, 0)::float8 as "quantityReceived", coalesce(t.total, 0)::text as "totalCost"
  from purchase_orders po
  join suppliers s on s.company_id = po.company_id and s.id = po.supplier_id
  left join lateral (
    select count(*) as line_count, sum(l.quantity_ordered) as ordered, sum(l.quantity_received) as received,
           sum(${lineCostSql}) as total
    from purchase_order_lines l where l.company_id = po.company_id and l.purchase_order_id = po.id
  ) t on true`;

export type PurchaseOrderFilters = {
  status?: PurchaseOrderStatus;
  supplierId?: string;
  search?: string;
};

/** One page of a branch's purchase orders, newest first, with their line totals. */
export async function listPurchaseOrders(
  db: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
  filters: PurchaseOrderFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: PurchaseOrder[]; total: number }> {
  const pattern = filters.search ? containsPattern(filters.search) : undefined;
  const where = sql`po.company_id = ${companyId}::uuid and po.branch_id = ${branchId}::uuid
    ${filters.status ? sql`and po.status = ${filters.status}` : sql``}
    ${filters.supplierId ? sql`and po.supplier_id = ${filters.supplierId}::uuid` : sql``}
    ${pattern ? sql`and (po.number ilike ${pattern} or s.name ilike ${pattern})` : sql``}`;
  const [rows, counted] = await Promise.all([
    queryRows<HeaderRow>(
      db,
      sql`${headerSelect} where ${where} order by po.created_at desc, po.seq desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from purchase_orders po
          join suppliers s on s.company_id = po.company_id and s.id = po.supplier_id where ${where}`,
    ),
  ]);
  return { items: rows.map(toPurchaseOrder), total: Number(counted[0]?.n ?? 0) };
}

/** One order with its lines (product name, SKU, unit and current stock; also a deleted product's), in line order. */
export async function purchaseOrderDetail(db: DbOrTx, { companyId, id }: Key) {
  const [header] = await queryRows<HeaderRow>(
    db,
    sql`${headerSelect} where po.company_id = ${companyId}::uuid and po.id = ${id}::uuid`,
  );
  if (!header) return undefined;
  const lines = await queryRows<{
    productId: string;
    name: string;
    sku: string | null;
    unit: Unit;
    quantityOrdered: number;
    quantityReceived: number;
    unitCost: string;
    stockQuantity: number;
  }>(
    db,
    sql`select l.product_id as "productId", p.name, p.sku, p.unit, l.quantity_ordered::float8 as "quantityOrdered",
               l.quantity_received::float8 as "quantityReceived", l.unit_cost::text as "unitCost",
               p.stock_quantity::float8 as "stockQuantity"
        from purchase_order_lines l join products p on p.company_id = l.company_id and p.id = l.product_id
        where l.company_id = ${companyId}::uuid and l.purchase_order_id = ${id}::uuid
        order by l.position`,
  );
  const items: PurchaseOrderLine[] = lines.map((l) => ({
    ...l,
    quantityOrdered: Number(l.quantityOrdered),
    quantityReceived: Number(l.quantityReceived),
    stockQuantity: Number(l.stockQuantity),
    unitCost: toMoney(l.unitCost),
  }));
  return { ...toPurchaseOrder(header), lines: items };
}

/** The list's rows for the CSV export (every page, same filters and order), with the line totals. */
export function purchaseOrdersExportQuery(
  db: DbOrTx,
  { companyId, branchId }: { companyId: string; branchId: string },
  filters: PurchaseOrderFilters,
) {
  const lines = (expr: string) =>
    sql<string>`(select coalesce(${sql.raw(expr)}, 0)::text from purchase_order_lines l
      where l.company_id = ${purchaseOrders.companyId} and l.purchase_order_id = ${purchaseOrders.id})`;
  const pattern = filters.search ? containsPattern(filters.search) : undefined;
  return db
    .select({
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      supplier: suppliers.name,
      note: purchaseOrders.note,
      createdAt: purchaseOrders.createdAt,
      orderedAt: purchaseOrders.orderedAt,
      receivedAt: purchaseOrders.receivedAt,
      cancelledAt: purchaseOrders.cancelledAt,
      lineCount: lines('count(*)'),
      quantityOrdered: lines('sum(l.quantity_ordered)'),
      quantityReceived: lines('sum(l.quantity_received)'),
      totalCost: lines('sum(round(l.quantity_ordered * l.unit_cost, 2))'),
    })
    .from(purchaseOrders)
    .innerJoin(
      suppliers,
      and(eq(suppliers.companyId, purchaseOrders.companyId), eq(suppliers.id, purchaseOrders.supplierId)),
    )
    .where(
      and(
        eq(purchaseOrders.companyId, companyId),
        eq(purchaseOrders.branchId, branchId),
        filters.status ? eq(purchaseOrders.status, filters.status) : undefined,
        filters.supplierId ? eq(purchaseOrders.supplierId, filters.supplierId) : undefined,
        pattern ? or(ilike(purchaseOrders.number, pattern), ilike(suppliers.name, pattern)) : undefined,
      ),
    )
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.seq));
}
