import { EXPORT_CONTENT_TYPES, ROLE_IDS } from '@pos/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
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
 * List exports (docs/architecture/imports-exports.md): each list's export twin answers the list's rows
 * for the same filters, every page of them, as a streamed text/csv attachment, or with format=xlsx an
 * Excel workbook of typed cells; cost and stock value columns only for roles with view_cost. The main
 * branch's time zone is Asia/Karachi (UTC+05:00, no daylight saving).
 */
describe(`CSV and XLSX exports (${engineName()})`, () => {
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

  /** An XLSX export read back with exceljs: its one sheet's headers, and each row's cells by header. */
  async function xlsx(url: string, token = tokens.manager) {
    const res = await request(ctx.app, token, { url: `/api${url}${url.includes('?') ? '&' : '?'}format=xlsx` });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    expect(res.headers['content-type']).toBe(EXPORT_CONTENT_TYPES.xlsx);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d\d-\d\d\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, ExcelJS.Cell>[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1)])));
    });
    return { headers, rows };
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

  /** Money as the CSV writes it: 2 decimals. */
  const money = (n: number) => n.toFixed(2);
  /** An instant as the CSV writes it: the branch's wall clock (Karachi, +05:00) with the offset. */
  const karachi = (iso: string) => `${new Date(Date.parse(iso) + 5 * 3600_000).toISOString().slice(0, 19)}+05:00`;
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
    // A phone and a SKU with leading zeros, as a spreadsheet would lose them to numbers.
    const zainab = await createCustomer(db(), {
      companyId,
      branchId,
      name: 'Zainab Bibi',
      phone: '03151234567',
      createdAt: new Date(Date.UTC(2024, 0, 2, 9, 30)),
    });
    const tea = await createProduct(db(), { companyId, branchId, name: 'Green tea', sku: '00123', price: '250.40' });
    await createSale(db(), {
      companyId,
      branchId,
      cashierId: tenant.cashier.id,
      paymentMethod: 'card',
      customerId: zainab.id,
      lines: [{ product: tea, quantity: 3 }],
      createdAt: new Date(Date.UTC(2024, 0, 20, 19, 45, 30)),
    });
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
        Date: karachi(t.transactionDate),
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
        // Every sale here has one tender: its total.
        'Paid by cash': money(t.paymentMethod === 'cash' ? t.total : 0),
        'Paid by card': money(t.paymentMethod === 'card' ? t.total : 0),
        'Paid by store credit': money(0),
        'Paid by account': money(0),
        'Paid by gift voucher': money(0),
        'Paid by exchange': money(0),
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
      unit: string;
      barcodes: string[];
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
      Unit: p.unit,
      Barcodes: p.barcodes.join(' '),
      // No tax class in this company: each branch's rate.
      'Tax class': '',
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

  it('CSV dates are the branch wall clock with its offset', async () => {
    const { rows } = await csv(`/customers/export.csv?branchId=${tenant.main.id}&search=Zainab`);
    // Created 09:30 UTC: 14:30 in Karachi.
    expect(rows.map((r) => r['Customer since'])).toEqual(['2024-01-02T14:30:00+05:00']);
    const sales = await csv(
      `/transactions/export.csv?branchId=${tenant.main.id}&startDate=2024-01-21&endDate=2024-01-21`,
    );
    // 19:45:30 UTC on the 20th is the 21st past midnight in Karachi: the branch's day, the branch's clock.
    expect(sales.rows.map((r) => [r.Date, r['Customer phone'], r.Total])).toEqual([
      ['2024-01-21T00:45:30+05:00', '03151234567', '751.20'],
    ]);
  });

  it('XLSX: phones and SKUs are text, dates real dates at the branch wall clock, money numbers with 2 decimals', async () => {
    const b = `branchId=${tenant.main.id}`;
    const customers = await xlsx(`/customers/export.csv?${b}`);
    expect(customers.headers).toEqual((await csv(`/customers/export.csv?${b}`)).headers);
    const zainab = customers.rows.find((r) => r.Name?.value === 'Zainab Bibi');
    if (!zainab) throw new Error('Zainab is in the export');
    expect(zainab.Phone?.type).toBe(ExcelJS.ValueType.String);
    expect(zainab.Phone?.value).toBe('03151234567');
    expect(zainab.Phone?.numFmt).toBe('@');
    expect(zainab['Customer since']?.type).toBe(ExcelJS.ValueType.Date);
    // A spreadsheet date has no zone: it holds the wall clock (14:30 in Karachi), read back in UTC fields.
    expect(zainab['Customer since']?.value).toEqual(new Date(Date.UTC(2024, 0, 2, 14, 30)));
    expect(zainab['Customer since']?.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(zainab['Total spent']?.type).toBe(ExcelJS.ValueType.Number);
    expect(zainab['Total spent']?.value).toBe(751.2);
    expect(zainab['Total spent']?.numFmt).toBe('#,##0.00');
    expect(zainab.Transactions?.value).toBe(1);
    expect(zainab.Active?.value).toBe(true);
    // The '+' phone is text too, without the CSV's guard: a typed cell is never a formula.
    expect(customers.rows.find((r) => r.Name?.value === 'Sara Ahmed')?.Phone?.value).toBe('+923001234567');

    const products = await xlsx(`/products/export.csv?${b}`);
    const tea = products.rows.find((r) => r.SKU?.value === '00123');
    expect(tea?.SKU?.type).toBe(ExcelJS.ValueType.String);
    expect(tea?.Name?.value).toBe('Green tea');
    expect(tea?.Price?.type).toBe(ExcelJS.ValueType.Number);
    expect(tea?.Price?.value).toBe(250.4);
    expect(tea?.Price?.numFmt).toBe('#,##0.00');
    expect(tea?.Stock?.type).toBe(ExcelJS.ValueType.Number);
    const formula = products.rows.find((r) => String(r.Name?.value).startsWith('=SUM'));
    expect(formula?.Name?.type).toBe(ExcelJS.ValueType.String);
    expect(formula?.Name?.value).toBe('=SUM(A1)');
    // Cost only with view_cost, as in the CSV.
    expect(products.headers).toContain('Cost');
    expect((await xlsx(`/products/export.csv?${b}`, tokens.cashier)).headers).not.toContain('Cost');

    const q = `${b}&startDate=2024-01-21&endDate=2024-01-21`;
    const sales = await xlsx(`/transactions/export.csv?${q}`);
    expect(sales.rows).toHaveLength(1);
    const [sale] = sales.rows;
    expect(sale?.Date?.value).toEqual(new Date(Date.UTC(2024, 0, 21, 0, 45, 30)));
    expect(sale?.['Customer phone']?.value).toBe('03151234567');
    expect(sale?.Quantity?.value).toBe(3);
    expect(sale?.Total?.value).toBe(751.2);
    expect(sale?.Total?.numFmt).toBe('#,##0.00');
    // Every row of the list, in its order, as the CSV has them.
    const all = `${b}&startDate=2024-01-01&endDate=2024-01-31`;
    expect((await xlsx(`/transactions/export.csv?${all}`)).rows.map((r) => r['Receipt number']?.value)).toEqual(
      (await csv(`/transactions/export.csv?${all}`)).rows.map((r) => r['Receipt number']),
    );
  });

  it('a report by day has its days as dates in XLSX', async () => {
    const q = `branchId=${tenant.main.id}&startDate=2024-01-01&endDate=2024-01-03`;
    const { rows } = await xlsx(`/reports/sales-by-day/export.csv?${q}`);
    expect(rows.map((r) => r.Label?.value)).toEqual([1, 2, 3].map((d) => new Date(Date.UTC(2024, 0, d))));
    expect(rows[0]?.Label?.numFmt).toBe('yyyy-mm-dd');
    expect(rows[0]?.Revenue?.type).toBe(ExcelJS.ValueType.Number);
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
    const xlsxOutside = await request(ctx.app, tokens.manager, {
      url: `/api/transactions/export.csv?branchId=${other.main.id}&format=xlsx`,
    });
    expect(xlsxOutside.statusCode).toBe(404);
    const format = await request(ctx.app, tokens.manager, {
      url: `/api/transactions/export.csv?branchId=${tenant.main.id}&format=pdf`,
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('Format must be csv or xlsx');
  });
});
