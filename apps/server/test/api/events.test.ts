import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveEvent } from '@pos/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createEventHub, EVENTS_POLL_MS, LIVE_EVENTS_KEEP_MINUTES } from '../../src/lib/events';
import { deleteOldLiveEvents } from '../../src/lib/events.repo';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { exited, freePort, startServer } from '../helpers/server-process';
import { openStream } from '../helpers/sse';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The signing key of createTestContext's app, so that process B accepts A's sessions. */
const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe(`live events (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Tenant;
  let tokens: { manager: string; cashier: string };
  let base: string;

  const ticketFor = async (branchId: string, token = tokens.cashier, app = ctx.app) => {
    const res = await request(app, token, { method: 'POST', url: '/api/events/ticket', payload: { branchId } });
    return { status: res.statusCode, ticket: res.json().data?.ticket as string };
  };

  const sell = (productId: string, quantity: number, price = 80, app = ctx.app) =>
    request(app, tokens.cashier, {
      method: 'POST',
      url: '/api/transactions',
      payload: {
        branchId: tenant.main.id,
        items: [{ product_id: productId, quantity, price }],
        subtotal: price * quantity,
        tax: 0,
        tax_rate: 0,
        discount_type: 'amount',
        discount_value: 0,
        discount_amount: 0,
        total: price * quantity,
        payment_method: 'card',
        amount_paid: price * quantity,
        change: 0,
      },
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
    tokens = {
      manager: await login(ctx.app, tenant.manager.username),
      cashier: await login(ctx.app, tenant.cashier.username),
    };
    base = await listen(ctx.app);
  });
  afterAll(() => ctx.close());

  it('a sale and a price change reach the branch stream as stock and product events', async () => {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 5,
    });
    const { ticket } = await ticketFor(tenant.main.id);
    const stream = await openStream(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toContain('text/event-stream');
      await stream.until((e) => e.event === 'ready');
      expect((await sell(product.id, 2)).statusCode).toBe(201);
      const stock = await stream.until((e) => e.event === 'stock' && e.data.productId === product.id);
      expect(stock.data).toEqual({ productId: product.id, stockQuantity: 3 });
      const edit = await request(ctx.app, tokens.manager, {
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { price: 90 },
      });
      expect(edit.statusCode).toBe(200);
      const changed = await stream.until((e) => e.event === 'product' && e.data.id === product.id);
      expect(changed.data).toEqual({ id: product.id });
      // Another branch's changes never reach this stream.
      const elsewhere = await createProduct(ctx.database.db, {
        companyId: tenant.company.id,
        branchId: tenant.second.id,
      });
      expect(stream.received.some((e) => e.data.id === elsewhere.id || e.data.productId === elsewhere.id)).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('needs a valid ticket: forged or missing is 401; a ticket is only issued within reach', async () => {
    const forged = await fetch(`${base}/api/events?ticket=abc.def.ghi`);
    expect(forged.status).toBe(401);
    const missing = await fetch(`${base}/api/events`);
    expect(missing.status).toBe(400);
    // A session token is not a ticket.
    const asTicket = await fetch(`${base}/api/events?ticket=${tokens.cashier}`);
    expect(asTicket.status).toBe(401);
    expect((await ticketFor(tenant.second.id)).status).toBe(404);
    const { ticket } = await ticketFor(tenant.main.id);
    const wrongBranch = await fetch(`${base}/api/events?ticket=${ticket}&branchId=${tenant.second.id}`);
    expect(wrongBranch.status).toBe(401);
  });

  it('a statement of more than 100 products is one resync event; the outbox keeps no event past its time', async () => {
    const hub = createEventHub(ctx.database.db);
    const received: LiveEvent[] = [];
    const { unsubscribe } = await hub.subscribe(
      { companyId: tenant.company.id, branchId: tenant.second.id },
      (events) => received.push(...events),
    );
    try {
      await ctx.database.db.execute(sql`insert into products (company_id, branch_id, name, price)
        select ${tenant.company.id}::uuid, ${tenant.second.id}::uuid, 'Bulk ' || n, 1 from generate_series(1, 101) n`);
      await expect.poll(() => received.map((e) => e.type)).toEqual(['resync']);
    } finally {
      unsubscribe();
      await hub.close();
    }
    await ctx.database.db.execute(sql`update live_events set created_at = now() - interval '6 minutes'`);
    await deleteOldLiveEvents(ctx.database.db, LIVE_EVENTS_KEEP_MINUTES);
    expect(await queryRows(ctx.database.db, sql`select 1 from live_events`)).toEqual([]);
  });

  it.runIf(engineName() === 'postgresql')(
    'a write still running when the outbox is read is delivered at a later read: none skipped, none twice',
    async () => {
      // The hole of sequence cursors: a transaction that began first but commits after a later one was read.
      // And the other way round: the running one holds back only its own events, not the later write's.
      const [slow, fast] = await Promise.all(
        [1, 2].map(() =>
          createProduct(ctx.database.db, {
            companyId: tenant.company.id,
            branchId: tenant.second.id,
            stockQuantity: 9,
          }),
        ),
      );
      const hub = createEventHub(ctx.database.db);
      const received: LiveEvent[] = [];
      const { unsubscribe } = await hub.subscribe(
        { companyId: tenant.company.id, branchId: tenant.second.id },
        (events) => received.push(...events),
      );
      const other = new pg.Client({ connectionString: ctx.app.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update products set stock_quantity = 1 where id = $1', [slow?.id]);
        await ctx.database.db.execute(sql`update products set stock_quantity = 2 where id = ${fast?.id}::uuid`);
        const stockOf = (id?: string) =>
          received.filter((e) => e.type === 'stock' && e.data.productId === id).map((e) => e.data);
        await expect.poll(() => stockOf(fast?.id)).toEqual([{ productId: fast?.id, stockQuantity: 2 }]);
        // Reads went on past the fast write while the slow one was running: it is not lost.
        await new Promise((resolve) => setTimeout(resolve, 3 * EVENTS_POLL_MS));
        expect(stockOf(slow?.id)).toEqual([]);
        await other.query('commit');
        await expect.poll(() => stockOf(slow?.id)).toEqual([{ productId: slow?.id, stockQuantity: 1 }]);
        await new Promise((resolve) => setTimeout(resolve, 3 * EVENTS_POLL_MS));
        expect(stockOf(fast?.id)).toHaveLength(1);
        expect(stockOf(slow?.id)).toHaveLength(1);
      } finally {
        await other.end();
        unsubscribe();
        await hub.close();
      }
    },
  );

  it.runIf(engineName() === 'postgresql')(
    'with two server processes on one database, a sale through A reaches a stream on B (the outbox)',
    async () => {
      // Process B: the server from source in a child process (as `npm start` runs it) on the same database,
      // with the same signing key; process A is this test's app.
      const port = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: ctx.app.env.DATABASE_URL,
          PORT: String(port),
          HOST: '127.0.0.1',
          JWT_SECRET: TEST_JWT_SECRET,
          NODE_ENV: 'production',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      try {
        const baseB = `http://127.0.0.1:${port}`;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`server B exited with ${child.exitCode}`);
          const up = await fetch(`${baseB}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (up) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const product = await createProduct(ctx.database.db, {
          companyId: tenant.company.id,
          branchId: tenant.main.id,
          stockQuantity: 1,
        });
        const issued = await fetch(`${baseB}/api/events/ticket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.cashier}` },
          body: JSON.stringify({ branchId: tenant.main.id }),
        });
        expect(issued.status).toBe(200);
        const { data } = (await issued.json()) as { data: { ticket: string } };
        const stream = await openStream(`${baseB}/api/events?ticket=${encodeURIComponent(data.ticket)}`);
        try {
          await stream.until((e) => e.event === 'ready');
          expect((await sell(product.id, 1)).statusCode).toBe(201);
          const stock = await stream.until((e) => e.event === 'stock' && e.data.productId === product.id);
          expect(stock.data).toEqual({ productId: product.id, stockQuantity: 0 });
        } finally {
          await stream.close();
        }
      } finally {
        child.kill('SIGTERM');
        if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
      }
    },
    120_000,
  );

  const streamUrl = (origin: string, ticket: string, since?: string) =>
    `${origin}/api/events?${new URLSearchParams({ ticket, ...(since !== undefined && { since }) })}`;

  it('a stream opened again with the last id it sent (since) first sends what changed in between; an unknown or too old id sends resync', async () => {
    const product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 9,
    });
    const first = await openStream(streamUrl(base, (await ticketFor(tenant.main.id)).ticket));
    await first.until((e) => e.event === 'ready');
    expect((await sell(product.id, 1)).statusCode).toBe(201);
    await first.until((e) => e.event === 'stock' && e.data.productId === product.id);
    const since = first.lastId();
    expect(since).toMatch(/^\d+\.\d+\./);
    await first.close();

    // While no stream is open: two sales and a price change.
    expect((await sell(product.id, 2)).statusCode).toBe(201);
    expect((await sell(product.id, 3)).statusCode).toBe(201);
    const edit = await request(ctx.app, tokens.manager, {
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { price: 81 },
    });
    expect(edit.statusCode).toBe(200);

    const resumed = await openStream(streamUrl(base, (await ticketFor(tenant.main.id)).ticket, since));
    try {
      await resumed.until((e) => e.event === 'product' && e.data.id === product.id);
      const stock = resumed.received.filter((e) => e.event === 'stock' && e.data.productId === product.id);
      expect(stock.map((e) => e.data.stockQuantity)).toEqual([6, 3]);
      expect(resumed.received.map((e) => e.event)).not.toContain('resync');
      // Its own last id has moved past them: resuming from it brings nothing again.
      const later = resumed.lastId();
      expect(later).not.toBe(since);
      const again = await openStream(streamUrl(base, (await ticketFor(tenant.main.id)).ticket, later));
      try {
        await again.until((e) => e.event === 'ready');
        await new Promise((resolve) => setTimeout(resolve, 3 * EVENTS_POLL_MS));
        expect(again.received.map((e) => e.event)).toEqual(['ready']);
      } finally {
        await again.close();
      }
    } finally {
      await resumed.close();
    }

    const tooOld = `${Date.now() - LIVE_EVENTS_KEEP_MINUTES * 60_000}.${since?.split('.').slice(1).join('.')}`;
    for (const unknown of ['not-a-position', tooOld]) {
      const stream = await openStream(streamUrl(base, (await ticketFor(tenant.main.id)).ticket, unknown));
      try {
        expect(stream.status).toBe(200);
        await stream.until((e) => e.event === 'resync');
      } finally {
        await stream.close();
      }
    }
  });

  it.runIf(engineName() === 'postgresql')(
    "a register whose stream's process is killed resumes on another process without losing a stock change",
    async () => {
      const product = await createProduct(ctx.database.db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        stockQuantity: 20,
      });
      // Process B, the server from source as a child process on the same database and signing key.
      const port = await freePort();
      const child = await startServer(ctx.app.env.DATABASE_URL as string, port, { jwtSecret: TEST_JWT_SECRET });
      try {
        const baseB = `http://127.0.0.1:${port}`;
        const issued = await fetch(`${baseB}/api/events/ticket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.cashier}` },
          body: JSON.stringify({ branchId: tenant.main.id }),
        });
        const { data } = (await issued.json()) as { data: { ticket: string } };
        const onB = await openStream(streamUrl(baseB, data.ticket));
        await onB.until((e) => e.event === 'ready');
        expect((await sell(product.id, 1)).statusCode).toBe(201);
        await onB.until((e) => e.event === 'stock' && e.data.productId === product.id);
        const since = onB.lastId();

        child.kill('SIGKILL');
        await exited(child);
        await onB.close();
        // Sold through process A while the register has no stream.
        expect((await sell(product.id, 4)).statusCode).toBe(201);

        const onA = await openStream(streamUrl(base, (await ticketFor(tenant.main.id)).ticket, since));
        try {
          const stock = await onA.until((e) => e.event === 'stock' && e.data.productId === product.id);
          expect(stock.data).toEqual({ productId: product.id, stockQuantity: 15 });
        } finally {
          await onA.close();
        }
      } finally {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
    120_000,
  );
});
