import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import {
  createCustomer,
  createProduct,
  createReturn,
  createSale,
  createTenant,
  login,
  request,
} from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A local time in Karachi (UTC+5). */
const pk = (month: number, day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2024, month - 1, day, hour - 5, minute));

/**
 * Main branch: Imran (two completed sales 100.00 and 30.00 and a voided 100.00; a completed return of
 * one unit of the 30.00 sale, refund 10.00, and a rejected one), Bilal (no sales). Zara is in the second
 * branch. By hand, Imran: 2 transactions, spent 130.00, net 120.00, average 65.00.
 */
describe(`/customers (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string; otherAdmin: string };
  let imran: { id: string };
  let bilal: { id: string };
  let zara: { id: string };

  const db = () => ctx.database.db;
  const get = (url: string, token = tokens.manager) => request(ctx.app, token, { url: `/api/${url}` });
  const patch = (id: string, payload: unknown, token = tokens.manager) =>
    request(ctx.app, token, { method: 'PATCH', url: `/api/customers/${id}`, payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db());
    other = await createTenant(db());
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
      otherAdmin: await login(ctx.app, other.admin.username),
    };
    const companyId = tenant.company.id;
    const branchId = tenant.main.id;
    imran = await createCustomer(db(), {
      companyId,
      branchId,
      name: 'Imran Khan',
      phone: '03001234567',
      email: 'imran@example.com',
    });
    bilal = await createCustomer(db(), { companyId, branchId, name: 'Bilal Ahmed', phone: '03007654321' });
    zara = await createCustomer(db(), { companyId, branchId: tenant.second.id, name: 'Zara', phone: '03001234567' });
    const a = await createProduct(db(), { companyId, branchId, price: '100.00' });
    const b = await createProduct(db(), { companyId, branchId, price: '10.00' });
    const base = { companyId, branchId, cashierId: tenant.cashier.id, customerId: imran.id };
    await createSale(db(), { ...base, lines: [{ product: a, quantity: 1 }], createdAt: pk(5, 1, 12) });
    const s2 = await createSale(db(), { ...base, lines: [{ product: b, quantity: 3 }], createdAt: pk(5, 2, 23, 59) });
    await createSale(db(), { ...base, lines: [{ product: a, quantity: 1 }], createdAt: pk(5, 3, 9), status: 'voided' });
    const line = s2.items[0];
    if (!line) throw new Error('fixture');
    await createReturn(db(), {
      companyId,
      branchId,
      saleId: s2.sale.id,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: line.id, quantity: 1 }],
      createdAt: pk(5, 4, 10),
    });
    await createReturn(db(), {
      companyId,
      branchId,
      saleId: s2.sale.id,
      processedBy: tenant.manager.id,
      items: [{ saleItemId: line.id, quantity: 1, restockingFee: 2 }],
      createdAt: pk(5, 5, 10),
      status: 'rejected',
    });
  });
  afterAll(() => ctx.close());

  it('lists the branch customers by name with their completed sales count and total', async () => {
    const res = await get(`customers?branchId=${tenant.main.id}`, tokens.cashier);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, page: 1, limit: 10, totalPages: 1 });
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(['Bilal Ahmed', 'Imran Khan']);
    expect(body.data[1]).toMatchObject({
      id: imran.id,
      phone: '03001234567',
      email: 'imran@example.com',
      isActive: true,
      transactionsCount: 2,
      totalSpent: 130,
    });
    expect(body.data[0]).toMatchObject({ id: bilal.id, transactionsCount: 0, totalSpent: 0 });
  });

  it('searches by name, phone or email, and pages', async () => {
    const names = async (q: string) =>
      (await get(`customers?branchId=${tenant.main.id}&${q}`)).json().data.map((c: { name: string }) => c.name);
    expect(await names('search=imran')).toEqual(['Imran Khan']);
    expect(await names('search=7654')).toEqual(['Bilal Ahmed']);
    expect(await names('search=EXAMPLE.COM')).toEqual(['Imran Khan']);
    expect(await names('search=%25')).toEqual([]);
    const page2 = (await get(`customers?branchId=${tenant.main.id}&limit=1&page=2`)).json();
    expect(page2.data.map((c: { name: string }) => c.name)).toEqual(['Imran Khan']);
    expect(page2.meta).toEqual({ total: 2, page: 2, limit: 1, totalPages: 2 });
    expect(await names(`search=zara`)).toEqual([]);
  });

  it('detail and analytics', async () => {
    const res = await get(`customers/${imran.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: imran.id, name: 'Imran Khan', address: null, notes: null });
    const analytics = await get(`customers/${imran.id}/analytics`);
    expect(analytics.json().data).toEqual({
      totalTransactions: 2,
      totalSpent: 130,
      netSpent: 120,
      averageTransaction: 65,
    });
    expect((await get(`customers/${bilal.id}/analytics`)).json().data).toEqual({
      totalTransactions: 0,
      totalSpent: 0,
      netSpent: 0,
      averageTransaction: 0,
    });
  });

  it('transaction history: every status, newest first, filtered by local days', async () => {
    const all = (await get(`customers/${imran.id}/transactions`)).json();
    expect(all.meta.total).toBe(3);
    expect(all.data.map((t: { status: string; total: number }) => [t.status, t.total])).toEqual([
      ['voided', 100],
      ['completed', 30],
      ['completed', 100],
    ]);
    expect(all.data[1]).toMatchObject({ receiptNumber: expect.stringMatching(/^RCP-/), itemCount: 1 });
    // 05-02 23:59 local is 05-02 in Karachi though 05-02 18:59 UTC; 05-03 holds only the voided one.
    const day2 = (await get(`customers/${imran.id}/transactions?startDate=2024-05-02&endDate=2024-05-02`)).json();
    expect(day2.data.map((t: { total: number }) => t.total)).toEqual([30]);
    const bad = await get(`customers/${imran.id}/transactions?startDate=2024-05-03&endDate=2024-05-01`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`customers/${imran.id}/transactions?startDate=2024-13-01`)).statusCode).toBe(400);
  });

  it('return history with units, refund, fee, reason and status', async () => {
    const res = (await get(`customers/${imran.id}/returns`)).json();
    expect(res.meta.total).toBe(2);
    expect(res.data[1]).toMatchObject({
      returnNumber: expect.any(String),
      items: 1,
      refundAmount: 10,
      restockingFee: 0,
      reason: 'defective',
      status: 'completed',
    });
    expect(res.data[0]).toMatchObject({ status: 'rejected', restockingFee: 2, refundAmount: 8 });
    const filtered = (await get(`customers/${imran.id}/returns?startDate=2024-05-05`)).json();
    expect(filtered.meta.total).toBe(1);
    expect((await get(`customers/${bilal.id}/returns`)).json().data).toEqual([]);
  });

  it("another company's customer is a 404 everywhere; a cashier cannot reach another branch's customer", async () => {
    for (const path of ['', '/analytics', '/transactions', '/returns']) {
      expect((await get(`customers/${imran.id}${path}`, tokens.otherAdmin)).statusCode).toBe(404);
    }
    expect((await patch(imran.id, { name: 'X' }, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await get(`customers?branchId=${tenant.main.id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await get(`customers/${zara.id}`, tokens.cashier)).statusCode).toBe(404);
    expect((await get(`customers/${zara.id}`, tokens.manager)).statusCode).toBe(200);
    expect((await get(`customers/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('400s, never 500s, for malformed input', async () => {
    expect((await get('customers/not-a-uuid')).statusCode).toBe(400);
    expect((await get('customers')).statusCode).toBe(400);
    expect((await get('customers?branchId=x')).statusCode).toBe(400);
    expect((await get(`customers?branchId=${tenant.main.id}&page=0`)).statusCode).toBe(400);
    expect((await get(`customers/${imran.id}/returns?limit=1000`)).statusCode).toBe(400);
    expect((await patch(imran.id, { name: '' })).statusCode).toBe(400);
    expect((await patch(imran.id, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await patch(imran.id, { name: 5 })).statusCode).toBe(400);
  });

  it('PATCH edits the details; a phone another customer of the branch has is a 409', async () => {
    const res = await patch(imran.id, {
      name: ' Imran A. Khan ',
      email: '',
      address: '12 Mall Road',
      notes: 'Prefers card',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Imran A. Khan',
      email: null,
      address: '12 Mall Road',
      notes: 'Prefers card',
      phone: '03001234567',
    });
    const dup = await patch(imran.id, { phone: '03007654321' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A customer with this phone already exists in this branch');
    // The same phone in another branch is fine (Zara has it in the second branch); and one's own phone.
    expect((await patch(bilal.id, { phone: '03001234568' }, tokens.cashier)).statusCode).toBe(200);
    expect((await patch(imran.id, { phone: '03001234567' })).statusCode).toBe(200);
    expect((await get(`customers/${imran.id}`)).json().data.name).toBe('Imran A. Khan');
  });
});
