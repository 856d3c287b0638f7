import { createHash, randomUUID } from 'node:crypto';
import { type CreateExchangePayload, type CreateSaleInput, type Exchange, fromMinor, toMinor } from '@pos/shared';
import type { Db } from '../../db/client';
import { auditOverrides, checkSaleLimits } from '../../domain/approvals';
import { writeAudit } from '../../domain/audit.repo';
import { accountApprover } from '../../domain/customer-account';
import { checkRefundLines, prepareReturn, recordReturn, returnContextOf } from '../../domain/return-write';
import { lockProductsById } from '../../domain/return-write.repo';
import { type Actor, resolveBranch } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import * as exchangeRepo from './exchange.repo';
import { checkUnits, commitSale, explainRefusal, priceCart, saleOriginOf } from './sale-write.service';
import * as repo from './transactions.repo';

const idempotencyMismatch = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different exchange');

/**
 * POST /exchanges: a return and the sale of the new items in one database transaction, linked by one
 * exchange row. The return (refund_method 'exchange') is checked, priced and written as POST /returns does
 * (domain/return-write.ts), with the same rule for who may take it (a cashier at a register, past the
 * branch's rules with a manager's grant for this return). Its refund, the returned goods' worth (`credit`),
 * pays the new sale as far as it reaches (`applied`: the sale's 'exchange' tender line); the customer's
 * `tenders` pay the rest (change only from cash, money.ts settleTenders; a gift voucher named by the sale's
 * `voucher_code`; the customer's account, past its limit with a manager's grant for the cart), or, when the returned goods are
 * worth more, the rest (`back`) goes back by `refund_method`: cash from the register's drawer (its open
 * shift; 409 without one), to the card as far as the card paid the original sale, or as store credit to
 * its customer. The new sale is written by the sale statement itself, checked like any online sale
 * (prices, tax, stock, the cashier's limits), so stock moves both ways and every sales figure counts
 * the return and the sale: net of both, the exchange is the difference paid. The same Idempotency-Key
 * with the same body answers the first exchange again.
 */
export async function createExchange(
  db: Db,
  actor: Actor,
  { input, idempotencyKey }: { input: CreateExchangePayload; idempotencyKey?: string },
): Promise<{ exchange: Exchange; isReplay: boolean }> {
  const context = await returnContextOf(db, actor, input);
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const saleId = randomUUID();
  const exchangeId = randomUUID();
  const outcome = { credit: 0, applied: 0, back: 0, returnNumber: '' };
  try {
    const sale = await db.transaction(async (tx) => {
      const prepared = await prepareReturn(tx, context, { ...input, refund_method: 'exchange' });
      const credit = prepared.refundMinor;
      const applied = Math.min(credit, toMinor(input.sale.total));
      const back = credit - applied;
      const backMethod = back > 0 ? input.refund_method : null;
      // The return's refund lines: the part that pays the new sale, and what goes back.
      prepared.refunds = [
        ...(applied > 0 ? [{ method: 'exchange' as const, amount: applied }] : []),
        ...(backMethod ? [{ method: backMethod, amount: back }] : []),
      ];
      await checkRefundLines(tx, scope, prepared.sale, prepared.refunds, 'refund_method');

      const tenders = [...(applied > 0 ? [{ method: 'exchange', amount: fromMinor(applied) }] : []), ...input.tenders];
      const single = tenders.length === 1 ? tenders[0] : undefined;
      const saleInput: CreateSaleInput = {
        ...input.sale,
        branchId: input.branchId,
        register_id: context.registerId ?? undefined,
        payment_method: (tenders.length > 1
          ? 'mixed'
          : (single?.method ?? 'exchange')) as CreateSaleInput['payment_method'],
        tenders: tenders.length > 0 ? (tenders as CreateSaleInput['tenders']) : undefined,
        amount_paid: fromMinor(tenders.reduce((n, t) => n + toMinor(t.amount), 0)),
        change: 0,
      };
      const limits = await checkSaleLimits(tx, actor, scope, saleInput, saleId);
      // On account past the customer's limit: the manager's grant for this cart, as for a sale.
      const accountApprovedBy = await accountApprover(tx, actor, scope, saleInput, saleId, limits.approvedBy ?? null);
      await checkUnits(tx, scope, saleInput);
      const cart = priceCart(saleInput);
      if (!cart.agrees) throw await explainRefusal(tx, scope, saleInput, cart.expectedTotal);
      const origin = await saleOriginOf(tx, actor, scope, { input: saleInput, device: null });

      // Every product either side touches, locked in one order before either writes.
      await lockProductsById(tx, {
        companyId: scope.companyId,
        ids: [
          ...new Set([...prepared.computed.map((c) => c.sold.productId), ...cart.products.map((p) => p.id)]),
        ].sort(),
      });
      const written = await recordReturn(tx, prepared);
      const attempt = { input: saleInput, saleId, key: idempotencyKey, requestHash, origin, accountApprovedBy };
      // In a savepoint: a product the statement could not sell is explained from this transaction.
      const sold = await tx
        .transaction((sp) => commitSale(sp, scope, attempt, cart, false))
        .catch(async (error) => {
          if (error instanceof repo.SaleCheckFailed && error.reason === 'stock') {
            throw await explainRefusal(tx, scope, saleInput);
          }
          throw error;
        });

      await exchangeRepo.insertExchange(tx, {
        companyId: scope.companyId,
        id: exchangeId,
        branchId: scope.branchId,
        returnId: context.id,
        saleId,
        credit: fromMinor(credit).toFixed(2),
        applied: fromMinor(applied).toFixed(2),
        back: fromMinor(back).toFixed(2),
        backMethod,
        createdBy: actor.userId,
      });
      await auditOverrides(tx, {
        actor,
        scope,
        check: limits,
        entityType: 'sale',
        entityId: saleId,
        registerId: context.registerId,
      });
      await writeAudit(tx, {
        companyId: scope.companyId,
        branchId: scope.branchId,
        userId: actor.userId,
        approvedById: prepared.approver?.id ?? limits.approvedBy?.id ?? null,
        registerId: context.registerId,
        action: 'exchange.create',
        entityType: 'exchange',
        entityId: exchangeId,
        after: {
          returnId: context.id,
          returnNumber: written.returnNumber,
          saleId,
          receiptNumber: sold.receiptNumber,
          originalSaleId: prepared.sale.id,
          credit: fromMinor(credit),
          applied: fromMinor(applied),
          back: fromMinor(back),
          backMethod,
        },
      });
      Object.assign(outcome, { credit, applied, back, returnNumber: written.returnNumber });
      return sold;
    });
    return {
      exchange: {
        id: exchangeId,
        credit: fromMinor(outcome.credit),
        applied: fromMinor(outcome.applied),
        paid: fromMinor(toMinor(sale.total) - outcome.applied),
        back: fromMinor(outcome.back),
        backMethod: outcome.back > 0 ? input.refund_method : null,
        return: { id: context.id, returnNumber: outcome.returnNumber },
        sale,
      },
      isReplay: false,
    };
  } catch (error) {
    // A retry of an exchange already made answers it again; another body under the key is a 422, as is a key
    // taken by a sale this branch cannot answer with (the sale statement's 'exists').
    const taken = error instanceof repo.SaleCheckFailed;
    if (!idempotencyKey || !(taken || error instanceof AppError)) throw taken ? idempotencyMismatch() : error;
    const existing = await repo.findSaleByIdempotencyKey(db, { ...scope, key: idempotencyKey });
    if (!existing) throw taken ? idempotencyMismatch() : error;
    if (existing.requestHash !== requestHash) throw idempotencyMismatch();
    return { exchange: await readExchange(db, scope.companyId, existing.id), isReplay: true };
  }
}

/** An exchange as its answer says it, read back by its sale. */
async function readExchange(db: Db, companyId: string, saleId: string): Promise<Exchange> {
  const [row, found] = await Promise.all([
    exchangeRepo.findExchangeBySale(db, { companyId, saleId }),
    repo.findSale(db, { id: saleId, companyIds: [companyId] }),
  ]);
  if (!row || !found) throw idempotencyMismatch();
  const applied = toMoney(row.applied);
  return {
    id: row.id,
    credit: toMoney(row.credit),
    applied,
    paid: fromMinor(toMinor(found.sale.total) - toMinor(applied)),
    back: toMoney(row.back),
    backMethod: row.backMethod,
    return: { id: row.returnId, returnNumber: row.returnNumber },
    sale: found.sale,
  };
}
