import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice } from '../helpers/device';
import { createProduct, createTenant, login } from '../helpers/factories';
import { checkInvariants } from '../helpers/invariants';
import { exited, freePort, startServer } from '../helpers/server-process';

/**
 * Sync is crash-safe: a register drains 200 queued offline sales in order,
 * each with its own sale id and Idempotency-Key, into the real server (a child process on PostgreSQL);
 * the server is killed with SIGKILL in the middle of the drain (a request in flight), restarted, and
 * the register re-sends every sale it has no answer for. Afterwards: 200 sales, none lost, none twice,
 * stock = ledger. Twice: as the register drains (POST /transactions/batch, 50 sales a request, killed
 * while a batch is half recorded), and one sale a request (POST /transactions, a retrying client).
 */
const JWT_SECRET = 'offline-drain-secret-that-is-long-enough!!';
const QUEUED = 200;
const KILL_AT = 97;
const BATCH = 50;

describe.runIf(engineName() === 'postgresql')(`offline drain survives a server crash (${engineName()})`, () => {
  let ctx: TestContext;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  // Each test's last server stops with it.
  afterEach(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
  });
  afterAll(() => ctx.close());

  /** A tenant, an enrolled register and its outbox: 200 sales made offline (the last ones oversell). */
  async function queuedSales() {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const product = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 150,
      price: '10.00',
    });
    const cashier = await login(ctx.app, tenant.cashier.username);
    const manager = await login(ctx.app, tenant.manager.username);
    const { register, key } = await enrolDevice(ctx.app, {
      token: cashier,
      branchId: tenant.main.id,
      trustedBy: manager,
    });

    // The register's outbox: 200 sales made offline (more units than the stock: the last ones oversell).
    const soldFrom = Date.now() - 3 * 3_600_000;
    const outbox = Array.from({ length: QUEUED }, (_, i) =>
      signed(randomUUID(), {
        id: randomUUID(),
        branchId: tenant.main.id,
        items: [{ product_id: product.id, quantity: 1, price: 10 }],
        subtotal: 10,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: 10,
        payment_method: 'card',
        amount_paid: 10,
        change: 0,
        register_id: register.id,
        offline: true,
        sold_at: new Date(soldFrom + i * 1000).toISOString(),
        receipt_number: `${register.code}-${String(i + 1).padStart(6, '0')}`,
      }),
    );
    // The register signs each sale when it uploads it.
    function signed<T>(idempotencyKey: string, body: T) {
      return { key: idempotencyKey, body, signature: key.sign(body) };
    }

    return { tenant, register, outbox };
  }

  /** The cashier's token from the server at this port (a real sign-in). */
  async function signIn(port: number, username: string): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Secret123' }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('drains 200 queued sales in batches of 50 across a SIGKILL mid-batch: 200 sales, 0 lost, 0 duplicated, stock = ledger', async () => {
    const db = ctx.database.db;
    const { tenant, register, outbox } = await queuedSales();
    const batches = Array.from({ length: QUEUED / BATCH }, (_, b) => outbox.slice(b * BATCH, (b + 1) * BATCH));
    const recordedOf = async (ids: string[]) =>
      new Set((await db.select({ id: sales.id }).from(sales).where(inArray(sales.id, ids))).map((r) => r.id));

    const databaseUrl = ctx.app.env.DATABASE_URL as string;
    let port = await freePort();
    server = await startServer(databaseUrl, port, { jwtSecret: JWT_SECRET });
    let token = await signIn(port, tenant.cashier.username);
    type Result = { id: string; status: number; replayed: boolean };
    const send = (batch: typeof outbox) =>
      fetch(`http://127.0.0.1:${port}/api/transactions/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          branchId: tenant.main.id,
          sales: batch.map((s) => ({ idempotency_key: s.key, sale: s.body, signature: s.signature })),
        }),
      });

    // The first batch is answered; the second is killed once its first sales are written (the server
    // is recording it, sale after sale, when SIGKILL lands).
    const first = await send(batches[0] as typeof outbox);
    expect(first.status).toBe(200);
    const firstResults = ((await first.json()) as { data: { results: Result[] } }).data.results;
    expect(firstResults.every((r) => r.status === 201 && !r.replayed)).toBe(true);
    const inFlight = batches[1] as typeof outbox;
    const inFlightIds = inFlight.map((s) => s.body.id);
    const answer = send(inFlight).then(
      (res) => res.status,
      () => 0,
    );
    while ((await recordedOf(inFlightIds)).size === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    server.kill('SIGKILL');
    // Lost with the server (a batch recorded whole before the kill would be answered: sent again anyway).
    await answer;
    await exited(server);
    // What the crash left: a prefix of the batch (in order, each sale its own transaction), none half.
    const survived = await recordedOf(inFlightIds);
    expect(survived.size).toBeGreaterThan(0);
    expect(inFlightIds.slice(0, survived.size).every((id) => survived.has(id))).toBe(true);

    // Restarted (another port, as after a reboot); the register sends the unanswered batches again.
    port = await freePort();
    server = await startServer(databaseUrl, port, { jwtSecret: JWT_SECRET });
    token = await signIn(port, tenant.cashier.username);
    const replayed = new Set<string>();
    for (const batch of batches.slice(1)) {
      const res = await send(batch);
      expect(res.status).toBe(200);
      const results = ((await res.json()) as { data: { results: Result[] } }).data.results;
      expect(results.map((r) => [r.id, r.status])).toEqual(batch.map((s) => [s.body.id, 201]));
      for (const r of results) if (r.replayed) replayed.add(r.id);
    }
    // Exactly the sales written before the crash answer as replays; every other one is recorded now.
    expect(replayed).toEqual(survived);

    const [stored] = await db
      .select({
        n: count(),
        ids: countDistinct(sales.id),
        receipts: countDistinct(sales.receiptNumber),
      })
      .from(sales)
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.registerId, register.id)));
    expect(stored).toEqual({ n: QUEUED, ids: QUEUED, receipts: QUEUED });
    expect((await recordedOf(outbox.map((s) => s.body.id))).size).toBe(QUEUED);
    expect(await checkInvariants(db)).toEqual([]);
  }, 240_000);

  it('drains 200 queued sales across a SIGKILL and a restart: 200 sales, 0 lost, 0 duplicated, stock = ledger', async () => {
    const db = ctx.database.db;
    const { tenant, register, outbox } = await queuedSales();

    const databaseUrl = ctx.app.env.DATABASE_URL as string;
    let port = await freePort();
    server = await startServer(databaseUrl, port, { jwtSecret: JWT_SECRET });
    const token = await signIn(port, tenant.cashier.username);

    // One sale at a time, as a batch of one (a signed sale goes only in a batch): its own answer.
    const send = async (i: number) => {
      const sale = outbox[i] as (typeof outbox)[number];
      const res = await fetch(`http://127.0.0.1:${port}/api/transactions/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          branchId: tenant.main.id,
          sales: [{ idempotency_key: sale.key, sale: sale.body, signature: sale.signature }],
        }),
      });
      if (res.status !== 200) return { status: res.status, replayed: false };
      const [result] = ((await res.json()) as { data: { results: { status: number; replayed: boolean }[] } }).data
        .results;
      return { status: result?.status ?? 0, replayed: result?.replayed === true };
    };

    // Drain in order until the crash: the sale at KILL_AT is in flight when the server is killed.
    const confirmed = new Set<number>();
    let next = 0;
    for (; next < QUEUED; next++) {
      if (next === KILL_AT) {
        const inFlight = send(next).then(
          (res) => res.status,
          () => 0,
        );
        server.kill('SIGKILL');
        const status = await inFlight;
        if (status === 201) confirmed.add(next);
        break;
      }
      const res = await send(next);
      expect(res.status).toBe(201);
      confirmed.add(next);
    }
    await exited(server);
    expect(confirmed.size).toBeGreaterThanOrEqual(KILL_AT);

    // Restarted (on another port, as after a reboot); the register re-sends everything unconfirmed, in order.
    port = await freePort();
    server = await startServer(databaseUrl, port, { jwtSecret: JWT_SECRET });
    const replayed: number[] = [];
    for (let i = 0; i < QUEUED; i++) {
      if (confirmed.has(i)) continue;
      const res = await send(i);
      expect(res.status).toBe(201);
      if (res.replayed) replayed.push(i);
      confirmed.add(i);
    }
    expect(confirmed.size).toBe(QUEUED);
    // Only the sale in flight at the crash may have been written before its answer was lost.
    expect(replayed.every((i) => i === KILL_AT)).toBe(true);

    const [stored] = await db
      .select({
        n: count(),
        ids: countDistinct(sales.id),
        receipts: countDistinct(sales.receiptNumber),
      })
      .from(sales)
      .where(and(eq(sales.companyId, tenant.company.id), eq(sales.registerId, register.id)));
    expect(stored).toEqual({ n: QUEUED, ids: QUEUED, receipts: QUEUED });
    const ids = new Set(
      (await db.select({ id: sales.id }).from(sales).where(eq(sales.registerId, register.id))).map((r) => r.id),
    );
    expect(outbox.every((s) => ids.has(s.body.id))).toBe(true);
    expect(await checkInvariants(db)).toEqual([]);
  }, 240_000);
});
