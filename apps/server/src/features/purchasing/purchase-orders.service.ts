import {
  addQuantities,
  type createPurchaseOrderSchema,
  MAX_PURCHASE_ORDER_LINES,
  type PageMeta,
  PURCHASING_MSG,
  type PurchaseOrder,
  type PurchaseOrderDetail,
  pageMeta,
  type purchaseOrderListQuerySchema,
  quantityProblem,
  type receivePurchaseOrderSchema,
  type reorderSchema,
  toMinor,
  type updatePurchaseOrderSchema,
  weightedAverageCost,
} from '@pos/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../domain/audit.repo';
import { nextPurchaseOrderNumber } from '../../domain/document-numbers.repo';
import { deltasFromList, lockProductsForMove, recordStockDeltas } from '../../domain/stock-ledger.repo';
import { type Actor, loadInScope, resolveBranch } from '../../lib/access';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import * as repo from './purchase-orders.repo';
import { PURCHASING_PERMISSION, resolveSupplier } from './suppliers.service';

type Scope = { companyId: string; branchId: string };

/** A purchase order within the actor's reach (adjust_stock first: 403 whatever the id). */
function resolvePurchaseOrder(db: DbOrTx, actor: Actor, id: string) {
  return loadInScope(actor, {
    what: 'Purchase order',
    permission: PURCHASING_PERMISSION,
    load: (companyIds) => repo.findPurchaseOrder(db, { id, companyIds }),
  });
}

/**
 * The supplier must be of the order's company; the products live ones of its branch (404 otherwise);
 * each line's quantity must fit its product's unit (a fraction of a piece: 400 on the line's quantity).
 */
async function checkRefs(
  db: Db,
  actor: Actor,
  scope: Scope,
  { supplierId, lines }: { supplierId?: string; lines?: repo.LineInput[] },
) {
  if (supplierId) {
    const supplier = await resolveSupplier(db, actor, supplierId, scope.companyId);
    if (supplier.companyId !== scope.companyId) throw notFound('Supplier');
  }
  if (lines) {
    const found = await repo.findBranchProducts(db, { ...scope, ids: lines.map((l) => l.productId) });
    if (found.length !== lines.length) throw notFound('Product');
    const byId = new Map(found.map((p) => [p.id, p]));
    lines.forEach((l, i) => {
      const product = byId.get(l.productId);
      const problem = product && quantityProblem(l.quantity, product);
      if (problem) throw badRequest(problem, { [`lines.${i}.quantity`]: problem });
    });
  }
}

async function detail(db: DbOrTx, companyId: string, id: string): Promise<PurchaseOrderDetail> {
  const order = await repo.purchaseOrderDetail(db, { companyId, id });
  if (!order) throw notFound('Purchase order');
  return order;
}

export async function listPurchaseOrders(
  db: Db,
  actor: Actor,
  query: z.output<typeof purchaseOrderListQuerySchema>,
): Promise<{ items: PurchaseOrder[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: PURCHASING_PERMISSION });
  const { supplierId } = query;
  if (supplierId) await resolveSupplier(db, actor, supplierId, scope.companyId);
  const { items, total } = await repo.listPurchaseOrders(
    db,
    scope,
    { status: query.status, supplierId, search: query.search || undefined },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

export async function getPurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  const order = await resolvePurchaseOrder(db, actor, id);
  return detail(db, order.companyId, id);
}

async function createDraft(
  db: Db,
  actor: Actor,
  scope: Scope,
  input: { supplierId: string; note: string | null; lines: repo.LineInput[] },
): Promise<PurchaseOrderDetail> {
  const id = await db.transaction(async (tx) => {
    const { seq, number } = await nextPurchaseOrderNumber(tx, scope);
    const poId = await repo.insertPurchaseOrder(tx, {
      ...scope,
      seq,
      number,
      supplierId: input.supplierId,
      note: input.note,
      createdById: actor.userId,
    });
    await repo.replaceLines(tx, { companyId: scope.companyId, id: poId }, input.lines);
    return poId;
  });
  return detail(db, scope.companyId, id);
}

/** POST /purchase-orders: a draft of a branch. */
export async function createPurchaseOrder(
  db: Db,
  actor: Actor,
  input: z.output<typeof createPurchaseOrderSchema>,
): Promise<PurchaseOrderDetail> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: PURCHASING_PERMISSION });
  await checkRefs(db, actor, scope, input);
  return createDraft(db, actor, scope, { supplierId: input.supplierId, note: input.note || null, lines: input.lines });
}

/** POST /purchase-orders/reorder: one draft of every product at or below its threshold (up to max stock). */
export async function reorder(
  db: Db,
  actor: Actor,
  input: z.output<typeof reorderSchema>,
): Promise<PurchaseOrderDetail> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: PURCHASING_PERMISSION });
  await checkRefs(db, actor, scope, { supplierId: input.supplierId });
  const lines = await repo.reorderLines(db, { ...scope, limit: MAX_PURCHASE_ORDER_LINES });
  if (lines.length === 0) throw badRequest(PURCHASING_MSG.nothingToReorder);
  return createDraft(db, actor, scope, { supplierId: input.supplierId, note: input.note || null, lines });
}

/** PATCH /purchase-orders/{id}: a draft's supplier, note, lines. */
export async function updatePurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof updatePurchaseOrderSchema>,
): Promise<PurchaseOrderDetail> {
  const order = await resolvePurchaseOrder(db, actor, id);
  await checkRefs(db, actor, order, input);
  await db.transaction(async (tx) => {
    const locked = await repo.lockPurchaseOrder(tx, order);
    if (!locked) throw notFound('Purchase order');
    if (locked.status !== 'draft') throw conflict(PURCHASING_MSG.notDraft);
    await repo.updateHeader(tx, order, {
      supplierId: input.supplierId,
      note: input.note === undefined ? undefined : input.note || null,
    });
    if (input.lines) await repo.replaceLines(tx, order, input.lines);
  });
  return detail(db, order.companyId, id);
}

/** POST /purchase-orders/{id}/order: draft -> ordered. */
export async function placeOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  const order = await resolvePurchaseOrder(db, actor, id);
  await db.transaction(async (tx) => {
    const locked = await repo.lockPurchaseOrder(tx, order);
    if (!locked) throw notFound('Purchase order');
    if (locked.status !== 'draft') throw conflict(PURCHASING_MSG.notDraft);
    await repo.updateHeader(tx, order, { status: 'ordered', orderedAt: new Date() });
    await writeAudit(tx, {
      companyId: order.companyId,
      branchId: order.branchId,
      userId: actor.userId,
      action: 'purchase_order.order',
      entityType: 'purchase_order',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'ordered', number: locked.number },
    });
  });
  return detail(db, order.companyId, id);
}

/** POST /purchase-orders/{id}/cancel: a draft or an order not fully received (received units stay). */
export async function cancelPurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderDetail> {
  const order = await resolvePurchaseOrder(db, actor, id);
  await db.transaction(async (tx) => {
    const locked = await repo.lockPurchaseOrder(tx, order);
    if (!locked) throw notFound('Purchase order');
    if (locked.status === 'received' || locked.status === 'cancelled') throw conflict(PURCHASING_MSG.notCancellable);
    await repo.updateHeader(tx, order, { status: 'cancelled', cancelledAt: new Date() });
    await writeAudit(tx, {
      companyId: order.companyId,
      branchId: order.branchId,
      userId: actor.userId,
      action: 'purchase_order.cancel',
      entityType: 'purchase_order',
      entityId: id,
      before: { status: locked.status },
      after: { status: 'cancelled', number: locked.number },
    });
  });
  return detail(db, order.companyId, id);
}

/**
 * POST /purchase-orders/{id}/receive: units of some lines arrive (partially, several times). In one
 * transaction: the order's row is locked (receipts of one order queue), then its products FOR UPDATE in
 * id order; each product's cost becomes the weighted average of the stock on hand and the units
 * received (weightedAverageCost, exact to the cent); one ledger statement adds every line's units as
 * `purchase` movements; the lines and the order's status follow; one audit row.
 */
export async function receivePurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof receivePurchaseOrderSchema>,
): Promise<PurchaseOrderDetail> {
  const order = await resolvePurchaseOrder(db, actor, id);
  await db.transaction(async (tx) => {
    const locked = await repo.lockPurchaseOrder(tx, order);
    if (!locked) throw notFound('Purchase order');
    if (locked.status !== 'ordered' && locked.status !== 'partially_received') {
      throw conflict(PURCHASING_MSG.notOrdered);
    }
    const lines = new Map((await repo.receiptLines(tx, order)).map((l) => [l.productId, l]));
    const receipt: repo.LineInput[] = input.lines.map((r, i) => {
      const line = lines.get(r.productId);
      if (!line) throw badRequest(PURCHASING_MSG.notOnOrder, { productId: PURCHASING_MSG.notOnOrder });
      const problem = quantityProblem(r.quantity, line);
      if (problem) throw badRequest(problem, { [`lines.${i}.quantity`]: problem });
      if (addQuantities(line.quantityReceived, r.quantity) > line.quantityOrdered) {
        throw badRequest(PURCHASING_MSG.overReceived, { quantity: PURCHASING_MSG.overReceived });
      }
      return { productId: r.productId, quantity: r.quantity, unitCost: r.unitCost ?? toMoney(line.unitCost) };
    });
    const products = await lockProductsForMove(tx, { ...order, productIds: receipt.map((r) => r.productId) });
    const byId = new Map(products.map((p) => [p.id, p]));
    const costs = receipt.map((r) => {
      const p = byId.get(r.productId);
      if (!p) throw notFound('Product');
      const before = toMoney(p.cost);
      const after = weightedAverageCost({
        onHand: p.stockQuantity,
        cost: before,
        received: r.quantity,
        unitCost: r.unitCost,
      });
      return { productId: r.productId, before, cost: after };
    });
    await recordStockDeltas(
      tx,
      {
        companyId: order.companyId,
        branchId: order.branchId,
        userId: actor.userId,
        movementType: 'purchase',
        referenceType: 'purchase_order',
        referenceId: id,
        reason: `Purchase order ${locked.number}`,
      },
      deltasFromList(receipt.map((r) => ({ productId: r.productId, delta: r.quantity }))),
    );
    await repo.setProductCosts(
      tx,
      order,
      costs.filter((c) => toMinor(c.cost) !== toMinor(c.before)),
    );
    await repo.addReceived(tx, order, receipt);
    const nowReceived = new Map(receipt.map((r) => [r.productId, r.quantity]));
    const complete = [...lines.values()].every(
      (l) => addQuantities(l.quantityReceived, nowReceived.get(l.productId) ?? 0) >= l.quantityOrdered,
    );
    const status = complete ? 'received' : 'partially_received';
    await repo.updateHeader(tx, order, { status, ...(complete ? { receivedAt: new Date() } : {}) });
    await writeAudit(tx, {
      companyId: order.companyId,
      branchId: order.branchId,
      userId: actor.userId,
      action: 'purchase_order.receive',
      entityType: 'purchase_order',
      entityId: id,
      before: { status: locked.status },
      after: {
        status,
        number: locked.number,
        lines: receipt.map((r, i) => ({ ...r, costBefore: costs[i]?.before, costAfter: costs[i]?.cost })),
      },
    });
  });
  return detail(db, order.companyId, id);
}
