import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTenant, login, request } from '../helpers/factories';

// Small answers that are easy to get wrong: limits on input, and odd tokens.
describe(`input limits and odd tokens (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db, { shifts: true });
    admin = await login(ctx.app, tenant.admin.username);
  });
  afterAll(() => ctx.close());

  it('answers 401 (not 400) to a token signed with the real key whose sub and sid are not UUIDs', async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    for (const claims of [
      { userId: 'admin', sessionId: 'x' },
      { userId: tenant.admin.id, sessionId: 'not-a-uuid' },
      { userId: "1' or '1'='1", sessionId: tenant.admin.id },
    ]) {
      const token = await ctx.app.tokens.sign({ ...claims, expiresAt });
      const res = await request(ctx.app, token, { url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  const huge = 'x'.repeat(1024 * 1024 - 200);
  it.each([
    [
      'brand',
      '/api/brands',
      () => ({ name: huge, branchId: tenant.main.id }),
      'Brand name must be at most 200 characters',
    ],
    [
      'category',
      '/api/categories',
      () => ({ name: huge, branchIds: [tenant.main.id] }),
      'Category name must be at most 200 characters',
    ],
    [
      'product',
      '/api/products',
      () => ({ name: huge, price: 10, cost: 5, stockQuantity: 0, branchId: tenant.main.id }),
      'Product name must be at most 200 characters',
    ],
  ])('says a %s name of about 1 MB is too long, with the limit', async (_, url, body, message) => {
    const res = await request(ctx.app, admin, { method: 'POST', url, payload: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { name: message } });
  });

  it('says a 201-character brand name is too long, and takes 200', async () => {
    const tooLong = await request(ctx.app, admin, {
      method: 'POST',
      url: '/api/brands',
      payload: { name: 'b'.repeat(201), branchId: tenant.main.id },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Brand name must be at most 200 characters');
    const fits = await request(ctx.app, admin, {
      method: 'POST',
      url: '/api/brands',
      payload: { name: 'b'.repeat(200), branchId: tenant.main.id },
    });
    expect(fits.statusCode).toBe(201);
  });

  it.each(['/api/transactions', '/api/transactions/analytics', '/api/returns', '/api/inventory/movements'])(
    'answers startDate=0001-01-01 on %s with a 400 naming the valid range',
    async (path) => {
      const res = await request(ctx.app, admin, { url: `${path}?branchId=${tenant.main.id}&startDate=0001-01-01` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/1900-01-01.*9999-12-31/),
        errors: { startDate: expect.stringMatching(/1900-01-01/) },
      });
    },
  );

  it('answers startDate=0001-01-01 on a customer history with a 400 naming the valid range', async () => {
    const manager = await login(ctx.app, tenant.manager.username);
    const res = await request(ctx.app, manager, {
      url: `/api/customers/${tenant.main.id}/transactions?startDate=0001-01-01`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/1900-01-01.*9999-12-31/);
  });
});
