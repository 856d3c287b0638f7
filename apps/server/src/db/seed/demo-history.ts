import { randomUUID } from 'node:crypto';
import { computeCartTotals, computeReturnRefund, fromMinor, type ReturnRefundLine, toMinor } from '@pos/shared';
import { sql } from 'drizzle-orm';
import { nextReceiptNumber, nextReturnNumber } from '../../domain/document-numbers.repo';
import type { Tx } from '../client';
import { customers, registers, returnItems, returns, saleItems, sales, shifts, stockMovements } from '../schema';

type DemoProduct = {
  id: string;
  name: string;
  sku: string;
  price: number;
  stock: number;
  /** Its tax class's rate and id; none: the branch's rate. */
  taxRate?: number | null;
  taxClassId?: string | null;
};
type Movement = typeof stockMovements.$inferInsert & { createdAt: Date };

const DAYS = 21;
const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every fresh demo database tells the same story. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/**
 * Three weeks of sales (and a few returns) for one demo branch, written with their stock movements
 * so that every product's stock equals its opening stock plus the signed sum of its movements and
 * ends at the catalogue's figure. Each product's `stock` is its stock after this history.
 */
export async function seedDemoHistory(
  tx: Tx,
  {
    companyId,
    branchId,
    cashierId,
    products,
    taxRate,
    seed,
    now = new Date(),
  }: {
    companyId: string;
    branchId: string;
    cashierId: string;
    products: DemoProduct[];
    taxRate: number;
    seed: number;
    now?: Date;
  },
): Promise<void> {
  const random = createRandom(seed);
  const branchCustomers = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.companyId} = ${companyId} and ${customers.branchId} = ${branchId}`);
  const sellable = products.filter((p) => p.stock > 0);
  const soldSoFar = new Map<string, number>();

  type PlannedSale = { id: string; createdAt: Date; lines: { product: DemoProduct; quantity: number }[] };
  const planned: PlannedSale[] = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const count = random.int(4, 10);
    for (let i = 0; i < count; i++) {
      // Spread over the day; today's sales all lie in the past hours.
      const offset =
        daysAgo === 0 ? random.int(5, 8 * 60) * 60 * 1000 : daysAgo * DAY - random.int(0, 11 * 60) * 60 * 1000;
      const createdAt = new Date(now.getTime() - offset);
      const lineCount = random.int(1, 3);
      const lines: PlannedSale['lines'] = [];
      for (let l = 0; l < lineCount; l++) {
        const product = sellable[random.int(0, sellable.length - 1)];
        if (!product || lines.some((x) => x.product.id === product.id)) continue;
        lines.push({ product, quantity: random.int(1, 3) });
      }
      planned.push({ id: randomUUID(), createdAt, lines });
    }
  }
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const sale of planned) {
    for (const line of sale.lines)
      soldSoFar.set(line.product.id, (soldSoFar.get(line.product.id) ?? 0) + line.quantity);
  }

  // Returns: every 15th sale gives back one unit of its first line, restocked (the goods were unopened).
  const returned = planned.filter(
    (sale, i) =>
      i % 15 === 7 && sale.createdAt.getTime() < now.getTime() - 3 * DAY && (sale.lines[0]?.product.stock ?? 0) >= 3,
  );
  const restocked = new Map<string, number>();
  for (const sale of returned) {
    const line = sale.lines[0];
    if (line) restocked.set(line.product.id, (restocked.get(line.product.id) ?? 0) + 1);
  }

  const running = new Map<string, number>();
  const movements: Movement[] = [];
  const opening = new Date(now.getTime() - (DAYS + 1) * DAY);
  for (const product of products) {
    const openingStock = product.stock + (soldSoFar.get(product.id) ?? 0) - (restocked.get(product.id) ?? 0);
    running.set(product.id, openingStock);
    if (openingStock > 0) {
      movements.push({
        companyId,
        branchId,
        productId: product.id,
        movementType: 'initial_stock',
        direction: 'in',
        quantity: openingStock,
        previousQuantity: 0,
        newQuantity: openingStock,
        userId: cashierId,
        reason: 'Opening stock',
        createdAt: opening,
      });
    }
  }

  const move = (productId: string, type: 'sale' | 'return', quantity: number, referenceId: string, createdAt: Date) => {
    const previous = running.get(productId) ?? 0;
    const next = type === 'sale' ? previous - quantity : previous + quantity;
    running.set(productId, next);
    movements.push({
      companyId,
      branchId,
      productId,
      movementType: type,
      direction: type === 'sale' ? 'out' : 'in',
      quantity,
      previousQuantity: previous,
      newQuantity: next,
      userId: cashierId,
      referenceType: type,
      referenceId,
      createdAt,
    });
  };

  /** Per sale, its first line and what returning one unit of it refunds (the shared refund rule). */
  const firstLineRefunds = new Map<string, ReturnRefundLine>();
  const returnAt = (sale: PlannedSale) => new Date(sale.createdAt.getTime() + 2 * DAY);
  type Event = { at: Date; sale?: PlannedSale; index?: number; returnOf?: PlannedSale };
  const events: Event[] = [
    ...planned.map((sale, index) => ({ at: sale.createdAt, sale, index })),
    ...returned.map((sale) => ({ at: returnAt(sale), returnOf: sale })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  // The history runs in shifts, one per day at the demo register (a cash sale or refund needs an open
  // shift): each opens before its day's first event and closes after the last one with an exact count.
  const [register] = await tx
    .insert(registers)
    .values({ companyId, branchId, deviceId: 'demo-history', code: 'R1' })
    .returning({ id: registers.id });
  if (!register) throw new Error('demo register');
  const FLOAT = 5000;
  let shift: { id: string; day: string; cash: number; lastAt: Date } | null = null;
  let zNumber = 0;
  const closeShift = async () => {
    if (!shift) return;
    const expected = fromMinor(toMinor(FLOAT) + shift.cash).toFixed(2);
    zNumber += 1;
    await tx
      .update(shifts)
      .set({
        status: 'closed',
        closedAt: new Date(Math.min(shift.lastAt.getTime() + 30 * 60 * 1000, now.getTime())),
        closedBy: cashierId,
        counted: expected,
        expected,
        overShort: '0.00',
        zNumber,
      })
      .where(sql`${shifts.companyId} = ${companyId} and ${shifts.id} = ${shift.id}`);
    shift = null;
  };
  const shiftFor = async (at: Date) => {
    const day = at.toISOString().slice(0, 10);
    if (shift?.day === day) return shift;
    await closeShift();
    const [row] = await tx
      .insert(shifts)
      .values({
        companyId,
        branchId,
        registerId: register.id,
        cashierId,
        openingFloat: FLOAT.toFixed(2),
        openedAt: new Date(at.getTime() - 30 * 60 * 1000),
      })
      .returning({ id: shifts.id });
    if (!row) throw new Error('demo shift');
    shift = { id: row.id, day, cash: 0, lastAt: at };
    return shift;
  };

  for (const event of events) {
    const current = await shiftFor(event.at);
    current.lastAt = event.at;
    if (event.sale && event.index !== undefined) await insertSale(event.sale, event.index, current);
    if (event.returnOf) await insertReturn(event.returnOf, event.at, current);
  }
  await closeShift();

  async function insertSale(sale: PlannedSale, index: number, current: { id: string; cash: number }) {
    if (sale.lines.length === 0) return;
    const discountValue = index % 10 === 3 ? 5 : 0;
    const totals = computeCartTotals({
      items: sale.lines.map((l) => ({ price: l.product.price, quantity: l.quantity, taxRate: l.product.taxRate })),
      taxRate,
      discountType: 'percentage',
      discountValue,
    });
    const isCash = index % 3 !== 2;
    const paid = isCash ? Math.ceil(totals.total / 100) * 100 : totals.total;
    const receiptNumber = await nextReceiptNumber(tx, { branchId });
    const customer = index % 4 === 0 ? branchCustomers[index % Math.max(branchCustomers.length, 1)] : undefined;
    await tx.insert(sales).values({
      companyId,
      id: sale.id,
      branchId,
      receiptNumber,
      cashierId,
      customerId: customer?.id ?? null,
      paymentMethod: isCash ? 'cash' : 'card',
      status: 'completed',
      subtotal: totals.subtotal.toFixed(2),
      discountType: 'percentage',
      discountValue: discountValue.toFixed(2),
      discountAmount: totals.discountAmount.toFixed(2),
      taxRate: taxRate.toFixed(2),
      taxAmount: totals.tax.toFixed(2),
      total: totals.total.toFixed(2),
      amountPaid: paid.toFixed(2),
      changeAmount: fromMinor(toMinor(paid) - totals.minor.total).toFixed(2),
      createdAt: sale.createdAt,
      soldAt: sale.createdAt,
      registerId: register?.id ?? null,
      shiftId: current.id,
    });
    if (isCash) current.cash += totals.minor.total;
    const rows = sale.lines.map((l) => ({
      companyId,
      id: randomUUID(),
      saleId: sale.id,
      productId: l.product.id,
      productName: l.product.name,
      productSku: l.product.sku,
      quantity: l.quantity,
      unitPrice: l.product.price.toFixed(2),
      subtotal: fromMinor(toMinor(l.product.price) * l.quantity).toFixed(2),
      taxRate: (l.product.taxRate ?? taxRate).toFixed(2),
      taxClassId: l.product.taxClassId ?? null,
    }));
    await tx.insert(saleItems).values(rows);
    if (rows[0]) {
      const refund = computeReturnRefund({
        sale: {
          discountAmount: totals.discountAmount,
          taxAmount: totals.tax,
          items: rows.map((r) => ({
            id: r.id,
            quantity: r.quantity,
            unitPrice: Number(r.unitPrice),
            taxRate: Number(r.taxRate),
            returnedQuantity: 0,
          })),
        },
        lines: [{ saleItemId: rows[0].id, quantity: 1, restockingFee: 0 }],
      });
      if (refund.lines[0]) firstLineRefunds.set(sale.id, refund.lines[0]);
    }
    for (const line of sale.lines) move(line.product.id, 'sale', line.quantity, sale.id, sale.createdAt);
  }

  async function insertReturn(sale: PlannedSale, createdAt: Date, current: { id: string; cash: number }) {
    const line = sale.lines[0];
    const refund = firstLineRefunds.get(sale.id);
    if (!line || !refund) return;
    const saleItemId = refund.saleItemId;
    const id = randomUUID();
    const amount = fromMinor(refund.refund).toFixed(2);
    // From the branch's return sequence (migration 0006), so returns made later continue after these.
    const returnNumber = await nextReturnNumber(tx, { branchId });
    await tx.insert(returns).values({
      companyId,
      id,
      branchId,
      returnNumber,
      originalSaleId: sale.id,
      processedBy: cashierId,
      status: 'completed',
      refundAmount: amount,
      refundMethod: 'cash',
      reason: 'customer_change_mind',
      createdAt,
      registerId: register?.id ?? null,
      shiftId: current.id,
    });
    current.cash -= refund.refund;
    await tx.insert(returnItems).values({
      companyId,
      returnId: id,
      saleItemId,
      productId: line.product.id,
      productName: line.product.name,
      productSku: line.product.sku,
      quantity: 1,
      unitPrice: line.product.price.toFixed(2),
      restockingFee: '0.00',
      discountAmount: fromMinor(refund.discount).toFixed(2),
      taxAmount: fromMinor(refund.tax).toFixed(2),
      goods: fromMinor(refund.goods).toFixed(2),
      condition: 'new',
      isRestockable: true,
      totalAmount: amount,
    });
    await tx.execute(
      sql`update sale_items set returned_quantity = returned_quantity + 1 where company_id = ${companyId} and id = ${saleItemId}`,
    );
    move(line.product.id, 'return', 1, id, createdAt);
  }

  movements.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (let i = 0; i < movements.length; i += 500) await tx.insert(stockMovements).values(movements.slice(i, i + 500));
}
