import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse as InjectAnswer } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalDocuments, fiscalSettings, sales } from '../../src/db/schema';
import { type FbrSimulator, startFbrSimulator } from '../../src/fiscal-sim/fbr-simulator';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { enrolDevice, uploadSigned } from '../helpers/device';
import { createProduct, createTenant, PASSWORD } from '../helpers/factories';
import { exited, freePort, startServer, until } from '../helpers/server-process';
import { openStream } from '../helpers/sse';

/**
 * Stateless servers (docs/deployment.md): two server processes (the real server from source, as child
 * processes) on one PostgreSQL database behind Debian's HAProxy balancing round robin with no stickiness, as
 * the deployment guide configures it. Every request of a register may land on either process: sessions,
 * sign-in limits, idempotency, register enrolment and signed offline uploads, the fiscal outbox and the live
 * events stream work across them, and a stream whose process is SIGKILLed resumes on the other.
 */
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
// The test app's secret (helpers/context.ts): the children accept the tokens the test's fixtures sign.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
const MAX_SIGN_INS_PER_USERNAME = 4;
const POS = 7101;

/** The part of app.inject's answer the helpers read. */
type Answer = { statusCode: number; headers: Record<string, string>; body: string; json: InjectAnswer['json'] };

/**
 * Requests through the load balancer in the shape of app.inject, so the suite's helpers (enrolment, signed
 * uploads) run through it unchanged; its X-Served-By header names the process HAProxy chose.
 */
function balancer(origin: string) {
  const inject = async (options: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): Promise<Answer> => {
    const res = await fetch(`${origin}${options.url}`, {
      method: options.method ?? 'GET',
      headers: { ...(options.payload !== undefined && { 'content-type': 'application/json' }), ...options.headers },
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    const body = await res.text();
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
  };
  return { inject, asApp: { inject } as unknown as FastifyInstance };
}

/** HAProxy in the foreground, round robin over the servers with health checks on /api/health (deploy/haproxy.cfg). */
async function startHaproxy(dir: string, port: number, servers: Record<string, number>): Promise<ChildProcess> {
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  retries 3',
      '  option redispatch',
      '  retry-on conn-failure empty-response',
      'frontend pos',
      `  bind 127.0.0.1:${port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option forwardfor',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      '  http-response set-header X-Served-By %s',
      ...Object.entries(servers).map(
        ([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} check inter 300 fall 2 rise 1`,
      ),
      '',
    ].join('\n'),
  );
  const child = spawn(HAPROXY as string, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  }, 'HAProxy to answer');
  return child;
}

const reason =
  engineName() !== 'postgresql'
    ? 'PostgreSQL only: the embedded database belongs to one process'
    : !HAPROXY
      ? 'needs HAProxy (Debian package haproxy; CI installs it)'
      : 'two processes behind HAProxy';

if (engineName() === 'postgresql' && !HAPROXY && process.env.CI) {
  throw new Error('CI runs this test: install HAProxy (apt-get install haproxy)');
}

describe.skipIf(engineName() !== 'postgresql' || !HAPROXY)(`behind a load balancer (${reason})`, () => {
  let ctx: TestContext;
  let dir: string;
  let sim: FbrSimulator;
  const servers: Record<string, ChildProcess> = {};
  let haproxy: ChildProcess | undefined;
  let lb: ReturnType<typeof balancer>;
  let origin: string;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let product: Awaited<ReturnType<typeof createProduct>>;

  const signIn = async (username: string, password = PASSWORD) =>
    lb.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const tokenOf = async (username: string) => {
    const res = await signIn(username);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };
  const sale = (quantity = 1) => ({
    branchId: tenant.main.id,
    items: [{ product_id: product.id, quantity, price: 10 }],
    subtotal: 10 * quantity,
    tax: 0,
    tax_rate: 0,
    discount_type: 'amount',
    discount_value: 0,
    discount_amount: 0,
    total: 10 * quantity,
    payment_method: 'card',
    amount_paid: 10 * quantity,
    change: 0,
  });
  const sell = (token: string, key = randomUUID(), quantity = 1) =>
    lb.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: sale(quantity),
    });

  beforeAll(async () => {
    ctx = await createTestContext({}, { fiscalOutbox: false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-lb-'));
    sim = await startFbrSimulator({ tokens: { [POS]: 'lb-token' } });
    const db = ctx.database.db;
    tenant = await createTenant(db);
    product = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 1000,
      price: '10.00',
    });
    await db.insert(fiscalSettings).values({
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      provider: 'fbr',
      environment: 'simulator',
      baseUrl: sim.url,
      posId: POS,
      tokenEncrypted: ctx.app.fiscal.secrets.seal('lb-token'),
      defaultPctCode: '3401.1100',
    });
    const ports = { a: await freePort(), b: await freePort() };
    const env = {
      SEED_DEMO: 'never',
      TRUST_PROXY: 'true',
      LOGIN_RATE_MAX_PER_USERNAME: String(MAX_SIGN_INS_PER_USERNAME),
      LOGIN_RATE_WINDOW_MS: '600000',
    };
    const databaseUrl = ctx.app.env.DATABASE_URL as string;
    [servers.a, servers.b] = await Promise.all([
      startServer(databaseUrl, ports.a, { jwtSecret: JWT_SECRET, env }),
      startServer(databaseUrl, ports.b, { jwtSecret: JWT_SECRET, env }),
    ]);
    const lbPort = await freePort();
    haproxy = await startHaproxy(dir, lbPort, ports);
    origin = `http://127.0.0.1:${lbPort}`;
    lb = balancer(origin);
  }, 120_000);

  afterAll(async () => {
    haproxy?.kill('SIGKILL');
    for (const child of Object.values(servers)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await sim?.close();
    await ctx?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('a session made on one process serves on both; sign-in attempts count across both', async () => {
    const token = await tokenOf(tenant.cashier.username);
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const res = await lb.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(200);
      served.add(res.headers['x-served-by'] as string);
    }
    expect([...served].sort()).toEqual(['a', 'b']);

    // Wrong passwords for one username, alternating between the processes: the limit is the database's.
    const attempts: { status: number; by: string }[] = [];
    for (let i = 0; i < MAX_SIGN_INS_PER_USERNAME + 2; i += 1) {
      const res = await signIn(tenant.manager.username, 'wrong-password');
      attempts.push({ status: res.statusCode, by: res.headers['x-served-by'] as string });
    }
    expect(attempts.slice(0, MAX_SIGN_INS_PER_USERNAME).map((a) => a.status)).toEqual(
      Array(MAX_SIGN_INS_PER_USERNAME).fill(401),
    );
    expect(attempts.slice(MAX_SIGN_INS_PER_USERNAME).map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(attempts.slice(MAX_SIGN_INS_PER_USERNAME).map((a) => a.by)).size).toBe(2);
  });

  it('one idempotency key sent to both processes makes one sale; every sale is reported to FBR once', async () => {
    const token = await tokenOf(tenant.cashier.username);
    const key = randomUUID();
    const first = await sell(token, key);
    const again = await sell(token, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(first.headers['x-served-by']).not.toBe(again.headers['x-served-by']);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await ctx.database.db.select({ id: sales.id }).from(sales).where(eq(sales.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    // Both processes run the fiscal outbox: each invoice is claimed by one, sent once, numbered once.
    const more = await Promise.all(Array.from({ length: 12 }, () => sell(token)));
    expect(more.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const documents = () =>
      ctx.database.db
        .select()
        .from(fiscalDocuments)
        .where(and(eq(fiscalDocuments.companyId, tenant.company.id), eq(fiscalDocuments.kind, 'sale')));
    await until(async () => {
      const docs = await documents();
      return docs.length === 13 && docs.every((d) => d.status === 'sent');
    }, '13 invoices sent');
    const invoices = sim.invoices();
    expect(invoices).toHaveLength(13);
    expect(invoices.every((i) => i.received === 1)).toBe(true);
  });

  it('a register enrolled through one process uploads signed offline sales through the other, once', async () => {
    const cashier = await tokenOf(tenant.cashier.username);
    // The Super Admin confirms the register (the Manager's username was locked out by the sign-in test).
    const admin = await tokenOf(tenant.admin.username);
    const { register, key } = await enrolDevice(lb.asApp, {
      token: cashier,
      branchId: tenant.main.id,
      trustedBy: admin,
    });
    const offline = {
      ...sale(2),
      id: randomUUID(),
      register_id: register.id,
      offline: true,
      sold_at: new Date(Date.now() - 60_000).toISOString(),
      receipt_number: `${register.code}-000001`,
    };
    const uploads = [];
    for (let i = 0; i < 2; i += 1) {
      const res = (await uploadSigned(lb.asApp, {
        token: cashier,
        branchId: tenant.main.id,
        key,
        sales: [{ sale: offline }],
      })) as unknown as Answer;
      expect(res.statusCode, res.body).toBe(200);
      uploads.push({ by: res.headers['x-served-by'], result: res.json().data.results[0] });
    }
    expect(new Set(uploads.map((u) => u.by)).size).toBe(2);
    expect(uploads.map((u) => u.result.status)).toEqual([201, 201]);
    expect(uploads[1]?.result.id).toBe(uploads[0]?.result.id);
    const rows = await ctx.database.db.select({ id: sales.id }).from(sales).where(eq(sales.idempotencyKey, offline.id));
    expect(rows).toHaveLength(1);
  });

  it('a live events stream whose process is SIGKILLed resumes on the other process with the change made meanwhile', async () => {
    const token = await tokenOf(tenant.cashier.username);
    const ticket = async () => {
      const res = await lb.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers: { authorization: `Bearer ${token}` },
        payload: { branchId: tenant.main.id },
      });
      return res.json().data.ticket as string;
    };
    const stockOf = async () =>
      (await lb.inject({ url: `/api/products/${product.id}`, headers: { authorization: `Bearer ${token}` } })).json()
        .data.stockQuantity as number;

    const stream = await openStream(
      `${origin}/api/events?${new URLSearchParams({ ticket: await ticket(), branchId: tenant.main.id })}`,
    );
    await stream.until((e) => e.event === 'ready');
    expect((await sell(token)).statusCode).toBe(201);
    const afterFirst = await stockOf();
    await stream.until((e) => e.event === 'stock' && e.data.stockQuantity === afterFirst);
    const since = stream.lastId() as string;

    const victim = stream.headers.get('x-served-by') as 'a' | 'b';
    const survivor = victim === 'a' ? 'b' : 'a';
    servers[victim]?.kill('SIGKILL');
    await exited(servers[victim] as ChildProcess);
    await stream.ended;
    // Sold while the register has no stream (HAProxy sends it to the survivor).
    const meanwhile = await sell(token, randomUUID(), 3);
    expect(meanwhile.statusCode).toBe(201);
    expect(meanwhile.headers['x-served-by']).toBe(survivor);
    const afterMeanwhile = await stockOf();
    expect(afterMeanwhile).toBe(afterFirst - 3);

    const resumed = await openStream(
      `${origin}/api/events?${new URLSearchParams({ ticket: await ticket(), branchId: tenant.main.id, since })}`,
    );
    try {
      expect(resumed.headers.get('x-served-by')).toBe(survivor);
      await resumed.until((e) => e.event === 'stock' && e.data.stockQuantity === afterMeanwhile);
      expect(resumed.received.map((e) => e.event)).not.toContain('resync');
    } finally {
      await resumed.close();
    }
  });
});
