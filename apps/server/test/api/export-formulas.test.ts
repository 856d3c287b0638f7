import { REPORT_KINDS } from '@pos/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, products, purchaseOrders, stockCounts, suppliers, transfers, users } from '../../src/db/schema';
import { writeAudit } from '../../src/domain/audit.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createBrand,
  createCategory,
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  request,
} from '../helpers/factories';
import { createPurchaseOrder, createStockCount } from '../helpers/purchasing-factories';
import { apiRoutes } from '../helpers/routes';
import { createTransfer } from '../helpers/transfer-factories';

/** Text a spreadsheet runs as a formula: '+1-1' shows 0, '=SUM(A1)' sums, '@x' calls, '-2+3' shows 1. */
const FORMULAS = ['+1-1', '=SUM(A1)', '@x', '-2+3'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * CSV injection (OWASP), every export: each `GET .../export.csv` the server registers (every report
 * kind) is downloaded with products, categories, brands, customers, users, suppliers, a return's
 * reason, notes and audit rows named like formulas. No cell may start bare with = + - @, a tab or a
 * carriage return: text gets a leading ', while numbers (-2 variance) keep their sign.
 */
describe(`CSV exports neutralise formulas (${engineName()})`, () => {
  let ctx: TestContext;
  const routes: RouteOptions[] = [];
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let admin: string;
  let stockCountId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext({}, { onRoute: (route) => void routes.push(route) });
    tenant = await createTenant(db(), { shifts: true });
    admin = await login(ctx.app, tenant.admin.username);
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    const [plus, equals, at, minus] = FORMULAS;

    const category = await createCategory(db(), { companyId, branchIds: [branchId], name: plus });
    const brand = await createBrand(db(), { companyId, branchId, name: equals });
    const made = [];
    for (const name of FORMULAS) {
      made.push(
        await createProduct(db(), {
          companyId,
          branchId,
          name,
          categoryId: category.id,
          brandId: brand.id,
          description: at,
          price: '10.00',
          cost: '6.00',
          stockQuantity: 50,
        }),
      );
    }
    const customer = await createCustomer(db(), { companyId, branchId, name: plus, phone: minus });
    await db().update(customers).set({ address: equals, notes: at }).where(eq(customers.id, customer.id));
    // The cashier (their shift, their sales) and the manager (audit rows) get formula names.
    await db().update(users).set({ name: plus }).where(eq(users.id, tenant.cashier.id));
    await db().update(users).set({ name: equals }).where(eq(users.id, tenant.manager.id));
    const { sale, items } = await createSale(db(), {
      companyId,
      branchId,
      cashierId: tenant.cashier.id,
      customerId: customer.id,
      paymentMethod: 'cash',
      lines: made.map((product) => ({ product, quantity: 2 })),
    });
    const first = items[0];
    if (!first) throw new Error('sale items');
    await createReturn(db(), {
      companyId,
      branchId,
      saleId: sale.id,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: first.id, quantity: 1 }],
      reason: equals,
    });
    const po = await createPurchaseOrder(db(), { companyId, branchId });
    await db().update(purchaseOrders).set({ note: minus }).where(eq(purchaseOrders.id, po.id));
    await db()
      .update(suppliers)
      .set({ name: plus, contactName: equals, phone: minus, notes: at })
      .where(eq(suppliers.id, po.supplierId));
    await db().update(products).set({ name: at }).where(eq(products.id, po.productId));
    const count = await createStockCount(db(), { companyId, branchId });
    stockCountId = count.id;
    await db().update(stockCounts).set({ note: equals }).where(eq(stockCounts.id, count.id));
    await db().update(products).set({ name: minus, sku: null }).where(eq(products.id, count.productId));
    const transfer = await createTransfer(db(), { companyId, fromBranchId: branchId, toBranchId: tenant.second.id });
    await db().update(transfers).set({ note: at }).where(eq(transfers.id, transfer.id));
    await writeAudit(db(), {
      companyId,
      branchId,
      userId: tenant.manager.id,
      action: 'import.apply',
      entityType: plus,
      entityId: null,
    });
  });
  afterAll(() => ctx.close());

  /** Every export URL the server registers, path parameters filled in (each report kind). */
  function exportUrls(): string[] {
    const urls: string[] = [];
    for (const { method, url } of apiRoutes(routes)) {
      if (method !== 'GET' || !url.endsWith('/export.csv')) continue;
      if (url.includes(':report')) for (const kind of REPORT_KINDS) urls.push(url.replace(':report', kind));
      else urls.push(url.replace(':id', stockCountId));
    }
    return urls;
  }

  /** The export as the Super Admin downloads it: the branch's, else the company's (the list's own filter). */
  async function fetchExport(url: string, format: 'csv' | 'xlsx') {
    const queries = [`branchId=${tenant.main.id}`, `companyId=${tenant.company.id}`, ''];
    const answers: string[] = [];
    for (const query of queries) {
      const q = query ? `${query}&format=${format}` : `format=${format}`;
      const res = await request(ctx.app, admin, { url: `${url}?${q}` });
      if (res.statusCode === 200) return res;
      answers.push(`${q}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    throw new Error(`${url}: ${answers.join('; ')}`);
  }
  const download = async (url: string) => (await fetchExport(url, 'csv')).body;

  it('no text cell of any export starts bare with = + - @, tab or carriage return; numbers keep their sign', async () => {
    const urls = exportUrls();
    expect(urls.length).toBeGreaterThanOrEqual(21);
    const bare: string[] = [];
    const guarded = new Set<string>();
    const negativeNumbers: string[] = [];
    for (const url of urls) {
      const cells = (parse(await download(url), { bom: true, relax_column_count: true }) as string[][]).flat();
      for (const cell of cells) {
        if (FORMULA_START.test(cell) && PLAIN_NUMBER.test(cell)) negativeNumbers.push(`${url}: ${cell}`);
        else if (FORMULA_START.test(cell)) bare.push(`${url}: ${JSON.stringify(cell)}`);
        if (FORMULAS.some((f) => cell.includes(`'${f}`))) guarded.add(url);
      }
    }
    expect(bare).toEqual([]);
    // The names did reach the files (guarded), in most of the exports: every one that lists a name.
    for (const url of [
      '/api/products/export.csv',
      '/api/customers/export.csv',
      '/api/transactions/export.csv',
      '/api/returns/export.csv',
      '/api/users/export.csv',
      '/api/audit-logs/export.csv',
      '/api/shifts/export.csv',
      '/api/inventory/stock/export.csv',
      '/api/inventory/movements/export.csv',
      '/api/suppliers/export.csv',
      '/api/purchase-orders/export.csv',
      '/api/stock-counts/export.csv',
      `/api/stock-counts/${stockCountId}/variances/export.csv`,
      '/api/transfers/export.csv',
      '/api/reports/sales-by-product/export.csv',
      '/api/reports/sales-by-category/export.csv',
      '/api/reports/sales-by-brand/export.csv',
      '/api/reports/sales-by-cashier/export.csv',
      '/api/reports/returns-by-reason/export.csv',
      '/api/reports/margin-by-product/export.csv',
      '/api/reports/margin-by-category/export.csv',
    ]) {
      expect(guarded, url).toContain(url);
    }
    // A negative number (the count's variance, 4 counted of 6) stays a number: no quote in front.
    expect(negativeNumbers).toContain(`/api/stock-counts/${stockCountId}/variances/export.csv: -2`);
  });

  it('no cell of any XLSX export is a formula: names like formulas are plain text, numbers keep their sign', async () => {
    const urls = exportUrls();
    const formulas: string[] = [];
    const asText = new Set<string>();
    const negativeNumbers: string[] = [];
    for (const url of urls) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await fetchExport(url, 'xlsx')).rawPayload as unknown as ArrayBuffer);
      for (const sheet of workbook.worksheets) {
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula || cell.formula) formulas.push(`${url}: ${cell.address}`);
            const text = cell.type === ExcelJS.ValueType.String ? String(cell.value) : undefined;
            if (text && FORMULAS.some((f) => text.includes(f)) && !text.startsWith("'")) asText.add(url);
            if (typeof cell.value === 'number' && cell.value < 0) negativeNumbers.push(`${url}: ${cell.value}`);
          }),
        );
      }
    }
    expect(formulas).toEqual([]);
    // The same exports as in the CSV walk carry the names, as text cells without a guard.
    for (const url of ['/api/products/export.csv', '/api/customers/export.csv', '/api/audit-logs/export.csv']) {
      expect(asText, url).toContain(url);
    }
    expect([...asText].length).toBeGreaterThanOrEqual(21);
    expect(negativeNumbers).toContain(`/api/stock-counts/${stockCountId}/variances/export.csv: -2`);
  });

  it("an export imports back as it was: the import takes the ' off again", async () => {
    const exported = await download('/api/customers/export.csv');
    expect(exported).toContain("'-2+3"); // the phone, guarded
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/import/customers/preview?branchId=${tenant.main.id}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      payload: exported,
    });
    expect(res.statusCode).toBe(200);
    // Matched by its phone as stored ('-2+3'), so updated, not created a second time.
    expect(res.json().data).toMatchObject({ rows: 1, toCreate: 0, toUpdate: 1, errorCount: 0 });
    expect(res.json().data.updated).toEqual([{ row: 2, key: '-2+3', name: '+1-1' }]);
  });
});
