import { randomUUID } from 'node:crypto';
import { DEVICE_PROOF_INVALID, DEVICE_PROOF_REQUIRED } from '@pos/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, branches, products, registerSignIns } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { type DeviceKey, enrolDevice, makeDeviceKey, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Register = { id: string; code: string };

const PIN = '4826';

/**
 * The register's trust model (docs/architecture/register-trust.md): what only a register can claim about a sale is
 * accepted only with its signature; offline sales are reviewed against the branch's rules and what
 * departs lands in Exceptions; the cashier of a sale is someone who signed in on the register.
 */
describe(`register trust (${engineName()})`, () => {
  let ctx: TestContext;
  let t: Tenant;
  let tokens: { admin: string; manager: string; cashier: string };
  let trusted: { register: Register; key: DeviceKey };
  const sequences = new Map<string, number>();

  const db = () => ctx.database.db;
  const product = (overrides: Partial<typeof products.$inferInsert> = {}) =>
    createProduct(db(), { companyId: t.company.id, branchId: t.main.id, price: '100.00', ...overrides });

  /** A cash sale as the register's outbox uploads it after being offline (no tax). */
  function offlineSale(
    register: Register,
    item: { id: string },
    { quantity = 1, discount = 0, ...extra }: { quantity?: number; discount?: number } & Record<string, unknown> = {},
  ): Record<string, unknown> {
    const subtotal = 100 * quantity;
    const discountAmount = Number(((subtotal * discount) / 100).toFixed(2));
    const total = subtotal - discountAmount;
    const n = (sequences.get(register.id) ?? 0) + 1;
    sequences.set(register.id, n);
    return {
      id: randomUUID(),
      branchId: t.main.id,
      items: [{ product_id: item.id, quantity, price: 100, unit_price: 100 }],
      subtotal,
      tax: 0,
      tax_rate: 0,
      discount_type: 'percentage',
      discount_value: discount,
      discount_amount: discountAmount,
      total,
      payment_method: 'cash',
      amount_paid: total,
      change: 0,
      register_id: register.id,
      offline: true,
      sold_at: new Date(Date.now() - 3_600_000).toISOString(),
      receipt_number: `${register.code}-${String(n).padStart(6, '0')}`,
      ...extra,
    };
  }

  /** One signed sale through the batch: its result, and the recorded sale when it was recorded. */
  async function uploadOne(
    sale: Record<string, unknown>,
    {
      key = trusted.key,
      token = tokens.cashier,
      signature,
    }: { key?: DeviceKey | null; token?: string; signature?: string } = {},
  ) {
    const res = await uploadSigned(ctx.app, { token, branchId: t.main.id, key, sales: [{ sale, signature }] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data.results[0];
    if (result.status !== 201) return { result, sale: null };
    const got = await request(ctx.app, tokens.manager, { url: `/api/transactions/${result.id}` });
    return { result, sale: got.json().data };
  }

  const exceptions = async (status = 'open') =>
    (
      await request(ctx.app, tokens.manager, {
        url: `/api/exceptions?branchId=${t.main.id}&status=${status}&limit=100`,
      })
    ).json();

  beforeAll(async () => {
    ctx = await createTestContext();
    t = await createTenant(db());
    await db().update(branches).set({ cashierMaxDiscountPercent: '10.00' }).where(eq(branches.id, t.main.id));
    tokens = {
      admin: await login(ctx.app, t.admin.username),
      manager: await login(ctx.app, t.manager.username),
      cashier: await login(ctx.app, t.cashier.username),
    };
    await request(ctx.app, tokens.manager, { method: 'PUT', url: '/api/auth/pin', payload: { pin: PIN } });
    trusted = await enrolDevice(ctx.app, { token: tokens.cashier, branchId: t.main.id, trustedBy: tokens.manager });
  });
  afterAll(() => ctx.close());

  it('refuses an offline claim without the register: the forged body of a cashier online is 403 and sells nothing', async () => {
    const item = await product({ stockQuantity: 2 });
    // The probe: offline, the register's fields, a price of 0.01, a 95 % discount, 50 units of a stock of 2.
    const forged: Record<string, unknown> = {
      ...offlineSale(trusted.register, item, { quantity: 50, discount: 95 }),
      items: [{ product_id: item.id, quantity: 50, price: 100, unit_price: 0.01 }],
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${tokens.cashier}`, 'idempotency-key': String(forged.id) },
      payload: forged,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe(DEVICE_PROOF_REQUIRED);
    // Each claim alone needs the register too.
    for (const claim of [
      { offline: true },
      { sold_at: new Date().toISOString() },
      { receipt_number: `${trusted.register.code}-999999` },
      { cashier_id: t.manager.id },
      { device_approval: { approver_id: t.manager.id, approved_at: new Date().toISOString() } },
    ]) {
      const body = {
        ...offlineSale(trusted.register, item),
        offline: undefined,
        sold_at: undefined,
        receipt_number: undefined,
        ...claim,
      };
      const one = await request(ctx.app, tokens.cashier, { method: 'POST', url: '/api/transactions', payload: body });
      expect(one.statusCode, JSON.stringify(claim)).toBe(403);
      expect(one.json().code).toBe(DEVICE_PROOF_REQUIRED);
    }
    // Through the batch: unsigned, signed by another key, or a signed sale changed after signing.
    const unsigned = await uploadOne(offlineSale(trusted.register, item), { key: null });
    expect(unsigned.result).toMatchObject({ status: 403, code: DEVICE_PROOF_REQUIRED });
    const stranger = await uploadOne(offlineSale(trusted.register, item), { key: makeDeviceKey() });
    expect(stranger.result).toMatchObject({ status: 403, code: DEVICE_PROOF_INVALID });
    const sale = offlineSale(trusted.register, item);
    const tampered = await uploadOne({ ...sale, total: 0.05 }, { signature: trusted.key.sign(sale) });
    expect(tampered.result).toMatchObject({ status: 403, code: DEVICE_PROOF_INVALID });
    const [row] = await db().select({ q: products.stockQuantity }).from(products).where(eq(products.id, item.id));
    expect(row?.q).toBe(2);
  });

  it('books a sale under the person signed in on the register, never a free cashier_id', async () => {
    const item = await product();
    // The manager never signed in on this (cashier-enrolled, then manager-trusted) register? They did:
    // trusting is signing in. A second register only the cashier used:
    const own = await enrolDevice(ctx.app, { token: tokens.cashier, branchId: t.main.id });
    const asManager = await uploadOne(offlineSale(own.register, item, { cashier_id: t.manager.id }), { key: own.key });
    expect(asManager.result).toMatchObject({ status: 403, code: DEVICE_PROOF_INVALID });
    // Online, naming another cashier is a device claim: 403.
    const online = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        ...offlineSale(own.register, item),
        offline: undefined,
        sold_at: undefined,
        receipt_number: undefined,
        cashier_id: t.manager.id,
      },
    });
    expect(online.statusCode).toBe(403);
    // The cashier who signed in there, uploaded later under the manager's session: recorded as theirs.
    const theirs = await uploadOne(offlineSale(own.register, item, { cashier_id: t.cashier.id }), {
      key: own.key,
      token: tokens.manager,
    });
    expect(theirs.result.status).toBe(201);
    expect(theirs.sale.cashierName).toBe(t.cashier.name);
  });

  it('an offline discount past the limit with the approval made on the device syncs clean; without one it is an exception', async () => {
    const item = await product();
    const approved = await uploadOne(
      offlineSale(trusted.register, item, {
        discount: 50,
        device_approval: { approver_id: t.manager.id, approved_at: new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    expect(approved.result.status).toBe(201);
    expect(approved.sale).toMatchObject({ total: 50, flags: [], offline: true });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, approved.sale.id), eq(auditLogs.action, 'sale.discount_override')));
    expect(audit).toMatchObject({ userId: t.cashier.id, approvedById: t.manager.id, registerId: trusted.register.id });

    const unapproved = await uploadOne(offlineSale(trusted.register, item, { discount: 95 }));
    expect(unapproved.result.status).toBe(201);
    expect(unapproved.sale.flags).toEqual(['discount_over_limit']);
    // An approval "by" a cashier (who may not approve) does not count and says so.
    const byCashier = await uploadOne(
      offlineSale(trusted.register, item, {
        discount: 20,
        device_approval: { approver_id: t.cashier.id, approved_at: new Date().toISOString() },
      }),
    );
    expect(byCashier.sale.flags).toEqual(['discount_over_limit', 'approval_invalid']);

    const open = await exceptions();
    const ids = open.data.map((e: { saleId: string }) => e.saleId);
    expect(ids).toContain(unapproved.sale.id);
    expect(ids).toContain(byCashier.sale.id);
    expect(ids).not.toContain(approved.sale.id);
    expect(open.data.find((e: { saleId: string }) => e.saleId === unapproved.sale.id)).toMatchObject({
      receiptNumber: unapproved.sale.receiptNumber,
      registerCode: trusted.register.code,
      cashier: { id: t.cashier.id, name: t.cashier.name },
      discountAmount: 95,
      total: 5,
      flags: ['discount_over_limit'],
      resolution: null,
    });
  });

  it('sold past the stock, or claimed offline while the register was selling online: recorded, and an exception', async () => {
    const item = await product({ stockQuantity: 1 });
    const oversold = await uploadOne(offlineSale(trusted.register, item, { quantity: 3 }));
    expect(oversold.result.status).toBe(201);
    expect(oversold.sale.flags).toEqual(['oversold']);
    const listed = (await exceptions()).data.find((e: { saleId: string }) => e.saleId === oversold.sale.id);
    expect(listed.lines).toEqual([{ productName: item.name, quantity: 3, unitPrice: 100, flags: ['oversold'] }]);

    // The register records an online sale now; a signed "offline" sale of the same minute is flagged.
    const other = await product();
    const online = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        ...offlineSale(trusted.register, other),
        payment_method: 'card',
        offline: undefined,
        sold_at: undefined,
        receipt_number: undefined,
      },
    });
    expect(online.statusCode, online.body).toBe(201);
    const claimed = await uploadOne(offlineSale(trusted.register, other, { sold_at: new Date().toISOString() }));
    expect(claimed.sale.flags).toEqual(['online_at_sold_at']);
  });

  it('a register no manager has confirmed: its sales are flagged, and its device approvals do not count', async () => {
    const item = await product();
    const unconfirmed = await enrolDevice(ctx.app, { token: tokens.cashier, branchId: t.main.id });
    expect(unconfirmed.register.trusted).toBe(false);
    const res = await uploadOne(
      offlineSale(unconfirmed.register, item, {
        discount: 50,
        device_approval: { approver_id: t.manager.id, approved_at: new Date().toISOString() },
      }),
      { key: unconfirmed.key },
    );
    expect([...res.sale.flags].sort()).toEqual(['approval_invalid', 'discount_over_limit', 'register_unconfirmed']);
  });

  it('enrolment keeps the first key, and a manager signing in confirms the register (audited)', async () => {
    const key = makeDeviceKey();
    const enrol = (token: string, publicKey: string) =>
      request(ctx.app, token, {
        method: 'POST',
        url: '/api/registers',
        payload: { branchId: t.main.id, deviceId: 'till-key-test', publicKey },
      });
    const first = await enrol(tokens.cashier, key.publicKey);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.trusted).toBe(false);
    // A cashier cannot swap in a key of their own for the same device.
    const swapped = await enrol(tokens.cashier, makeDeviceKey().publicKey);
    expect(swapped.statusCode).toBe(409);
    const byManager = await enrol(tokens.manager, key.publicKey);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data.trusted).toBe(true);
    const registerId = first.json().data.id;
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, registerId), eq(auditLogs.action, 'register.trusted')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.userId).toBe(t.manager.id);
    const signIns = await db().select().from(registerSignIns).where(eq(registerSignIns.registerId, registerId));
    expect(signIns.map((s) => s.userId).sort()).toEqual([t.cashier.id, t.manager.id].sort());
  });

  it("the register syncs the branch's approvers with their PIN hashes (a PIN it can check offline)", async () => {
    const res = await request(ctx.app, tokens.cashier, {
      url: `/api/registers/${trusted.register.id}/approvers?branchId=${t.main.id}`,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { id: string; pinHash: string }[];
    expect(items.map((a) => a.id)).toEqual([t.manager.id]);
    expect(items[0]?.pinHash).toMatch(/^\$argon2id\$/);
    // A register of another branch: 404.
    const second = await enrolDevice(ctx.app, { token: tokens.manager, branchId: t.second.id });
    const foreign = await request(ctx.app, tokens.cashier, {
      url: `/api/registers/${second.register.id}/approvers?branchId=${t.main.id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('leaves the stored data consistent (invariants)', async () => {
    expect(await checkInvariants(db())).toEqual([]);
  });

  it('a manager resolves an exception with a note (audited, once); it leaves the open list', async () => {
    const item = await product();
    const { sale } = await uploadOne(offlineSale(trusted.register, item, { discount: 30 }));
    const resolve = (note: string) =>
      request(ctx.app, tokens.manager, {
        method: 'POST',
        url: `/api/exceptions/${sale.id}/resolve`,
        payload: { branchId: t.main.id, note },
      });
    const empty = await resolve('   ');
    expect(empty.statusCode).toBe(400);
    const done = await resolve('Customer is a regular: approved by phone');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.resolution).toMatchObject({
      note: 'Customer is a regular: approved by phone',
      resolvedBy: { id: t.manager.id, name: t.manager.name },
    });
    expect((await resolve('again')).statusCode).toBe(409);
    expect((await exceptions('open')).data.map((e: { saleId: string }) => e.saleId)).not.toContain(sale.id);
    expect((await exceptions('resolved')).data.map((e: { saleId: string }) => e.saleId)).toContain(sale.id);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, sale.id), eq(auditLogs.action, 'sale.exception_resolved')));
    expect(audit?.userId).toBe(t.manager.id);
    // A clean sale is no exception: 404.
    const clean = await uploadOne(offlineSale(trusted.register, item));
    const notOne = await request(ctx.app, tokens.manager, {
      method: 'POST',
      url: `/api/exceptions/${clean.sale.id}/resolve`,
      payload: { branchId: t.main.id, note: 'x' },
    });
    expect(notOne.statusCode).toBe(404);
  });
});
