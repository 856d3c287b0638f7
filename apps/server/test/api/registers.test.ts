import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createTenant, login, request } from '../helpers/factories';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

describe(`registers (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };

  const enrol = (branchId: string, deviceId: string, token = tokens.cashier) =>
    request(ctx.app, token, { method: 'POST', url: '/api/registers', payload: { branchId, deviceId } });

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    tokens = {
      admin: await login(ctx.app, tenant.admin.username),
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
  });
  afterAll(() => ctx.close());

  it('enrols a device once: R1, then the same register again for the same device id', async () => {
    const first = await enrol(tenant.main.id, 'device-a');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      data: { id: expect.any(String), branchId: tenant.main.id, code: 'R1', trusted: false },
    });
    const again = await enrol(tenant.main.id, 'device-a', tokens.manager);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const second = await enrol(tenant.main.id, 'device-b');
    expect(second.statusCode).toBe(201);
    expect(second.json().data.code).toBe('R2');
  });

  it('codes are per branch: another branch starts at R1', async () => {
    const res = await enrol(tenant.second.id, 'device-a', tokens.admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.code).toBe('R1');
  });

  it('concurrent enrolments of different devices get different codes; of one device, one register', async () => {
    const devices = Array.from({ length: 8 }, () => randomUUID());
    const answers = await Promise.all([...devices, devices[0] as string].map((d) => enrol(tenant.main.id, d)));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    const codes = answers.map((a) => a.json().data.code as string);
    expect(new Set(codes.slice(0, 8)).size).toBe(8);
    expect(codes[8]).toBe(codes[0]);
  });

  it('lists the branch registers to managers (paged), not to cashiers', async () => {
    const res = await request(ctx.app, tokens.manager, { url: `/api/registers?branchId=${tenant.main.id}&limit=2` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { code: string }) => r.code)).toEqual(['R1', 'R2']);
    expect(body.data[0].deviceId).toBe('device-a');
    expect(body.meta).toMatchObject({ total: 10, page: 1, limit: 2, totalPages: 5 });
    const cashier = await request(ctx.app, tokens.cashier, { url: `/api/registers?branchId=${tenant.main.id}` });
    expect(cashier.statusCode).toBe(403);
  });

  it('refuses a missing device id with a clear 400 and an unknown branch with 404', async () => {
    const blank = await enrol(tenant.main.id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Device id is required');
    expect((await enrol(randomUUID(), 'device-z')).statusCode).toBe(404);
  });
});
