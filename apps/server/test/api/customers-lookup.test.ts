import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCustomer, createProduct, createTenant, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe(`GET /customers/branch/{branchId}/phone/{phone} (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { admin: string; manager: string; cashier: string; otherAdmin: string };

  const db = () => ctx.database.db;
  const lookup = (branchId: string, phone: string, token = tokens.cashier) =>
    request(ctx.app, token, { url: `/api/customers/branch/${branchId}/phone/${encodeURIComponent(phone)}` });

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(db(), { shifts: true });
    other = await createTenant(db(), { shifts: true });
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
      otherAdmin: await login(ctx.app, other.admin.username),
    };
  });
  afterAll(() => ctx.close());

  it('finds the branch customer by phone with id, name, phone and email', async () => {
    const c = await createCustomer(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      name: 'Sara Ahmed',
      phone: '03001234567',
      email: 'sara@example.com',
      address: 'Not in the answer',
    });
    const res = await lookup(tenant.main.id, '03001234567');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: c.id,
        name: 'Sara Ahmed',
        phone: '03001234567',
        email: 'sara@example.com',
        creditBalance: 0,
        accountBalance: 0,
        creditLimit: 0,
      },
    });
    // Surrounding spaces are ignored, as when the sale stored the phone.
    expect((await lookup(tenant.main.id, ' 03001234567 ')).json().data.id).toBe(c.id);
    // Managers and Super Admins look up too.
    expect((await lookup(tenant.main.id, '03001234567', tokens.manager)).statusCode).toBe(200);
    expect((await lookup(tenant.main.id, '03001234567', tokens.admin)).statusCode).toBe(200);
  });

  it('finds a customer the register created with a sale, with a null email and a "+" in the phone', async () => {
    const p = await createProduct(db(), { companyId: tenant.company.id, branchId: tenant.main.id, price: '50.00' });
    const sale = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: p.id, quantity: 1, price: 50 }],
        subtotal: 50,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 50,
        payment_method: 'card',
        amount_paid: 50,
        change: 0,
        customer: { name: 'Omar Farooq', phone: '+92 300 7654321', email: '' },
      },
    });
    expect(sale.statusCode).toBe(201);
    const res = await lookup(tenant.main.id, '+92 300 7654321');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Omar Farooq', phone: '+92 300 7654321', email: null });
    expect(res.json().data.id).toBe(sale.json().data.customer.id);
  });

  it('answers 404 for an unknown phone and for a customer of another branch', async () => {
    const miss = await lookup(tenant.main.id, '03999999999');
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ success: false, message: 'Customer not found', code: 'NOT_FOUND' });
    await createCustomer(db(), { companyId: tenant.company.id, branchId: tenant.second.id, phone: '03110000000' });
    expect((await lookup(tenant.main.id, '03110000000', tokens.admin)).statusCode).toBe(404);
    expect((await lookup(tenant.second.id, '03110000000', tokens.admin)).statusCode).toBe(200);
  });

  it('keeps users to their scope: cashier other branch 404, other company 404', async () => {
    await createCustomer(db(), { companyId: tenant.company.id, branchId: tenant.second.id, phone: '03220000000' });
    const cashierOther = await lookup(tenant.second.id, '03220000000');
    expect(cashierOther.statusCode).toBe(404);
    expect(cashierOther.json().message).toBe('Branch not found');
    await createCustomer(db(), { companyId: tenant.company.id, branchId: tenant.main.id, phone: '03330000000' });
    const foreign = await lookup(tenant.main.id, '03330000000', tokens.otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Branch not found');
    expect(
      (await request(ctx.app, undefined, { url: `/api/customers/branch/${tenant.main.id}/phone/03330000000` }))
        .statusCode,
    ).toBe(401);
  });

  it('answers bad input with 400, never 500', async () => {
    const bad = await lookup('not-a-uuid', '03001234567');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid id');
    const long = await lookup(tenant.main.id, '0'.repeat(31));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Invalid phone number');
    expect((await lookup(tenant.main.id, '   ')).statusCode).toBe(400);
    for (const phone of ['%', "' or 1=1 --", '\\', '..', '\u00e9\u00e9']) {
      expect((await lookup(tenant.main.id, phone)).statusCode, phone).toBe(404);
    }
    expect((await lookup(tenant.main.id, '\u0000')).statusCode).toBeLessThan(500);
  });
});
