import { computeCartTotals, type DiscountType, saleSettlement, toMinor, type Unit } from '@pos/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The register's own cart (apps/web): its store normalizes the inputs and cartTotals is what it shows.
import { cartTotals, createCartStore } from '../../../web/src/features/pos/store/cart-store';
import {
  branches,
  customerCreditEntries,
  customers,
  items,
  products,
  stockMovements,
  variants,
} from '../../src/db/schema';
import { refreshListings } from '../../src/domain/catalog.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createCustomer, createTaxClass, createTenant, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

/**
 * Money properties: for random carts (1-50 lines, prices 0.01-100,000.00, quantities 1-20 pieces or
 * 0.001-20.000 kg,
 * percentage or amount discounts, tax rates 0-100 with 2 decimals, each line of the branch's rate or of
 * an exempt, a reduced or a retail-price tax class (its 18 % inside the price)) the register's totals (its cart
 * store and cartTotals), the shared money module's and the server's (a real POST /api/transactions,
 * which recomputes from the database's prices) are the same to the cent; paid by card, in cash or split
 * between them, the sale's tender lines are the shared module's (card, cash, a split of both, or store credit,
 * card and cash), sum to its total, and its change is the cash handed over beyond it.
 */
const RUNS = Number(process.env.MONEY_RUNS ?? 25);
/** The customer whose store credit pays part of the three-way payments (a balance no cart exhausts). */
const CREDIT_PHONE = '03009990001';

const cartArb = fc.record({
  lines: fc.array(
    fc.oneof(
      fc.record({
        priceCents: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 })),
        unit: fc.constant<Unit>('piece'),
        quantity: fc.integer({ min: 1, max: 20 }),
        taxClass: fc.constantFrom('branch', 'exempt', 'reduced', 'retail'),
      }),
      // Weighed goods: a quantity in kg with 3 decimals, the line's goods rounded half up to the cent.
      fc.record({
        priceCents: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 })),
        unit: fc.constant<Unit>('kg'),
        quantity: fc.integer({ min: 1, max: 20_000 }).map((milli) => milli / 1000),
        taxClass: fc.constantFrom('branch', 'exempt', 'reduced', 'retail'),
      }),
    ),
    { minLength: 1, maxLength: 50 },
  ),
  taxBasisPoints: fc.oneof(fc.constantFrom(0, 500, 1750, 1600, 10_000), fc.integer({ min: 0, max: 10_000 })),
  discountType: fc.constantFrom<DiscountType>('percentage', 'amount'),
  percent: fc.integer({ min: 0, max: 100 }),
  amountCents: fc.integer({ min: 0, max: 50_000_000 }),
  // How it is paid: by card, in cash, or split: a share of the total by card, the rest and more in cash; or
  // three ways: a share in store credit (or on the customer's account), a share of the rest by card, the rest
  // and more in cash.
  tender: fc.record({
    kind: fc.constantFrom('card', 'cash', 'split', 'credit', 'account'),
    cardBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    creditBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    cashOverCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
  }),
});

/**
 * The payment fields of a sale of `total` (minor units): the spec's single card or cash tender, or a split
 * of card (its share of the total, at least a cent and short of the total) and cash (the rest, and more).
 * A total below 2 cents cannot split and goes by card.
 */
function paymentOf(
  total: number,
  tender: { kind: string; cardBasisPoints: number; creditBasisPoints: number; cashOverCents: number },
) {
  const major = (minor: number) => minor / 100;
  if ((tender.kind === 'credit' || tender.kind === 'account') && total >= 3) {
    const credit = Math.min(Math.max(Math.floor((total * tender.creditBasisPoints) / 10_000), 1), total - 2);
    const rest = total - credit;
    const card = Math.min(Math.max(Math.floor((rest * tender.cardBasisPoints) / 10_000), 1), rest - 1);
    const cash = rest - card + tender.cashOverCents;
    return {
      payment_method: 'mixed' as const,
      tenders: [
        { method: tender.kind === 'credit' ? ('store_credit' as const) : ('account' as const), amount: major(credit) },
        { method: 'card' as const, amount: major(card) },
        { method: 'cash' as const, amount: major(cash) },
      ],
      amount_paid: major(credit + card + cash),
      change: major(tender.cashOverCents),
      customer: { name: 'Money Customer', phone: CREDIT_PHONE },
    };
  }
  if (tender.kind === 'cash') {
    const paid = total + tender.cashOverCents;
    return { payment_method: 'cash' as const, amount_paid: major(paid), change: major(tender.cashOverCents) };
  }
  if (tender.kind === 'card' || total < 2) {
    return { payment_method: 'card' as const, amount_paid: major(total), change: 0 };
  }
  const card = Math.min(Math.max(Math.floor((total * tender.cardBasisPoints) / 10_000), 1), total - 1);
  const cash = total - card + tender.cashOverCents;
  return {
    payment_method: 'mixed' as const,
    tenders: [
      { method: 'card' as const, amount: major(card) },
      { method: 'cash' as const, amount: major(cash) },
    ],
    amount_paid: major(card + cash),
    change: major(tender.cashOverCents),
  };
}

describe(`money properties (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let token: string;
  let run = 0;
  /**
   * The company's tax classes: exempt (0 %), reduced (7.5 %) and retail price (18 % inside the price);
   * 'branch': no class, the cart's rate.
   */
  const classes = new Map<string, { id: string; rate: number; included?: boolean }>();

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    token = await login(ctx.app, tenant.cashier.username);
    // Any discount and tax 0 without a manager's approval: the money is what is tested here.
    await ctx.database.db
      .update(branches)
      .set({ cashierMaxDiscountPercent: '100', cashierMayZeroTax: true })
      .where(eq(branches.id, tenant.main.id));
    const exempt = await createTaxClass(ctx.database.db, { companyId: tenant.company.id });
    const reduced = await createTaxClass(ctx.database.db, {
      companyId: tenant.company.id,
      kind: 'reduced',
      rate: '7.50',
    });
    const retail = await createTaxClass(ctx.database.db, {
      companyId: tenant.company.id,
      kind: 'retail_price',
      rate: '18.00',
    });
    classes.set('exempt', { id: exempt.id, rate: 0 });
    classes.set('reduced', { id: reduced.id, rate: 7.5 });
    classes.set('retail', { id: retail.id, rate: 18, included: true });
    // The customer of the three-way payments, with store credit enough for any cart (an entry of the ledger).
    const customer = await createCustomer(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      phone: CREDIT_PHONE,
    });
    await ctx.database.db.insert(customerCreditEntries).values({
      companyId: tenant.company.id,
      customerId: customer.id,
      amount: '9000000000.00',
      kind: 'adjustment',
      note: 'Money properties',
    });
    // And a credit limit on account as large (the limit's approval is tested in customer-accounts).
    await ctx.database.db
      .update(customers)
      .set({ creditLimit: '900000000000.00' })
      .where(eq(customers.id, customer.id));
  });
  afterAll(() => ctx.close());

  /** Products at the given prices in the cashier's branch, 1,000 in stock each (initial_stock movements). */
  async function productsAt(lines: { price: string; unit: Unit; taxClass: string }[]) {
    run += 1;
    const rows = await ctx.database.db
      .insert(products)
      .values(
        lines.map(({ price, unit }, i) => ({
          companyId: tenant.company.id,
          branchId: tenant.main.id,
          name: `Money ${run}-${i}`,
          sku: `MONEY-${run}-${i}`,
          cost: '0.01',
          price,
          unit,
          stockQuantity: 1000,
        })),
      )
      .returning();
    // Each product's item takes its line's class; the catalogue's one writer copies the rate to the listing.
    for (const [i, p] of rows.entries()) {
      const taxClass = classes.get(lines[i]?.taxClass ?? 'branch');
      if (!taxClass) continue;
      const [variant] = await ctx.database.db
        .select({ itemId: variants.itemId })
        .from(variants)
        .where(eq(variants.id, p.variantId));
      if (!variant) throw new Error('variant');
      await ctx.database.db.update(items).set({ taxClassId: taxClass.id }).where(eq(items.id, variant.itemId));
      await refreshListings(ctx.database.db, tenant.company.id, [variant.itemId]);
    }
    await ctx.database.db.insert(stockMovements).values(
      rows.map((p) => ({
        companyId: p.companyId,
        branchId: p.branchId,
        productId: p.id,
        movementType: 'initial_stock' as const,
        direction: 'in' as const,
        quantity: 1000,
        previousQuantity: 0,
        newQuantity: 1000,
      })),
    );
    // A new product's price is its chain price, which the listing does not store: the line's price.
    return rows.map((p, i) => ({ ...p, price: lines[i]?.price ?? '' }));
  }

  it('the server, the money module and the register agree to the cent on random carts', async () => {
    await fc.assert(
      fc.asyncProperty(cartArb, async (c) => {
        const rows = await productsAt(
          c.lines.map((l) => ({ price: (l.priceCents / 100).toFixed(2), unit: l.unit, taxClass: l.taxClass })),
        );
        // The register: its store takes the lines, the tax rate and the discount as the cashier enters them.
        const store = createCartStore();
        store.getState().resetForBranch(tenant.main.id);
        rows.forEach((p, i) => {
          const line = c.lines[i];
          if (!line) return;
          const added = store.getState().addProduct(
            {
              id: p.id,
              name: p.name,
              sku: p.sku,
              price: Number(p.price),
              stockQuantity: p.stockQuantity,
              unit: p.unit,
              taxRate: classes.get(line.taxClass)?.rate ?? null,
              taxIncluded: classes.get(line.taxClass)?.included ?? false,
            },
            line.quantity,
          );
          expect(added).toBe('added');
        });
        store.getState().setTaxRate(c.taxBasisPoints / 100);
        store.getState().setDiscountType(c.discountType);
        store.getState().setDiscountValue(c.discountType === 'percentage' ? c.percent : c.amountCents / 100);
        const state = store.getState();
        const cart = state.carts.find((x) => x.id === state.activeCartId);
        if (!cart) throw new Error('no active cart');
        const register = cartTotals(cart).minor;
        const shared = computeCartTotals({
          items: cart.items.map((i) => ({
            price: i.price,
            quantity: i.quantity,
            taxRate: i.taxRate,
            taxIncluded: i.taxIncluded,
          })),
          taxRate: cart.taxRate,
          discountType: cart.discountType,
          discountValue: cart.discountValue,
        }).minor;
        expect(register).toEqual(shared);

        const total = register.total / 100;
        const payment = paymentOf(register.total, c.tender);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/transactions',
          headers: bearer(token),
          payload: {
            branchId: tenant.main.id,
            items: cart.items.map((i) => ({
              product_id: i.productId,
              quantity: i.quantity,
              price: i.price,
              ...(i.taxRate !== undefined && { tax_rate: i.taxRate }),
              ...(i.taxIncluded && { tax_included: true }),
            })),
            subtotal: register.subtotal / 100,
            tax: register.tax / 100,
            tax_rate: cart.taxRate,
            discount_type: cart.discountType,
            discount_value: cart.discountValue,
            discount_amount: register.discountAmount / 100,
            total,
            ...payment,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const sale = res.json().data as {
          subtotal: number;
          discountAmount: number;
          taxAmount: number;
          serviceFee: number;
          total: number;
          amountPaid: number;
          changeAmount: number;
          tenders: { method: string; amount: number }[];
        };
        expect({
          subtotal: toMinor(sale.subtotal),
          discountAmount: toMinor(sale.discountAmount),
          tax: toMinor(sale.taxAmount),
          serviceFee: toMinor(sale.serviceFee),
          total: toMinor(sale.total),
        }).toEqual(register);
        // The payment as the shared module settles it: the same received, change and tender lines; the
        // lines sum to the total and the change is the cash handed over beyond it.
        const settled = saleSettlement(payment, register.total);
        if ('problem' in settled) throw new Error(settled.problem);
        expect({
          paid: toMinor(sale.amountPaid),
          change: toMinor(sale.changeAmount),
          lines: sale.tenders.map((t) => ({ method: t.method, amount: toMinor(t.amount) })),
        }).toEqual(settled);
        expect(settled.lines.reduce((n, t) => n + t.amount, 0)).toBe(register.total);
        expect(settled.change).toBe(payment.payment_method === 'card' ? 0 : c.tender.cashOverCents);
        // Store credit paid its part from the customer's balance, the account charged its part to the
        // customer (the invariants check each entry is its tender line).
        const methods = sale.tenders.map((t) => t.method);
        expect(methods.includes('store_credit') || methods.includes('account')).toBe('customer' in payment);
      }),
      { numRuns: RUNS },
    );
  });

  it('the server and the money module agree on percentage discounts with 2 decimals (the register takes whole percents)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ priceCents: fc.integer({ min: 1, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 20 }) }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (lines, discountBasisPoints, taxBasisPoints) => {
          const rows = await productsAt(
            lines.map((l) => ({ price: (l.priceCents / 100).toFixed(2), unit: 'piece', taxClass: 'branch' })),
          );
          const items = rows.map((p, i) => ({
            product_id: p.id,
            quantity: lines[i]?.quantity ?? 1,
            price: Number(p.price),
          }));
          const input = {
            taxRate: taxBasisPoints / 100,
            discountType: 'percentage' as const,
            discountValue: discountBasisPoints / 100,
          };
          const shared = computeCartTotals({ items, ...input });
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/transactions',
            headers: bearer(token),
            payload: {
              branchId: tenant.main.id,
              items,
              subtotal: shared.subtotal,
              tax: shared.tax,
              tax_rate: input.taxRate,
              discount_type: 'percentage',
              discount_value: input.discountValue,
              discount_amount: shared.discountAmount,
              total: shared.total,
              payment_method: 'card',
              amount_paid: shared.total,
              change: 0,
            },
          });
          expect(res.statusCode, res.body).toBe(201);
          const sale = res.json().data as {
            subtotal: number;
            discountAmount: number;
            taxAmount: number;
            serviceFee: number;
            total: number;
          };
          expect({
            subtotal: toMinor(sale.subtotal),
            discountAmount: toMinor(sale.discountAmount),
            tax: toMinor(sale.taxAmount),
            serviceFee: toMinor(sale.serviceFee),
            total: toMinor(sale.total),
          }).toEqual(shared.minor);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('the data invariants hold after the random sales', async () => {
    expect(await checkInvariants(ctx.database.db)).toEqual([]);
  });
});
