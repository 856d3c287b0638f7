import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MSG,
  APPROVAL_REQUIRED,
  addQuantities,
  type CreateReturnPayload,
  computeReturnRefund,
  fromMinor,
  quantityProblem,
  RETURNS_MSG,
  type RefundLineMethod,
  type RefundMethod,
  SHIFT_MSG,
  toMinor,
  VOUCHER_MSG,
} from '@pos/shared';
import type { DbOrTx } from '../db/client';
import { type Actor, type BranchScope, can, resolveBranch } from '../lib/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { toMoney } from '../lib/money';
import { type Approver, grantDigest, registerRulesOf, useGrant } from './approvals';
import { writeAudit } from './audit.repo';
import { addAccountEntry } from './customer-account.repo';
import { nextReturnNumber } from './document-numbers.repo';
import { addVoucherEntry, voucherOfSale } from './gift-vouchers.repo';
import * as repo from './return-write.repo';
import { rethrowShiftError, SHIFT_REQUIRED } from './shifts';
import { registerOfBranch } from './shifts.repo';
import { recordStockMovements } from './stock-ledger.repo';
import { addCreditEntry } from './store-credit.repo';

/** What a return takes back: the payload's lines, reason and notes (a return's or an exchange's). */
export type ReturnRequest = Pick<
  CreateReturnPayload,
  'originalTransactionId' | 'items' | 'reason' | 'reason_description' | 'notes' | 'approval_grant_id'
> & { refund_method: RefundMethod; refund_amount?: number; refunds?: CreateReturnPayload['refunds'] };

/** One way a refund goes back, in minor units. */
export type RefundLine = { method: RefundLineMethod | 'exchange'; amount: number };

/** Who takes the return and where: the return's id (a grant is consumed by it) and the register. */
export type ReturnContext = {
  actor: Actor;
  scope: BranchScope;
  id: string;
  registerId: string | null;
  /** A cashier past the branch's register rules: a manager's one-time grant must come with it. */
  needsApproval: boolean;
};

/**
 * Where a return is taken and by whom: a cashier only at a register of their branch (403 without one), past
 * the branch's register rules with a manager's grant; anyone else by `process_returns`.
 */
export async function returnContextOf(
  db: DbOrTx,
  actor: Actor,
  input: { branchId: string; register_id?: string | null },
): Promise<ReturnContext> {
  const atRegister = !can(actor, 'process_returns');
  if (atRegister && !input.register_id) throw forbidden(RETURNS_MSG.atRegisterOnly);
  const scope = await resolveBranch(db, {
    actor,
    branchId: input.branchId,
    permission: atRegister ? 'sell' : 'process_returns',
  });
  const registerId = input.register_id ? await registerOfBranch(db, scope, input.register_id) : null;
  const rules = atRegister ? await registerRulesOf(db, actor, scope) : undefined;
  return {
    actor,
    scope,
    id: randomUUID(),
    registerId,
    needsApproval: atRegister && rules?.cashierMayTakeReturns !== true,
  };
}

export type PreparedReturn = Awaited<ReturnType<typeof prepareReturn>>;

/**
 * A return checked and priced under lock, nothing written yet (the caller's transaction): the sale (same
 * branch, completed) and its lines locked FOR UPDATE, so two returns of one sale queue and the second sees
 * the first's returned_quantity; per line 1 <= quantity <= sold - returned (409 naming the product
 * otherwise). The refund is what the customer paid for the units (money.ts computeReturnRefund: the line's
 * share of the sale's discount and tax, by cumulative units after those already returned, so a sale
 * returned in full refunds exactly its total) less the restocking fee, 0 <= fee <= that paid amount. A
 * client refund_amount that differs from the recomputed one is a 409 (the cashier must not hand out a
 * different amount than the books record). Money goes back to a card only as far as that card paid the
 * sale; store credit only to the sale's customer. A manager's grant, when needed, is consumed here (403
 * APPROVAL_REQUIRED without one, after every 404/409 of the sale and its lines).
 */
export async function prepareReturn(tx: DbOrTx, ctx: ReturnContext, input: ReturnRequest) {
  const { scope } = ctx;
  const lines = input.items.filter((i) => i.return_quantity > 0);
  if (lines.length === 0) throw badRequest(RETURNS_MSG.noQuantities, { items: RETURNS_MSG.noQuantities });
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.original_transaction_item_id)) throw badRequest(RETURNS_MSG.duplicateItem);
    seen.add(line.original_transaction_item_id);
  }
  const sale = await repo.lockSale(tx, { companyId: scope.companyId, id: input.originalTransactionId });
  if (!sale || sale.branchId !== scope.branchId) throw notFound('Transaction');
  if (sale.status !== 'completed') throw conflict('Only completed transactions can be returned');
  const shape = refundShapeProblem(input);
  if (shape) throw badRequest(shape, { refunds: shape });
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
      throw badRequest(`The restocking fee of ${sold.productName} cannot exceed ${fromMinor(piece.paid).toFixed(2)}`, {
        [line.original_transaction_item_id]: 'Restocking fee exceeds the amount paid for the items',
      });
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
  // How it goes back: the refunds named, or all of it by the refund method (an exchange's: set by the exchange).
  const refunds: RefundLine[] = input.refunds
    ? input.refunds.map((r) => ({ method: r.method, amount: toMinor(r.amount) }))
    : input.refund_method === 'mixed'
      ? []
      : [{ method: input.refund_method, amount: refundMinor }];
  if (input.refunds && refunds.reduce((n, r) => n + r.amount, 0) !== refundMinor) {
    const message = RETURNS_MSG.refundsDoNotAddUp(fromMinor(refundMinor).toFixed(2));
    throw conflict(message, { refunds: message });
  }
  await checkRefundLines(tx, scope, sale, refunds, input.refunds ? 'refunds' : 'refund_method');

  let approver: Approver | null = null;
  if (ctx.needsApproval) {
    if (!input.approval_grant_id) {
      throw new AppError(403, APPROVAL_REQUIRED, `Manager approval required: ${RETURNS_MSG.needsManager}`, {
        approval: RETURNS_MSG.needsManager,
      });
    }
    approver = await useGrant(tx, {
      actor: ctx.actor,
      scope,
      grantId: input.approval_grant_id,
      purpose: 'return',
      registerId: ctx.registerId,
      digest: grantDigest({
        purpose: 'return',
        subject: { ...input, items: lines, refund_amount: fromMinor(refundMinor) },
      }),
      consumer: ctx.id,
    });
  }
  return { ctx, input, sale, computed, refundMinor, refunds, approver };
}

/** Store credit is the sale's customer's balance: a sale without a customer has no one to credit (400). */
export function needsCustomer(sale: { customerId: string | null }, field: string): string {
  if (!sale.customerId) {
    throw badRequest(RETURNS_MSG.storeCreditNeedsCustomer, { [field]: RETURNS_MSG.storeCreditNeedsCustomer });
  }
  return sale.customerId;
}

/** What is wrong with how the refund is said to go back, or null: 'mixed' with its refunds, each method once. */
function refundShapeProblem(input: ReturnRequest): string | null {
  const { refunds, refund_method: method } = input;
  if (!refunds) return method === 'mixed' ? RETURNS_MSG.mixedNeedsRefunds : null;
  if (new Set(refunds.map((r) => r.method)).size !== refunds.length) return RETURNS_MSG.refundOnce;
  if (refunds.some((r) => toMinor(r.amount) <= 0)) return RETURNS_MSG.refundAboveZero;
  const expected = refunds.length === 1 ? refunds[0]?.method : 'mixed';
  return method === expected ? null : RETURNS_MSG.methodOfRefunds;
}

/**
 * Each way back allowed for this sale: store credit only to the sale's customer (400), a card or the account
 * only as far as it paid the sale (409).
 */
export async function checkRefundLines(
  tx: DbOrTx,
  scope: BranchScope,
  sale: { id: string; customerId: string | null },
  refunds: readonly RefundLine[],
  field: string,
): Promise<void> {
  if (refunds.some((r) => r.method === 'store_credit')) needsCustomer(sale, field);
  if (refunds.some((r) => r.method === 'account')) needsCustomer(sale, field);
  for (const [tender, method, over] of [
    ['card', 'card_refund', RETURNS_MSG.cardRefundOver],
    ['account', 'account', ACCOUNT_MSG.refundOver],
    ['voucher', 'voucher', VOUCHER_MSG.refundOver],
  ] as const) {
    const amount = refunds.find((r) => r.method === method)?.amount ?? 0;
    if (amount > 0) await checkTenderRoom(tx, scope, { saleId: sale.id, tender, amount, over }, field);
  }
}

/**
 * Money goes back to a card (or the account) only as far as that tender paid the sale, less what earlier
 * returns gave back to it (409).
 */
async function checkTenderRoom(
  tx: DbOrTx,
  scope: BranchScope,
  {
    saleId,
    tender,
    amount,
    over,
  }: { saleId: string; tender: 'card' | 'account' | 'voucher'; amount: number; over: (left: string) => string },
  field: string,
): Promise<void> {
  const room = await repo.tenderRefundRoom(tx, { companyId: scope.companyId, saleId, tender });
  const left = toMinor(toMoney(room.paid)) - toMinor(toMoney(room.refunded));
  if (amount > left) {
    const message = over(fromMinor(Math.max(left, 0)).toFixed(2));
    throw conflict(message, { [field]: message });
  }
}

/**
 * Writes a prepared return: restockable lines back to stock with one `return` movement each (products
 * locked in id order), the returned quantities, the return and its items (the returns trigger picks the
 * register's open shift; a cash refund needs one), a store credit refund to the sale's customer, the audit
 * row. Answers the return's number and shift.
 */
export async function recordReturn(tx: DbOrTx, prepared: PreparedReturn) {
  const { ctx, input, sale, computed, refundMinor, refunds, approver } = prepared;
  const { actor, scope, id } = ctx;
  const restock = new Map<string, number>();
  for (const c of computed) {
    if (c.isRestockable) {
      restock.set(c.sold.productId, addQuantities(restock.get(c.sold.productId) ?? 0, c.line.return_quantity));
    }
  }
  const locked = await repo.lockProductsById(tx, { companyId: scope.companyId, ids: [...restock.keys()] });
  const movements = locked.map((product) => {
    const quantity = restock.get(product.id) ?? 0;
    return {
      companyId: scope.companyId,
      branchId: product.branchId,
      productId: product.id,
      movementType: 'return' as const,
      direction: 'in' as const,
      quantity,
      previousQuantity: product.stockQuantity,
      newQuantity: addQuantities(product.stockQuantity, quantity),
      userId: actor.userId,
      referenceType: 'return',
      referenceId: id,
      reason: input.reason,
    };
  });
  for (const c of computed) {
    await repo.addReturnedQuantity(tx, {
      companyId: scope.companyId,
      saleItemId: c.sold.id,
      quantity: c.line.return_quantity,
    });
  }
  const returnNumber = await nextReturnNumber(tx, scope);
  const { shiftId } = await repo
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
        // The register's open shift takes the refund (a cash refund needs one: db/functions/pos_returns_shift.sql).
        registerId: ctx.registerId,
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
  // A return of several ways (or an exchange's) keeps its lines; a return of one way is its own line.
  if (input.refund_method === 'mixed' || input.refund_method === 'exchange') {
    await repo.insertRefundLines(
      tx,
      refunds.map((r) => ({
        companyId: scope.companyId,
        returnId: id,
        method: r.method,
        amount: fromMinor(r.amount).toFixed(2),
      })),
    );
  }
  // Cash back comes out of the register's drawer: its open shift (the returns trigger refuses a cash refund
  // without one; a cash part of several ways is checked here).
  if (input.refund_method !== 'cash' && !shiftId && refunds.some((r) => r.method === 'cash')) {
    throw new AppError(409, SHIFT_REQUIRED, SHIFT_MSG.noShiftForCash);
  }
  const credited = refunds.find((r) => r.method === 'store_credit')?.amount ?? 0;
  if (sale.customerId && credited > 0) {
    await addCreditEntry(tx, {
      companyId: scope.companyId,
      customerId: sale.customerId,
      amount: fromMinor(credited).toFixed(2),
      kind: 'return',
      referenceId: id,
      userId: actor.userId,
    });
  }
  // A voucher's part goes back onto the voucher the sale spent (checkRefundLines: as far as it paid).
  const toVoucher = refunds.find((r) => r.method === 'voucher')?.amount ?? 0;
  const voucherId = toVoucher > 0 ? await voucherOfSale(tx, { companyId: scope.companyId, saleId: sale.id }) : null;
  if (voucherId) {
    await addVoucherEntry(tx, {
      companyId: scope.companyId,
      voucherId,
      amount: fromMinor(toVoucher).toFixed(2),
      kind: 'refund',
      referenceId: id,
      userId: actor.userId,
    });
  }
  const owedLess = refunds.find((r) => r.method === 'account')?.amount ?? 0;
  if (sale.customerId && owedLess > 0) {
    await addAccountEntry(tx, {
      companyId: scope.companyId,
      customerId: sale.customerId,
      branchId: scope.branchId,
      amount: fromMinor(-owedLess).toFixed(2),
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
    registerId: ctx.registerId,
    action: 'return.create',
    entityType: 'return',
    entityId: id,
    after: {
      returnNumber,
      originalSaleId: sale.id,
      receiptNumber: sale.receiptNumber,
      refundAmount: fromMinor(refundMinor),
      refundMethod: input.refund_method,
      refunds: refunds.map((r) => ({ method: r.method, amount: fromMinor(r.amount) })),
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
  return { returnNumber, shiftId };
}
