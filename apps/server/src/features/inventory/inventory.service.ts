import {
  addQuantities,
  fromMinor,
  INVENTORY_MSG,
  type InventoryMovement,
  type InventoryStockItem,
  type inventoryMovementsQuerySchema,
  type inventoryStockQuerySchema,
  lineGoodsMinor,
  type PageMeta,
  pageMeta,
  quantityProblem,
  type StockAdjustmentResult,
  stockAdjustedMessage,
  type stockAdjustmentSchema,
  stockStatusOf,
  toMinor,
  type WriteOffType,
  writeOffMessage,
  type writeOffSchema,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { recordStockMovements, recordWriteOff } from '../../domain/stock-ledger.repo';
import { type Actor, can, loadInScope, resolveBranch } from '../../lib/access';
import { findCategoryPlace, findProductPlace } from '../../lib/branch-refs.repo';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { readPageByDays, withinDays } from '../../lib/keyset.repo';
import * as repo from './inventory.repo';

/** cost and stockValue (cost x stock) leave the server only for users with view_cost (never a cashier). */
function toStockItem(row: repo.StockRow, { showCost }: { showCost: boolean }): InventoryStockItem {
  const { cost, ...rest } = row;
  const item: InventoryStockItem = { ...rest, status: stockStatusOf(row) };
  if (!showCost) return item;
  // Through the money module (half up to the cent, exact for 10.5 kg); stock short of 0 is a negative value.
  const value = lineGoodsMinor(toMinor(cost), Math.abs(row.stockQuantity));
  return { ...item, cost, stockValue: fromMinor(row.stockQuantity < 0 ? -value : value) };
}

/** GET /inventory/stock (view_inventory): one page of the branch's products with their stock level. */
export async function listStock(
  db: Db,
  actor: Actor,
  query: z.output<typeof inventoryStockQuerySchema>,
): Promise<{ items: InventoryStockItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  // A category outside the caller's reach is "not found" (404); within it, it only filters.
  const { categoryId } = query;
  if (categoryId) {
    await loadInScope(actor, {
      what: 'Category',
      by: 'branches',
      load: (companyIds) => findCategoryPlace(db, { id: categoryId, companyIds }),
    });
  }
  const status = query.stockStatus ?? (query.lowStock ? 'low' : undefined);
  const { items, total } = await repo.listStock(
    db,
    scope,
    { search: query.search, categoryId: query.categoryId, status },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  const showCost = can(actor, 'view_cost');
  return {
    items: items.map((row) => toStockItem(row, { showCost })),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}

/** GET /inventory/movements (view_inventory): the branch's stock ledger, newest first. */
export async function listMovements(
  db: Db,
  actor: Actor,
  query: z.output<typeof inventoryMovementsQuerySchema>,
): Promise<{ items: InventoryMovement[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_inventory' });
  // A product outside the caller's reach is "not found" (404); deleted ones keep their movements.
  const { productId } = query;
  if (productId) {
    await loadInScope(actor, {
      what: 'Product',
      load: (companyIds) => findProductPlace(db, { id: productId, companyIds }),
    });
  }
  const filters = {
    productId: query.productId,
    movementType: query.movementType,
    startDate: query.startDate,
    endDate: query.endDate,
  };
  // Counted per day (kept counts, migration 0023): the total, and the day a deep page starts in.
  const [rows, total] = await readPageByDays({
    page: query.page,
    limit: query.limit,
    counts: () => repo.countMovementsByDay(db, scope, filters),
    rows: (seek) => repo.listMovements(db, scope, withinDays(filters, seek), seek.window),
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      product: { id: r.productId, name: r.productName, sku: r.productSku },
      movementType: r.movementType,
      direction: r.direction,
      quantity: r.quantity,
      previousQuantity: r.previousQuantity,
      newQuantity: r.newQuantity,
      userName: r.userName,
      reason: r.reason,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
    })),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}

/**
 * POST /inventory/adjustments (adjust_stock): sets the counted quantity. In one transaction the
 * product is locked FOR UPDATE, the difference from the stock at that moment is recorded as one
 * `adjustment` movement, and an audit row (stock.adjust, before/after) is written. A sale waiting on
 * the lock then sees the new stock, so the ledger always adds up.
 */
export async function adjustStock(
  db: Db,
  actor: Actor,
  input: z.output<typeof stockAdjustmentSchema>,
): Promise<{ result: StockAdjustmentResult; message: string }> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'adjust_stock' });
  const { previousQuantity, difference } = await db.transaction(async (tx) => {
    const product = await repo.lockProductStock(tx, { ...scope, id: input.productId });
    if (!product) throw notFound('Product');
    const problem = quantityProblem(input.newQuantity, product);
    if (problem) throw badRequest(problem, { newQuantity: problem });
    const previous = product.stockQuantity;
    const diff = addQuantities(input.newQuantity, -previous);
    if (diff === 0) throw badRequest(INVENTORY_MSG.sameQuantity, { newQuantity: INVENTORY_MSG.sameQuantity });
    await recordStockMovements(tx, [
      {
        companyId: scope.companyId,
        branchId: scope.branchId,
        productId: product.id,
        movementType: 'adjustment',
        direction: diff > 0 ? 'in' : 'out',
        quantity: Math.abs(diff),
        previousQuantity: previous,
        newQuantity: input.newQuantity,
        userId: actor.userId,
        referenceType: 'adjustment',
        reason: input.reason,
      },
    ]);
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'stock.adjust',
      entityType: 'product',
      entityId: product.id,
      before: { stockQuantity: previous },
      after: { stockQuantity: input.newQuantity, difference: diff, reason: input.reason },
    });
    return { previousQuantity: previous, difference: diff };
  });
  const row = await repo.findStockRow(db, { ...scope, id: input.productId });
  if (!row) throw notFound('Product');
  return {
    result: {
      product: toStockItem(row, { showCost: can(actor, 'view_cost') }),
      previousQuantity,
      newQuantity: input.newQuantity,
      difference,
    },
    message: stockAdjustedMessage(difference),
  };
}

/**
 * POST /inventory/write-offs (adjust_stock): damaged or expired units leave stock. The product is
 * locked FOR UPDATE; more units than in stock is a 409 (stock never goes negative); one `damage` or
 * `expiry` movement with the reason and an audit row (stock.write_off), in one transaction.
 */
export async function writeOff(
  db: Db,
  actor: Actor,
  input: z.output<typeof writeOffSchema>,
): Promise<{
  result: { productId: string; type: WriteOffType; quantity: number; previousQuantity: number; newQuantity: number };
  message: string;
}> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'adjust_stock' });
  const result = await db.transaction(async (tx) => {
    const product = await repo.lockProductStock(tx, { ...scope, id: input.productId });
    if (!product) throw notFound('Product');
    const problem = quantityProblem(input.quantity, product);
    if (problem) throw badRequest(problem, { quantity: problem });
    const previous = product.stockQuantity;
    const after = addQuantities(previous, -input.quantity);
    if (input.quantity > previous) throw conflict(`Insufficient stock for ${product.name}: ${previous} available`);
    await recordWriteOff(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      productId: product.id,
      stock: previous,
      type: input.type,
      quantity: input.quantity,
      reason: input.reason,
    });
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      action: 'stock.write_off',
      entityType: 'product',
      entityId: product.id,
      before: { stockQuantity: previous },
      after: {
        stockQuantity: after,
        type: input.type,
        quantity: input.quantity,
        reason: input.reason,
      },
    });
    return {
      productId: product.id,
      type: input.type,
      quantity: input.quantity,
      previousQuantity: previous,
      newQuantity: after,
    };
  });
  return { result, message: writeOffMessage(input.quantity, input.type) };
}
