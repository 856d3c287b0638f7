import { createHash, randomUUID } from 'node:crypto';
import {
  type CreateSaleInput,
  computeCartTotals,
  fromMinor,
  type PageMeta,
  type PaymentMethod,
  pageMeta,
  type Sale,
  type TransactionAnalytics,
  type TransactionListItem,
  toMinor,
} from '@pos/shared';
import type { Db } from '../../db/client';
import { type Actor, accessibleCompanyIds, resolveBranch } from '../../lib/access';
import { AppError, conflict, notFound } from '../../lib/errors';
import { toMoney } from '../../lib/money';
import { salesFigures } from '../../lib/sales-figures';
import { insertMovements, setStocks } from '../../lib/stock-ledger.repo';
import * as repo from './transactions.repo';

const receiptNumberOf = (n: number) => `RCP-${String(n).padStart(6, '0')}`;

function hashRequest(input: CreateSaleInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

const idempotencyMismatch = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different sale');

/**
 * POST /transactions, in one database transaction: prices from the database, totals recomputed with
 * the shared money module, stock decremented under row locks with one `sale` movement per line,
 * a per-branch receipt number, the customer found or created by phone. The same Idempotency-Key with
 * the same body answers the first sale again; with another body, 422.
 */
export async function createSale(
  db: Db,
  actor: Actor,
  { input, idempotencyKey }: { input: CreateSaleInput; idempotencyKey?: string },
): Promise<{ sale: Sale; isReplay: boolean }> {
  const scope = await resolveBranch(db, { actor, branchId: input.branchId, permission: 'sell' });
  const key = idempotencyKey ?? input.id;
  const requestHash = hashRequest(input);

  const saleId = await db.transaction(async (tx) => {
    if (key) {
      await repo.lockIdempotencyKey(tx, { ...scope, key });
      const existing = await repo.findSaleByIdempotencyKey(tx, { ...scope, key });
      if (existing) {
        if (existing.requestHash !== requestHash) throw idempotencyMismatch();
        return { id: existing.id, isReplay: true };
      }
    }
    if (input.id && (await repo.saleIdExists(tx, { companyId: scope.companyId, id: input.id }))) {
      throw idempotencyMismatch();
    }

    const quantities = new Map<string, number>();
    for (const line of input.items)
      quantities.set(line.product_id, (quantities.get(line.product_id) ?? 0) + line.quantity);
    const locked = await repo.lockProducts(tx, { ...scope, ids: [...quantities.keys()] });
    const byId = new Map(locked.map((p) => [p.id, p]));

    for (const line of input.items) {
      const product = byId.get(line.product_id);
      if (!product) throw conflict('A product in the cart is no longer available', { product_id: line.product_id });
      if (toMinor(line.price) !== toMinor(product.price)) {
        throw conflict(
          `The price of ${product.name} has changed to ${product.price.toFixed(2)}. Please refresh the cart.`,
          {
            product_id: product.id,
          },
        );
      }
    }
    for (const [productId, quantity] of quantities) {
      const product = byId.get(productId);
      if (product && product.stockQuantity < quantity) {
        throw conflict(`Insufficient stock for ${product.name}: ${product.stockQuantity} available`, {
          product_id: product.id,
        });
      }
    }

    const totals = computeCartTotals({
      items: input.items.map((line) => ({ price: byId.get(line.product_id)?.price ?? 0, quantity: line.quantity })),
      taxRate: input.tax_rate,
      discountType: input.discount_type,
      discountValue: input.discount_value,
    });
    if (toMinor(input.total) !== totals.minor.total) {
      throw conflict(`The cart total does not match: expected ${totals.total.toFixed(2)}. Please refresh the cart.`);
    }
    const paid = toMinor(input.amount_paid);
    if (input.payment_method === 'cash' && paid < totals.minor.total) {
      throw new AppError(400, 'BAD_REQUEST', 'Amount received is less than the total', {
        amount_paid: 'Amount received is less than the total',
      });
    }
    const amountPaid = input.payment_method === 'card' ? totals.minor.total : paid;

    const phone = input.customer?.phone?.trim();
    const customer = phone
      ? await repo.findOrCreateCustomer(tx, {
          ...scope,
          phone,
          name: input.customer?.name?.trim() || 'Customer',
          email: input.customer?.email?.trim() || null,
        })
      : undefined;

    const id = input.id ?? randomUUID();
    const movements = [];
    const stock: { productId: string; quantity: number }[] = [];
    for (const [productId, quantity] of quantities) {
      const product = byId.get(productId);
      if (!product) continue;
      const newQuantity = product.stockQuantity - quantity;
      stock.push({ productId, quantity: newQuantity });
      movements.push({
        companyId: scope.companyId,
        branchId: scope.branchId,
        productId,
        movementType: 'sale' as const,
        direction: 'out' as const,
        quantity,
        previousQuantity: product.stockQuantity,
        newQuantity,
        userId: actor.userId,
        referenceType: 'sale',
        referenceId: id,
      });
    }

    await setStocks(tx, { companyId: scope.companyId, rows: stock });

    const receiptNumber = receiptNumberOf(await repo.nextReceiptNumber(tx, scope));
    await repo.insertSale(
      tx,
      {
        companyId: scope.companyId,
        id,
        branchId: scope.branchId,
        receiptNumber,
        cashierId: actor.userId,
        customerId: customer?.id ?? null,
        paymentMethod: input.payment_method,
        status: 'completed',
        subtotal: totals.subtotal.toFixed(2),
        discountType: input.discount_type,
        discountValue: input.discount_value.toFixed(2),
        discountAmount: totals.discountAmount.toFixed(2),
        taxRate: input.tax_rate.toFixed(2),
        taxAmount: totals.tax.toFixed(2),
        total: totals.total.toFixed(2),
        amountPaid: fromMinor(amountPaid).toFixed(2),
        changeAmount: fromMinor(amountPaid - totals.minor.total).toFixed(2),
        idempotencyKey: key ?? null,
        requestHash,
      },
      input.items.map((line) => {
        const product = byId.get(line.product_id);
        const unitPrice = product?.price ?? 0;
        return {
          companyId: scope.companyId,
          productId: line.product_id,
          productName: product?.name ?? '',
          productSku: product?.sku ?? null,
          quantity: line.quantity,
          unitPrice: unitPrice.toFixed(2),
          subtotal: fromMinor(toMinor(unitPrice) * line.quantity).toFixed(2),
        };
      }),
    );
    await insertMovements(tx, movements);
    return { id, isReplay: false };
  });

  const found = await repo.findSale(db, { id: saleId.id, companyIds: [scope.companyId] });
  if (!found) throw new Error('sale vanished after commit');
  return { sale: found.sale, isReplay: saleId.isReplay };
}

export async function getSale(db: Db, actor: Actor, id: string): Promise<Sale> {
  const found = await repo.findSale(db, { id, companyIds: await accessibleCompanyIds(db, actor) });
  if (!found) throw notFound('Transaction');
  // The branch rule of every call (a cashier sees only their branch), with 404 rather than 403 outside it.
  await resolveBranch(db, { actor, branchId: found.branchId, permission: 'view_transactions' });
  return found.sale;
}

export type SaleListQuery = {
  page: number;
  limit: number;
  branchId: string;
  cashierName?: string;
  paymentMethod?: PaymentMethod;
  status?: string;
  receiptNumber?: string;
  startDate?: string;
  endDate?: string;
};

/** 'rcp-12' -> prefix 'RCP-12'; digits alone are one receipt: '42' -> exactly 'RCP-000042'. */
export function receiptFilter(input: string): { value: string; exact: boolean } {
  const value = input.trim().toUpperCase();
  if (/^\d{1,9}$/.test(value)) return { value: receiptNumberOf(Number(value)), exact: true };
  return { value, exact: false };
}

/**
 * GET /transactions: a page of one branch's sales, newest first. Three queries whatever the page size
 * (the rows, their item counts or items, the total); with a receiptNumber each row carries its items
 * (the return lookup needs returnedQuantity per line).
 */
export async function listSales(
  db: Db,
  actor: Actor,
  query: SaleListQuery,
): Promise<{ items: TransactionListItem[]; meta: PageMeta }> {
  const scope = await resolveBranch(db, { actor, branchId: query.branchId, permission: 'view_transactions' });
  const filters: repo.SaleListFilters = {
    cashierName: query.cashierName,
    paymentMethod: query.paymentMethod,
    status: query.status,
    startDate: query.startDate,
    endDate: query.endDate,
    receipt: query.receiptNumber ? receiptFilter(query.receiptNumber) : undefined,
  };
  const offset = (query.page - 1) * query.limit;
  const page = { limit: query.limit, offset };
  // Page 1: both at once. A later page: the (cheap) count first, so a page past the end reads no rows
  // rather than walking the whole branch to skip them.
  const [rows, total] =
    offset === 0
      ? await Promise.all([repo.listSales(db, scope, filters, page), repo.countSales(db, scope, filters)])
      : await repo
          .countSales(db, scope, filters)
          .then(async (n) => [n > offset ? await repo.listSales(db, scope, filters, page) : [], n] as const);
  const saleIds = rows.map((r) => r.id);
  const withItems = Boolean(filters.receipt);
  const itemsBySale = withItems ? await repo.saleItemsOf(db, { companyId: scope.companyId, saleIds }) : undefined;
  const counts = withItems ? undefined : await repo.saleItemCounts(db, { companyId: scope.companyId, saleIds });

  const items = rows.map((r): TransactionListItem => {
    const lines = itemsBySale?.get(r.id);
    const c = lines
      ? {
          lines: lines.length,
          quantity: lines.reduce((n, l) => n + l.quantity, 0),
          returned: lines.reduce((n, l) => n + l.returnedQuantity, 0),
        }
      : (counts?.get(r.id) ?? { lines: 0, quantity: 0, returned: 0 });
    return {
      id: r.id,
      receiptNumber: r.receiptNumber,
      transactionDate: r.createdAt.toISOString(),
      cashierName: r.cashierName,
      customer:
        r.customerId && r.customerName ? { id: r.customerId, name: r.customerName, phone: r.customerPhone } : null,
      paymentMethod: r.paymentMethod,
      status: r.status,
      subtotal: toMoney(r.subtotal),
      discountAmount: toMoney(r.discountAmount),
      taxAmount: toMoney(r.taxAmount),
      total: toMoney(r.total),
      itemCount: c.lines,
      totalQuantity: c.quantity,
      returnedQuantity: c.returned,
      ...(lines && { items: lines }),
    };
  });
  return { items, meta: pageMeta({ total, page: query.page, limit: query.limit }) };
}

/** GET /transactions/analytics: view_sales (Super Admin, Manager); a cashier gets 403. */
export async function getAnalytics(
  db: Db,
  actor: Actor,
  { branchId, startDate, endDate }: { branchId: string; startDate?: string; endDate?: string },
): Promise<TransactionAnalytics> {
  const scope = await resolveBranch(db, { actor, branchId, permission: 'view_sales' });
  return salesFigures(db, scope, { startDate, endDate });
}
