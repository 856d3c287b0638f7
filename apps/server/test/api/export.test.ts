import { ROLE_IDS } from '@pos/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  createUser,
  login,
  request,
} from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Row = Record<string, string>;

/**
 * CSV exports (docs/ARCHITECTURE.md, 'CSV in and out'): each list's export twin answers the list's rows
 * for the same filters, every page of them, as a streamed text/csv attachment; cost and stock value
 * columns only for roles with view_cost.
 */
describe(`CSV exports (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };
  const db = () => ctx.database.db;

  async function csv(url: string, token = tokens.manager): Promise<{ rows: Row[]; headers: string[]; raw: string }> {
    const res = await request(ctx.app, token, { url: `/api${url}` });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = parse(res.body, { bom: true, columns: true }) as Row[];
    const headers = (parse(res.body, { bom: true, to_line: 1 }) as string[][])[0] ?? [];
    return { rows, headers, raw: res.body };
  }

  /** Every page of a list, as the list API answers it. */
  async function all<T>(url: string, token = tokens.manager): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const res = await request(ctx.app, token, {
        url: `/api${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=7`,
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const body = res.json() as { data: T[]; meta: { totalPages: number } };
      out.push(...body.data);
      if (page >= body.meta.totalPages) return out;
    }
  }

  const money = (n: number) => String(n);
  /** A text cell as exported: one starting like a formula (= + - @, '+92 300 ...' too) gets a leading '. */
  const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const cola = await createProduct(db(), { companyId, branchId, name: 'Cola, "big"\n1.5L', price: '100.00' });
    const chips = await createProduct(db(), { companyId, branchId, name: '=SUM(A1)', price: '12.50', cost: '7.25' });
    const alice = await createUser(db(), { roleId: ROLE_IDS.cashier, companyId, branchId });
    const customer = await createCustomer(db(), { companyId, branchId, name: 'Sara Ahmed', phone: '+923001234567' });
    for (let day = 1; day <= 12; day++) {
      const { sale, items } = await createSale(db(), {
        companyId,
        branchId,
        cashierId: day % 2 ? tenant.cashier.id : alice.id,
        paymentMethod: day % 3 ? 'cash' : 'card',
        customerId: day === 5 ? customer.id : null,
        lines: [
          { product: cola, quantity: 1 + (day % 3) },
          { product: chips, quantity: 2 },
        ],
        createdAt: new Date(Date.UTC(2024, 0, day, 7)),
      });
      const first = items[0];
      if (day === 4 && first) {
        await createReturn(db(), {
          companyId,
          branchId,
          saleId: sale.id,
          processedBy: tenant.manager.id,
          items: [{ saleItemId: first.id, quantity: 1 }],
          createdAt: new Date(Date.UTC(2024, 0, day, 9)),
        });
      }
    }
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  it('transactions: the list rows for the same filters, every page, newest first', async () => {
    const q = `branchId=${tenant.main.id}&startDate=2024-01-03&endDate=2024-01-10&paymentMethod=cash`;
    type Item = {
      receiptNumber: string;
      transactionDate: string;
      cashierName: string | null;
      customer: { name: string; phone?: string | null } | null;
      paymentMethod: string;
      status: string;
      itemCount: number;
      totalQuantity: number;
      returnedQuantity: number;
      subtotal: number;
      discountAmount: number;
      taxAmount: number;
      total: number;
    };
    const listed = await all<Item>(`/transactions?${q}`);
    const { rows, headers } = await csv(`/transactions/export.csv?${q}`);
    expect(listed.length).toBeGreaterThan(3);
    expect(headers[0]).toBe('Receipt number');
    expect(rows).toEqual(
      listed.map((t) => ({
        'Receipt number': t.receiptNumber,
        Date: t.transactionDate,
        Cashier: t.cashierName ?? '',
        Customer: t.customer?.name ?? '',
        'Customer phone': text(t.customer?.phone ?? ''),
        'Payment method': t.paymentMethod,
        Status: t.status,
        Items: String(t.itemCount),
        Quantity: String(t.totalQuantity),
        'Returned quantity': String(t.returnedQuantity),
        Subtotal: money(t.subtotal),
        Discount: money(t.discountAmount),
        Tax: money(t.taxAmount),
        Total: money(t.total),
      })),
    );
    // A cashier exports their branch's sales too (the list's own rule).
    expect((await csv(`/transactions/export.csv?${q}`, tokens.cashier)).rows).toHaveLength(listed.length);
  });

  it('products: the list rows for the same filters; a cashier gets no Cost column', async () => {
    type Item = {
      name: string;
      sku: string | null;
      category: { name: string } | null;
      brand: { name: string } | null;
      price: number;
      cost?: number;
      stockQuantity: number;
      lowStockThreshold: number;
      maxStock: number;
      description: string | null;
    };
    const asRow = (p: Item, withCost: boolean) => ({
      Name: text(p.name),
      SKU: p.sku ?? '',
      Category: p.category?.name ?? '',
      Brand: p.brand?.name ?? '',
      Price: money(p.price),
      ...(withCost && { Cost: money(p.cost ?? -1) }),
      Stock: String(p.stockQuantity),
      'Low stock threshold': String(p.lowStockThreshold),
      'Max stock': String(p.maxStock),
      Description: p.description ?? '',
    });
    for (const q of [`branchId=${tenant.main.id}`, `branchId=${tenant.main.id}&search=co`]) {
      const listed = await all<Item>(`/products?${q}`);
      expect(listed.length).toBeGreaterThan(0);
      const manager = await csv(`/products/export.csv?${q}`);
      expect(manager.headers).toContain('Cost');
      expect(manager.rows).toEqual(listed.map((p) => asRow(p, true)));

      const cashierList = await all<Item>(`/products?${q}`, tokens.cashier);
      const cashier = await csv(`/products/export.csv?${q}`, tokens.cashier);
      expect(cashier.headers).not.toContain('Cost');
      expect(cashier.raw).not.toMatch(/7\.25/);
      expect(cashier.rows).toEqual(cashierList.map((p) => asRow(p, false)));
    }
    // Quoted fields with commas, quotes and a newline come back whole; a formula is kept as text.
    const { rows } = await csv(`/products/export.csv?branchId=${tenant.main.id}`);
    expect(rows.map((r) => r.Name)).toEqual(expect.arrayContaining(['Cola, "big"\n1.5L', "'=SUM(A1)"]));
  });

  it('customers, returns and users: the list rows for the same filters', async () => {
    const b = `branchId=${tenant.main.id}`;
    type Customer = {
      name: string;
      phone: string;
      email: string | null;
      transactionsCount: number;
      totalSpent: number;
    };
    const customers = await all<Customer>(`/customers?${b}`);
    expect(customers.length).toBeGreaterThan(0);
    expect(
      (await csv(`/customers/export.csv?${b}`)).rows.map((r) => [r.Name, r.Phone, r.Transactions, r['Total spent']]),
    ).toEqual(customers.map((c) => [c.name, text(c.phone), String(c.transactionsCount), money(c.totalSpent)]));

    type Ret = { returnNumber: string; refundAmount: number; status: string; items: unknown[] };
    const q = `${b}&startDate=2024-01-01&endDate=2024-01-31`;
    const returns = await all<Ret>(`/returns?${q}`);
    expect(returns.length).toBe(1);
    expect(
      (await csv(`/returns/export.csv?${q}`)).rows.map((r) => [r['Return number'], r.Refund, r.Status, r.Items]),
    ).toEqual(returns.map((r) => [r.returnNumber, money(r.refundAmount), r.status, String(r.items.length)]));

    type User = { name: string; username: string; roles: { name: string }[] };
    const users = await all<User>(`/users?companyId=${tenant.company.id}`, tokens.admin);
    const exported = await csv(`/users/export.csv?companyId=${tenant.company.id}`, tokens.admin);
    expect(exported.rows.map((r) => [r.Name, r.Username, r.Role])).toEqual(
      users.map((u) => [u.name, u.username, u.roles[0]?.name]),
    );
    expect(exported.headers).not.toContain('Password');
    // The list's permission: a cashier manages no users.
    const denied = await request(ctx.app, tokens.cashier, {
      url: `/api/users/export.csv?companyId=${tenant.company.id}`,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('stock levels and movements: the list rows for the same filters; a cashier gets no cost or value', async () => {
    const b = `branchId=${tenant.main.id}`;
    type Stock = { name: string; stockQuantity: number; status: string; cost?: number; stockValue?: number };
    for (const [token, withCost] of [
      [tokens.manager, true],
      [tokens.cashier, false],
    ] as const) {
      const listed = await all<Stock>(`/inventory/stock?${b}`, token);
      const exported = await csv(`/inventory/stock/export.csv?${b}`, token);
      expect(exported.headers.includes('Cost')).toBe(withCost);
      expect(exported.headers.includes('Stock value')).toBe(withCost);
      expect(exported.rows.map((r) => [r.Stock, r.Status, r.Cost, r['Stock value']])).toEqual(
        listed.map((p) => [
          String(p.stockQuantity),
          p.status,
          withCost ? money(p.cost ?? -1) : undefined,
          withCost ? money(p.stockValue ?? -1) : undefined,
        ]),
      );
    }
    type Movement = { movementType: string; quantity: number; newQuantity: number; product: { name: string } };
    const listed = await all<Movement>(`/inventory/movements?${b}&movementType=initial_stock`);
    expect(listed.length).toBeGreaterThan(1);
    const exported = await csv(`/inventory/movements/export.csv?${b}&movementType=initial_stock`);
    expect(exported.rows.map((r) => [r.Type, r.Quantity, r['New quantity']])).toEqual(
      listed.map((m) => [m.movementType, String(m.quantity), String(m.newQuantity)]),
    );
  });

  it('an export answers the list filter messages and the access rules of the list', async () => {
    const bad = await request(ctx.app, tokens.manager, {
      url: `/api/transactions/export.csv?branchId=${tenant.main.id}&startDate=2024-02-10&endDate=2024-02-01`,
    });
    expect(bad.statusCode).toBe(400);
    const other = await createTenant(db());
    const outside = await request(ctx.app, tokens.manager, {
      url: `/api/transactions/export.csv?branchId=${other.main.id}`,
    });
    expect(outside.statusCode).toBe(404);
  });
});
