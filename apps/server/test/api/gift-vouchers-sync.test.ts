import { computeCartTotals, SYNC_MSG, type SyncVoucher, voucherCodeDigest } from '@pos/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillVoucherCodeDigests } from '../../src/db/maintenance';
import { giftVouchers } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createGiftVoucher, createProduct, createTenant, login, request } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Page = { vouchers: SyncVoucher[]; nextCursor: string; hasMore: boolean };

/**
 * GET /sync/gift-vouchers (docs/architecture/offline.md, 'Gift vouchers offline'): the company's vouchers for an
 * offline register as their code's digest, balance and last day, never the code; a first sync only those with
 * something left, a delta every voucher changed since (spent out: balance 0); company-wide, never another
 * company's; vouchers sold before digests existed get theirs at the server's start and reach the next delta.
 */
describe(`gift voucher sync (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let tokens: { cashier: string; manager: string; otherManager: string };
  const db = () => ctx.database.db;

  const get = (url: string, token = tokens.cashier) => request(ctx.app, token, { url });
  // A delta reads what changed since its cursor: exactly that on PGlite; on PostgreSQL also rows of transactions
  // still running elsewhere in the cluster when the cursor was made (an overlap, never a gap: offline.md).
  const exactly = engineName() === 'pglite';
  const balances = (vouchers: SyncVoucher[]) => new Map(vouchers.map((v) => [v.id, v.balance]));
  const sync = (query: Record<string, string> = {}, token = tokens.cashier, branchId = tenant.main.id) =>
    get(`/api/sync/gift-vouchers?${new URLSearchParams({ branchId, ...query })}`, token);

  /** Every page of one sync from `cursor` (`limit` a page): the vouchers in order and the next sync's cursor. */
  async function syncAll(cursor?: string, limit = 2, token = tokens.cashier, branchId = tenant.main.id) {
    const vouchers: SyncVoucher[] = [];
    let at = cursor;
    for (let pages = 1; ; pages++) {
      const res = await sync({ limit: String(limit), ...(at && { cursor: at }) }, token, branchId);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as Page;
      vouchers.push(...page.vouchers);
      at = page.nextCursor;
      if (!page.hasMore) return { vouchers, next: page.nextCursor, pages, body: res.body };
    }
  }

  const sell = async (token: string, payload: Record<string, unknown>) => {
    const res = await request(ctx.app, token, { method: 'POST', url: '/api/gift-vouchers', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; code: string; balance: number };
  };

  /** An online card-free sale of one unit at `price`, paid by the voucher `code` (and card for the rest). */
  async function spend(code: string, price: number, byVoucher = price) {
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: price.toFixed(2),
      stockQuantity: 10,
    });
    const items = [{ product_id: product.id, quantity: 1, price }];
    const totals = computeCartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });
    const rest = Number((price - byVoucher).toFixed(2));
    const res = await request(ctx.app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items,
        subtotal: totals.subtotal,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: totals.total,
        amount_paid: totals.total,
        change: 0,
        voucher_code: code,
        ...(rest > 0
          ? {
              payment_method: 'mixed',
              tenders: [
                { method: 'voucher', amount: byVoucher },
                { method: 'card', amount: rest },
              ],
            }
          : { payment_method: 'voucher' }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    [tenant, other] = await Promise.all([createTenant(db()), createTenant(db())]);
    tokens = {
      cashier: await login(ctx.app, tenant.cashier.username),
      manager: await login(ctx.app, tenant.manager.username),
      otherManager: await login(ctx.app, other.manager.username),
    };
  });
  afterAll(async () => {
    expect(await checkInvariants(db())).toEqual([]);
    await ctx.close();
  });

  let kept: { id: string; code: string };
  let spent: { id: string; code: string };
  let elsewhere: { id: string; code: string };
  let cursor: string;

  it("a first sync answers the company's vouchers as digest, balance and last day, never the code", async () => {
    kept = await sell(tokens.cashier, { branchId: tenant.main.id, amount: 100, method: 'card' });
    spent = await sell(tokens.manager, {
      branchId: tenant.main.id,
      amount: 30,
      method: 'card',
      expires_on: '2999-12-31',
    });
    // Sold at the company's other branch: spent at any of its branches, so every register knows it.
    elsewhere = await sell(tokens.manager, { branchId: tenant.second.id, amount: 40, method: 'card' });
    const theirs = await sell(tokens.otherManager, { branchId: other.main.id, amount: 50, method: 'card' });

    const first = await syncAll();
    expect(first.pages).toBe(2);
    const byId = new Map(first.vouchers.map((v) => [v.id, v]));
    expect([...byId.keys()].sort()).toEqual([kept.id, spent.id, elsewhere.id].sort());
    expect(byId.get(kept.id)).toEqual({
      id: kept.id,
      digest: await voucherCodeDigest(kept.code, tenant.company.id),
      balance: 100,
      expiresOn: null,
    });
    expect(byId.get(spent.id)).toMatchObject({ balance: 30, expiresOn: '2999-12-31' });
    for (const v of first.vouchers) expect(Object.keys(v).sort()).toEqual(['balance', 'digest', 'expiresOn', 'id']);
    // Not a code anywhere in the answer, nor another company's voucher.
    for (const code of [kept.code, spent.code, elsewhere.code, theirs.code]) expect(first.body).not.toContain(code);
    expect(byId.has(theirs.id)).toBe(false);
    // The digest is what the database keeps; the other company's sync has only its own.
    const [row] = await db().select().from(giftVouchers).where(eq(giftVouchers.id, kept.id));
    expect(row?.codeDigest).toBe(byId.get(kept.id)?.digest);
    const theirSync = await syncAll(undefined, 100, tokens.otherManager, other.main.id);
    expect(theirSync.vouchers.map((v) => v.id)).toEqual([theirs.id]);
    expect(theirSync.vouchers[0]?.digest).toBe(await voucherCodeDigest(theirs.code, other.company.id));
    cursor = first.next;
  });

  it('a spend reaches the next delta with the new balance; a spent-out voucher as 0; a first sync leaves it out', async () => {
    if (exactly) expect((await syncAll(cursor)).vouchers).toEqual([]);
    await spend(kept.code, 25);
    await spend(spent.code, 50, 30);
    // Another company's voucher sold meanwhile never reaches this company's registers.
    const theirs = await sell(tokens.otherManager, { branchId: other.main.id, amount: 10, method: 'card' });

    const delta = await syncAll(cursor);
    const changed = balances(delta.vouchers);
    expect(changed.get(kept.id)).toBe(75);
    expect(changed.get(spent.id)).toBe(0);
    expect(changed.has(theirs.id)).toBe(false);
    if (exactly) expect([...changed.keys()].sort()).toEqual([kept.id, spent.id].sort());
    const fresh = await syncAll();
    expect(fresh.vouchers.map((v) => v.id).sort()).toEqual([kept.id, elsewhere.id].sort());
    cursor = delta.next;
  });

  it('an offline spend past the balance reaches the delta below 0 (the sale flagged voucher_overdrawn)', async () => {
    const { register, key } = await enrolDevice(ctx.app, { token: tokens.cashier, branchId: tenant.main.id });
    const product = await createProduct(db(), {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '90.00',
      stockQuantity: 10,
    });
    const sale = {
      id: crypto.randomUUID(),
      branchId: tenant.main.id,
      items: [{ product_id: product.id, quantity: 1, price: 90 }],
      subtotal: 90,
      tax: 0,
      tax_rate: 0,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: 0,
      total: 90,
      payment_method: 'voucher',
      amount_paid: 90,
      change: 0,
      voucher_code: kept.code.toLowerCase(),
      register_id: register.id,
      offline: true,
      sold_at: new Date().toISOString(),
    };
    const res = await uploadSigned(ctx.app, {
      token: tokens.cashier,
      branchId: tenant.main.id,
      key,
      sales: [{ sale }],
    });
    expect(res.json().data.results[0].status, res.body).toBe(201);
    const flags = (await request(ctx.app, tokens.manager, { url: `/api/transactions/${sale.id}` })).json().data.flags;
    expect(flags).toContain('voucher_overdrawn');
    const delta = await syncAll(cursor);
    expect(balances(delta.vouchers).get(kept.id)).toBe(-15);
    if (exactly) expect(delta.vouchers.map((v) => v.id)).toEqual([kept.id]);
    cursor = delta.next;
  });

  it("fills in the digest of vouchers sold before digests, once, and they reach the registers' next delta", async () => {
    const legacy = await createGiftVoucher(db(), { companyId: tenant.company.id, branchId: tenant.main.id });
    const theirs = await createGiftVoucher(db(), { companyId: other.company.id, branchId: other.main.id });
    // Without its digest it is left out (a register could never find it), by a delta or a first sync.
    expect(balances((await syncAll(cursor)).vouchers).has(legacy.id)).toBe(false);
    expect(balances((await syncAll()).vouchers).has(legacy.id)).toBe(false);
    expect(await fillVoucherCodeDigests(db(), { batchSize: 1 })).toBe(2);
    expect(await fillVoucherCodeDigests(db())).toBe(0);
    const delta = await syncAll(cursor);
    expect(delta.vouchers.find((v) => v.id === legacy.id)).toEqual({
      id: legacy.id,
      digest: await voucherCodeDigest(legacy.code, tenant.company.id),
      balance: 25,
      expiresOn: null,
    });
    expect(balances(delta.vouchers).has(theirs.id)).toBe(false);
    if (exactly) expect(delta.vouchers.map((v) => v.id)).toEqual([legacy.id]);
    const [row] = await db().select().from(giftVouchers).where(eq(giftVouchers.id, theirs.id));
    expect(row?.codeDigest).toBe(await voucherCodeDigest(theirs.code, other.company.id));
  });

  it('as the customer sync: staff of the branch, a cashier not at another branch, never another company (404)', async () => {
    expect((await sync({}, tokens.manager, tenant.second.id)).statusCode).toBe(200);
    expect((await sync({}, tokens.cashier, tenant.second.id)).statusCode).toBe(404);
    expect((await sync({}, tokens.otherManager, tenant.main.id)).statusCode).toBe(404);
    expect((await sync({}, tokens.cashier, crypto.randomUUID())).statusCode).toBe(404);
    expect((await sync({}, tokens.cashier, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a broken cursor (400, the message says to start again) and a limit past 5000, never a 500', async () => {
    for (const bad of ['nonsense', Buffer.from('1.2.3.4.5').toString('base64url'), 'x'.repeat(301)]) {
      const res = await sync({ cursor: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(SYNC_MSG.invalidCursor);
    }
    expect((await sync({ limit: '5001' })).statusCode).toBe(400);
    expect((await sync({ limit: '0' })).statusCode).toBe(400);
  });
});
