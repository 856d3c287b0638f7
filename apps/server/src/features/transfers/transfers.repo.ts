import type { TransferStatus } from '@pos/shared';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { branches, brands, products, transferLines, transfers, users } from '../../db/schema';
import type { CompanyScope } from '../../lib/tenant.repo';
import { tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

/** Where a transfer sits, for loadInScope (reachable by either branch), and its status. */
export async function findTransferPlace(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  const [row] = await db
    .select({
      companyId: transfers.companyId,
      id: transfers.id,
      fromBranchId: transfers.fromBranchId,
      toBranchId: transfers.toBranchId,
      status: transfers.status,
    })
    .from(transfers)
    .where(and(eq(transfers.id, id), tenantFilter(transfers.companyId, companyIds)))
    .limit(1);
  return row ? { ...row, branchIds: [row.fromBranchId, row.toBranchId] } : undefined;
}

/** Locks the transfer row for the rest of the transaction (receipts, send, close serialize on it). */
export async function lockTransfer(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(transfers)
    .where(and(eq(transfers.companyId, companyId), eq(transfers.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The transfer's lines in order, each with its source product's unit (also a deleted product's: a line
 * sent before its product was deleted is still received), what the line's quantities count.
 */
export async function findLines(db: DbOrTx, { companyId, transferId }: { companyId: string; transferId: string }) {
  return db
    .select({ ...getTableColumns(transferLines), unit: products.unit })
    .from(transferLines)
    .innerJoin(products, and(eq(products.companyId, transferLines.companyId), eq(products.id, transferLines.productId)))
    .where(and(eq(transferLines.companyId, companyId), eq(transferLines.transferId, transferId)))
    .orderBy(asc(transferLines.position));
}

/** Live products of a branch by id (name and SKU for the lines' snapshot, unit for quantityProblem), without locking. */
export async function findBranchProducts(db: DbOrTx, { companyId, branchId, ids }: BranchKey & { ids: string[] }) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      unit: products.unit,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        inArray(products.id, ids),
        isNull(products.deletedAt),
      ),
    );
}

/** Locks live products of a branch FOR UPDATE in id order (the one lock order of every stock change). */
export async function lockBranchProducts(tx: DbOrTx, { companyId, branchId, ids }: BranchKey & { ids: string[] }) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      unit: products.unit,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        inArray(products.id, ids),
        isNull(products.deletedAt),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
}

export async function insertTransfer(tx: DbOrTx, values: typeof transfers.$inferInsert) {
  const [row] = await tx.insert(transfers).values(values).returning({ id: transfers.id });
  if (!row) throw new Error('insertTransfer returned nothing');
  return row;
}

export async function replaceLines(
  tx: DbOrTx,
  {
    companyId,
    transferId,
    lines,
  }: {
    companyId: string;
    transferId: string;
    lines: { productId: string; sku: string | null; name: string; quantity: number }[];
  },
) {
  await tx
    .delete(transferLines)
    .where(and(eq(transferLines.companyId, companyId), eq(transferLines.transferId, transferId)));
  await tx.insert(transferLines).values(lines.map((l, position) => ({ companyId, transferId, position, ...l })));
}

export async function updateTransfer(
  tx: DbOrTx,
  { companyId, id }: { companyId: string; id: string },
  values: Partial<typeof transfers.$inferInsert>,
) {
  await tx
    .update(transfers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(transfers.companyId, companyId), eq(transfers.id, id)));
}

export async function updateLine(
  tx: DbOrTx,
  { companyId, id }: { companyId: string; id: string },
  values: { received: number; damaged: number; destinationProductId: string | null },
) {
  await tx
    .update(transferLines)
    .set(values)
    .where(and(eq(transferLines.companyId, companyId), eq(transferLines.id, id)));
}

/** Refreshes the lines' name and SKU snapshot from the products at send time. */
export async function snapshotLine(
  tx: DbOrTx,
  { companyId, id }: { companyId: string; id: string },
  values: { name: string; sku: string | null },
) {
  await tx
    .update(transferLines)
    .set(values)
    .where(and(eq(transferLines.companyId, companyId), eq(transferLines.id, id)));
}

// ---- destination products ------------------------------------------------------------------------

/** The destination branch's live listing of a variant, if it lists it. */
export async function findListing(tx: DbOrTx, { companyId, branchId, variantId }: BranchKey & { variantId: string }) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        eq(products.variantId, variantId),
        isNull(products.deletedAt),
      ),
    )
    .limit(1);
  return row?.id;
}

/** What a new listing at the destination takes from the source product (also a deleted one: its lines were sent). */
export async function findSourceProduct(tx: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await tx
    .select({
      variantId: products.variantId,
      brandName: brands.name,
      cost: products.cost,
      // The source branch's own price; null: it follows the chain price.
      price: products.price,
      lowStockThreshold: products.lowStockThreshold,
      maxStock: products.maxStock,
    })
    .from(products)
    .leftJoin(brands, and(eq(brands.companyId, products.companyId), eq(brands.id, products.brandId)))
    .where(and(eq(products.companyId, companyId), eq(products.id, id)))
    .limit(1);
  return row;
}

/** The destination branch's brand of this name (case-insensitive), created if it has none. */
export async function brandAt(tx: DbOrTx, { companyId, branchId, name }: BranchKey & { name: string }) {
  await tx.insert(brands).values({ companyId, branchId, name }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(eq(brands.companyId, companyId), eq(brands.branchId, branchId), sql`lower(${brands.name}) = lower(${name})`),
    )
    .limit(1);
  return row?.id ?? null;
}

// ---- reading ---------------------------------------------------------------------------------------

const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');
const createdBy = alias(users, 'created_by');
const sentBy = alias(users, 'sent_by');

const totals = {
  lineCount: sql<number>`(select count(*)::int from ${transferLines} l where l.company_id = ${transfers.companyId} and l.transfer_id = ${transfers.id})`,
  quantitySent: sql<number>`(select coalesce(sum(l.quantity), 0)::float8 from ${transferLines} l where l.company_id = ${transfers.companyId} and l.transfer_id = ${transfers.id})`,
  quantityReceived: sql<number>`(select coalesce(sum(l.received), 0)::float8 from ${transferLines} l where l.company_id = ${transfers.companyId} and l.transfer_id = ${transfers.id})`,
  quantityDamaged: sql<number>`(select coalesce(sum(l.damaged), 0)::float8 from ${transferLines} l where l.company_id = ${transfers.companyId} and l.transfer_id = ${transfers.id})`,
};

const summaryColumns = {
  id: transfers.id,
  number: transfers.number,
  status: transfers.status,
  fromBranchId: transfers.fromBranchId,
  fromBranchName: fromBranch.name,
  toBranchId: transfers.toBranchId,
  toBranchName: toBranch.name,
  note: transfers.note,
  createdByName: createdBy.name,
  sentByName: sentBy.name,
  createdAt: transfers.createdAt,
  sentAt: transfers.sentAt,
  receivedAt: transfers.receivedAt,
  closedAt: transfers.closedAt,
  ...totals,
};

function summaryQuery(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(transfers)
    .innerJoin(
      fromBranch,
      and(eq(fromBranch.companyId, transfers.companyId), eq(fromBranch.id, transfers.fromBranchId)),
    )
    .innerJoin(toBranch, and(eq(toBranch.companyId, transfers.companyId), eq(toBranch.id, transfers.toBranchId)))
    .leftJoin(createdBy, eq(createdBy.id, transfers.createdById))
    .leftJoin(sentBy, eq(sentBy.id, transfers.sentById));
}

export type TransferRow = Awaited<ReturnType<typeof summaryQuery>>[number];

export type TransferFilters = { direction?: 'incoming' | 'outgoing'; status?: TransferStatus };

function listConditions({ companyId, branchId }: BranchKey, filters: TransferFilters): SQL | undefined {
  const incoming = eq(transfers.toBranchId, branchId);
  const outgoing = eq(transfers.fromBranchId, branchId);
  return and(
    eq(transfers.companyId, companyId),
    filters.direction === 'incoming' ? incoming : filters.direction === 'outgoing' ? outgoing : or(incoming, outgoing),
    // Drafts are the sender's business: the receiving branch sees a transfer once it is sent.
    filters.direction === 'outgoing' ? undefined : or(outgoing, sql`${transfers.status} <> 'draft'`),
    filters.status ? eq(transfers.status, filters.status) : undefined,
  );
}

/** One page of a branch's transfers, newest first. */
export async function listTransfers(
  db: DbOrTx,
  scope: BranchKey,
  filters: TransferFilters,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = listConditions(scope, filters);
  const [rows, counted] = await Promise.all([
    summaryQuery(db).where(where).orderBy(desc(transfers.createdAt), desc(transfers.seq)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(transfers).where(where),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Every transfer of the list's filters, newest first, as one flat select (the CSV export reads it in batches). */
export function transfersQuery(db: DbOrTx, scope: BranchKey, filters: TransferFilters) {
  return summaryQuery(db).where(listConditions(scope, filters)).orderBy(desc(transfers.createdAt), desc(transfers.seq));
}

export async function findTransferRow(db: DbOrTx, { companyId, id }: { companyId: string; id: string }) {
  const [row] = await summaryQuery(db)
    .where(and(eq(transfers.companyId, companyId), eq(transfers.id, id)))
    .limit(1);
  return row;
}

/** The branch setting that lets its cashiers receive transfers (migration 0011). */
export async function cashierMayReceiveTransfers(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ allowed: branches.cashierMayReceiveTransfers })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row?.allowed === true;
}
