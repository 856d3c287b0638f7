import { randomUUID } from 'node:crypto';
import {
  APPROVAL_REQUIRED,
  addQuantities,
  type CreateReturnPayload,
  computeReturnRefund,
  fromMinor,
  type PageMeta,
  pageMeta,
  quantityProblem,
  RETURNS_MSG,
  type RefundMethod,
  type Return,
  type ReturnAnalytics,
  type ReturnItem,
  type ReturnStatus,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Approver, grantDigest, registerRulesOf, useGrant } from '../../domain/approvals';
import { writeAudit } from '../../domain/audit.repo';
import { nextReturnNumber } from '../../domain/document-numbers.repo';
import { returnsByPeriod } from '../../domain/sales-figures';
import { rethrowShiftError } from '../../domain/shifts';
import { registerOfBranch } from '../../domain/shifts.repo';
import { recordStockMovements } from '../../domain/stock-ledger.repo';
import { addCreditEntry } from '../../domain/store-credit.repo';
import { type Actor, can, loadInScope, resolveBranch } from '../../lib/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { readPageByDays, withinDays } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import * as repo from './returns.repo';

function toReturn(row: repo.ReturnRow, items: ReturnItem[]): Return {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    returnNumber: row.returnNumber,
    originalTransaction: { id: row.originalSaleId, receiptNumber: row.receiptNumber },
    branchId: row.branchId,
    processedByName: row.processedByName,
    returnDate: at,
    processedDate: at,
    status: row.status as ReturnStatus,
    refundAmount: toMoney(row.refundAmount),
    refundMethod: row.refundMethod as RefundMethod,
    reason: row.reason,
    reasonDescription: row.reasonDescription,
    notes: row.notes,
    itemCount: items.length,
    totalQuantity: addQuantities(...items.map((i) => i.quantity)),
    items,
  };
}

/**
 * POST /returns, in one database transaction (DESIGN.md section 6): the sale (same branch, completed)
 * and its lines locked FOR UPDATE, so two returns of one sale queue and the second sees the first's
 * returned_quantity; per line 1 <= quantity <= sold - returned (409 naming the product otherwise).
 * The refund is what the customer paid for the units (money.ts computeReturnRefund: the line's share
 * of the sale's discount and tax, by cumulative units after those already returned, so a sale returned
 * in full refunds exactly its total) less the restocking fee, 0 <= fee <= that paid amount. A client
 * refund_amount that differs from the recomputed one is rejected with 409 (the cashier must not hand
 * out a different amount than the books record); without one, the recomputed refund is used. Each
 * item keeps its discount and tax shares.
 * Restockable lines go back to stock with one `return` movement each. The daily totals follow by trigger.
 *
 * Who (docs/architecture/returns.md): `process_returns` (Super Admin, Manager)
 * anywhere in reach, at a register or not. A cashier has no `process_returns` (DESIGN.md section 6)
 * and takes a return only at a register of their branch (`register_id`; without it 403): with the
 * branch's register rule `cashier_may_take_returns`, or with a manager's one-time grant for this
 * register and this return (`approval_grant_id`, purpose return: the sale, the lines' quantities and
 * fees, the refund method and the refund as recomputed here), consumed in the return's transaction;
 * 403 APPROVAL_REQUIRED without one, after every 404/409 of the sale and its lines.
 */
export async function createReturn(db: Db, actor: Actor, input: CreateReturnPayload): Promise<Return> {
  const atRegister = !can(actor, 'process_returns');
  if (atRegister && !input.register_id) throw forbidden(RETURNS_MSG.atRegisterOnly);
  const scope = await resolveBranch(db, {
    actor,
    branchId: input.branchId,
    permission: atRegister ? 'sell' : 'process_returns',
  });
  const lines = input.items.filter((i) => i.return_quantity > 0);
  if (lines.length === 0) throw badRequest(RETURNS_MSG.noQuantities, { items: RETURNS_MSG.noQuantities });
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.original_transaction_item_id)) throw badRequest(RETURNS_MSG.duplicateItem);
    seen.add(line.original_transaction_item_id);
  }

  const registerId = input.register_id ? await registerOfBranch(db, scope, input.register_id) : null;
  const rules = atRegister ? await registerRulesOf(db, actor, scope) : undefined;
  const needsApproval = atRegister && rules?.cashierMayTakeReturns !== true;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const sale = await repo.lockSale(tx, { companyId: scope.companyId, id: input.originalTransactionId });
    if (!sale || sale.branchId !== scope.branchId) throw notFound('Transaction');
    if (sale.status !== 'completed') throw conflict('Only completed transactions can be returned');
    // Store credit is the sale's customer's balance: a sale without a customer has no one to credit.
    if (input.refund_method === 'store_credit' && !sale.customerId) {
      throw badRequest(RETURNS_MSG.storeCreditNeedsCustomer, { refund_method: RETURNS_MSG.storeCreditNeedsCustomer });
    }
    const soldLines = await repo.lockSaleItems(tx, { companyId: scope.companyId, saleId: sale.id });
    const byId = new Map(soldLines.map((s) => [s.id, s]));

    for (const line of lines) {
      const sold = byId.get(line.original_transaction_item_id);
      if (!sold) throw notFound('Transaction item');
      const problem = quantityProblem(line.return_quantity, { name: sold.productName, unit: sold.unit });
      if (problem) throw badRequest(problem, { [line.original_transaction_item_id]: problem });
      const remaining = addQuantities(sold.quantity, -sold.returnedQuantity);
      if (line.return_quantity > remaining) {
        throw conflict(
          remaining === 0
            ? `${sold.productName} has already been fully returned`
            : `Cannot return ${line.return_quantity} of ${sold.productName}: only ${remaining} remaining`,
          { [line.original_transaction_item_id]: `Only ${remaining} remaining` },
        );
      }
    }
    const refund = computeReturnRefund({
      sale: {
        discountAmount: toMoney(sale.discountAmount),
        taxAmount: toMoney(sale.taxAmount),
        items: soldLines.map((s) => ({
          id: s.id,
          quantity: s.quantity,
          unitPrice: toMoney(s.unitPrice),
          taxRate: toMoney(s.taxRate),
          taxIncluded: s.taxIncluded,
          returnedQuantity: s.returnedQuantity,
        })),
      },
      lines: lines.map((l) => ({
        saleItemId: l.original_transaction_item_id,
        quantity: l.return_quantity,
        restockingFee: l.restocking_fee,
      })),
    });
    const computed = lines.map((line, index) => {
      const sold = byId.get(line.original_transaction_item_id);
      const piece = refund.lines[index];
      if (!sold || !piece) throw notFound('Transaction item');
      if (piece.fee > piece.paid) {
        throw badRequest(
          `The restocking fee of ${sold.productName} cannot exceed ${fromMinor(piece.paid).toFixed(2)}`,
          {
            [line.original_transaction_item_id]: 'Restocking fee exceeds the amount paid for the items',
          },
        );
      }
      const isRestockable = line.is_restockable ?? (line.condition === 'new' || line.condition === 'opened');
      return { line, sold, piece, isRestockable };
    });
    const refundMinor = refund.total.refund;
    if (input.refund_amount !== undefined && toMinor(input.refund_amount) !== refundMinor) {
      throw conflict(`The refund does not match: expected ${fromMinor(refundMinor).toFixed(2)}`, {
        refund_amount: `Expected ${fromMinor(refundMinor).toFixed(2)}`,
      });
    }

    // Money goes back to a card only as far as that card paid the sale.
    if (input.refund_method === 'card_refund') {
      const room = await repo.cardRefundRoom(tx, { companyId: scope.companyId, saleId: sale.id });
      const left = toMinor(toMoney(room.paid)) - toMinor(toMoney(room.refunded));
      if (refundMinor > left) {
        const message = RETURNS_MSG.cardRefundOver(fromMinor(Math.max(left, 0)).toFixed(2));
        throw conflict(message, { refund_method: message });
      }
    }

    let approver: Approver | null = null;
    if (needsApproval) {
      if (!input.approval_grant_id) {
        throw new AppError(403, APPROVAL_REQUIRED, `Manager approval required: ${RETURNS_MSG.needsManager}`, {
          approval: RETURNS_MSG.needsManager,
        });
      }
      approver = await useGrant(tx, {
        actor,
        scope,
        grantId: input.approval_grant_id,
        purpose: 'return',
        registerId,
        digest: grantDigest({
          purpose: 'return',
          subject: { ...input, items: lines, refund_amount: fromMinor(refundMinor) },
        }),
        consumer: id,
      });
    }

    // Stock back for restockable lines, products locked in id order.
    const restock = new Map<string, number>();
    for (const c of computed) {
      if (c.isRestockable) {
        restock.set(c.sold.productId, addQuantities(restock.get(c.sold.productId) ?? 0, c.line.return_quantity));
      }
    }
    const locked = await repo.lockProductsById(tx, { companyId: scope.companyId, ids: [...restock.keys()] });
    const movements = [];
    for (const product of locked) {
      const quantity = restock.get(product.id) ?? 0;
      const newQuantity = addQuantities(product.stockQuantity, quantity);
      movements.push({
        companyId: scope.companyId,
        branchId: product.branchId,
        productId: product.id,
        movementType: 'return' as const,
        direction: 'in' as const,
        quantity,
        previousQuantity: product.stockQuantity,
        newQuantity,
        userId: actor.userId,
        referenceType: 'return',
        referenceId: id,
        reason: input.reason,
      });
    }

    for (const c of computed) {
      await repo.addReturnedQuantity(tx, {
        companyId: scope.companyId,
        saleItemId: c.sold.id,
        quantity: c.line.return_quantity,
      });
    }
    const returnNumber = await nextReturnNumber(tx, scope);
    await repo
      .insertReturn(
        tx,
        {
          companyId: scope.companyId,
          id,
          branchId: scope.branchId,
          returnNumber,
          originalSaleId: sale.id,
          processedBy: actor.userId,
          status: 'completed',
          refundAmount: fromMinor(refundMinor).toFixed(2),
          refundMethod: input.refund_method,
          reason: input.reason,
          reasonDescription: input.reason_description?.trim() || null,
          notes: input.notes?.trim() || null,
          // The register's open shift takes the refund (a cash refund needs one: migration 0016's trigger).
          registerId,
        },
        computed.map((c) => ({
          companyId: scope.companyId,
          saleItemId: c.sold.id,
          productId: c.sold.productId,
          productName: c.sold.productName,
          productSku: c.sold.productSku,
          quantity: c.line.return_quantity,
          unitPrice: toMoney(c.sold.unitPrice).toFixed(2),
          restockingFee: fromMinor(c.piece.fee).toFixed(2),
          discountAmount: fromMinor(c.piece.discount).toFixed(2),
          taxAmount: fromMinor(c.piece.tax).toFixed(2),
          goods: fromMinor(c.piece.goods).toFixed(2),
          condition: c.line.condition,
          isRestockable: c.isRestockable,
          reason: c.line.reason ?? null,
          totalAmount: fromMinor(c.piece.refund).toFixed(2),
        })),
      )
      .catch(rethrowShiftError);
    await recordStockMovements(tx, movements);
    if (input.refund_method === 'store_credit' && sale.customerId && refundMinor > 0) {
      await addCreditEntry(tx, {
        companyId: scope.companyId,
        customerId: sale.customerId,
        amount: fromMinor(refundMinor).toFixed(2),
        kind: 'return',
        referenceId: id,
        userId: actor.userId,
      });
    }
    await writeAudit(tx, {
      companyId: scope.companyId,
      branchId: scope.branchId,
      userId: actor.userId,
      approvedById: approver?.id ?? null,
      registerId,
      action: 'return.create',
      entityType: 'return',
      entityId: id,
      after: {
        returnNumber,
        originalSaleId: sale.id,
        receiptNumber: sale.receiptNumber,
        refundAmount: fromMinor(refundMinor),
        refundMethod: input.refund_method,
        ...(approver ? { approvedBy: approver.username } : {}),
        items: computed.map((c) => ({
          saleItemId: c.sold.id,
          quantity: c.line.return_quantity,
          restockingFee: fromMinor(c.piece.fee),
          discountAmount: fromMinor(c.piece.discount),
          taxAmount: fromMinor(c.piece.tax),
          refund: fromMinor(c.piece.refund),
          isRestockable: c.isRestockable,
        })),
      },
    });
  });

  const row = await repo.findReturn(db, { id, companyIds: [scope.companyId] });
  if (!row) throw new Error('return vanished after commit');
  const items = await repo.itemsOf(db, { companyId: scope.companyId, returnIds: [id] });
  return toReturn(row, items.get(id) ?? []);
}

export async function getReturn(db: Db, actor: Actor, id: string): Promise<Return> {
  const row = await loadInScope(actor, {
    what: 'Return',
    permission: 'view_returns',
    load: (companyIds) => repo.findReturn(db, { id, companyIds }),
  });
  const items = await repo.itemsOf(db, { companyId: row.companyId, returnIds: [id] });
  return toReturn(row, items.get(id) ?? []);
}

export async function listReturns(
  db: Db,
  actor: Actor,
  query: { page: number; limit: number; branchId: string; status?: ReturnStatus; startDate?: string; endDate?: string },
): Promise<{ items: Return[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_returns' });
  const filters = { status: query.status, startDate: query.startDate, endDate: query.endDate };
  // Counted per local day (the daily totals for completed returns): the total, and the day a deep page
  // starts in (lib/keyset.repo.ts).
  const [rows, total] = await readPageByDays({
    page: query.page,
    limit: query.limit,
    counts: () => repo.countReturnsByDay(db, scope, filters),
    rows: (seek) => repo.listReturns(db, scope, withinDays(filters, seek), seek.window),
  });
  const items = await repo.itemsOf(db, { companyId: scope.companyId, returnIds: rows.map((r) => r.id) });
  return {
    items: rows.map((r) => toReturn(r, items.get(r.id) ?? [])),
    meta: pageMeta({ total, page: query.page, limit: query.limit }),
  };
}

/**
 * GET /returns/analytics: every return of the branch by status (all time), and the completed returns
 * of today, this week and this month as the dashboard counts them (domain/sales-figures returnsByPeriod).
 */
export async function getAnalytics(db: Db, actor: Actor, { branchId }: { branchId: string }): Promise<ReturnAnalytics> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_returns' });
  const [rows, periods] = await Promise.all([repo.returnsByStatus(db, scope), returnsByPeriod(db, scope)]);
  return {
    totalReturns: rows.reduce((n, r) => n + Number(r.count), 0),
    totalRefundAmount: fromMinor(rows.reduce((n, r) => n + toMinor(toMoney(r.refunded)), 0)),
    statusBreakdown: rows.map((r) => ({ status: r.status, count: Number(r.count) })),
    todayReturns: periods.todayCount,
    weekReturns: periods.weekCount,
    monthReturns: periods.monthCount,
  };
}
