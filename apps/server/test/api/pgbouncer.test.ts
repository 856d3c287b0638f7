import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { computeCartTotals } from '@pos/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';
import { freePort } from '../helpers/server-process';

/**
 * The server through PgBouncer in transaction mode (docs/architecture/database.md, 'Pooling'): Debian's
 * PgBouncer on a free port in front of the suite's PostgreSQL, with fewer server connections than the
 * server's pool has clients, so consecutive transactions of one client connection run on different server
 * connections. With DATABASE_TRANSACTION_POOLER=true the sale path (the session look-up, the sale statement,
 * its replay) and a streamed export work; without it, statements prepared by name on one server connection
 * are missing, or already there, on the next, and requests fail.
 */
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p));
const isRoot = process.getuid?.() === 0;
/** PgBouncer's server connections per database and user: fewer than the concurrent requests below. */
const SERVER_CONNECTIONS = 2;

/** PgBouncer in transaction mode on `port`, in front of `target`; trust authentication (a test's loopback). */
async function startPgBouncer(dir: string, target: URL, port: number): Promise<ChildProcess> {
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'max_client_conn = 200',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // Trust authentication still needs the user listed.
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${decodeURIComponent(target.username) || 'postgres'}" ""\n`);
  if (isRoot) {
    // PgBouncer refuses to run as root.
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    for (const file of [dir, ini, path.join(dir, 'userlist.txt')]) fs.chownSync(file, uid, uid);
  }
  // As root, PgBouncer itself switches to postgres (-u): the child is PgBouncer, so a signal reaches it.
  const child = spawn(PGBOUNCER as string, [...(isRoot ? ['-u', 'postgres'] : []), ini], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`PgBouncer did not start: ${fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;
const reason =
  engineName() !== 'postgresql'
    ? 'PostgreSQL only: the embedded database has no pooler'
    : !PGBOUNCER
      ? 'needs PgBouncer (Debian package pgbouncer; CI installs it)'
      : 'PgBouncer 1.18+, transaction mode';

if (engineName() === 'postgresql' && !PGBOUNCER && process.env.CI) {
  throw new Error('CI runs this test: install PgBouncer (apt-get install pgbouncer)');
}

describe.skipIf(engineName() !== 'postgresql' || !PGBOUNCER)(`through PgBouncer (${reason})`, () => {
  let dir: string;
  let bouncer: ChildProcess | undefined;
  let bouncerPort: number;
  let databaseName: string;
  let pooled: TestContext | undefined;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let product: Awaited<ReturnType<typeof createProduct>>;

  /** The test database's address, straight or through PgBouncer. */
  const urlOf = (through: 'postgresql' | 'pgbouncer') => {
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    if (through === 'pgbouncer') {
      url.hostname = '127.0.0.1';
      url.port = String(bouncerPort);
    }
    return url.toString();
  };
  const contextThroughBouncer = (transactionPooler: boolean) =>
    createTestContext({
      DATABASE_URL: urlOf('pgbouncer'),
      DATABASE_MIGRATION_URL: urlOf('postgresql'),
      DATABASE_TRANSACTION_POOLER: String(transactionPooler),
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-pgbouncer-'));
    databaseName = `pos_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    bouncerPort = await freePort();
    bouncer = await startPgBouncer(dir, new URL(adminUrl as string), bouncerPort);
    pooled = await contextThroughBouncer(true);
    tenant = await createTenant(pooled.database.db);
    product = await createProduct(pooled.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '100.00',
      stockQuantity: 1000,
    });
  }, 60_000);

  afterAll(async () => {
    await pooled?.close().catch(() => undefined);
    bouncer?.kill('SIGTERM');
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  function salePayload() {
    const items = [{ product_id: product.id, quantity: 2, price: 100 }];
    const totals = computeCartTotals({ items, taxRate: 5, discountType: 'amount', discountValue: 0 });
    return {
      branchId: tenant.main.id,
      items,
      subtotal: totals.subtotal,
      tax: totals.tax,
      tax_rate: 5,
      discount_type: 'amount',
      discount_value: 0,
      discount_amount: totals.discountAmount,
      total: totals.total,
      payment_method: 'card',
      amount_paid: totals.total,
      change: 0,
    };
  }

  const sell = (ctx: TestContext, token: string, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: salePayload(),
    });

  it('with DATABASE_TRANSACTION_POOLER: 40 concurrent sales, a replay and a streamed export, each on whichever server connection is free', async () => {
    const ctx = pooled as TestContext;
    const token = await login(ctx.app, tenant.cashier.username);
    const keys = Array.from({ length: 40 }, () => randomUUID());
    const answers = await Promise.all(keys.map((key) => sell(ctx, token, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(keys.map(() => 201));

    // The same key again answers the stored sale, not a second one.
    const first = answers[0]?.json().data;
    const replay = await sell(ctx, token, keys[0]);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.id).toBe(first.id);

    const direct = new pg.Client({ connectionString: urlOf('postgresql') });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ sales: string; stock: number }>(
        `select (select count(*) from sales where branch_id = $1) as sales,
                (select stock_quantity::int from products where id = $2) as stock`,
        [tenant.main.id, product.id],
      );
      expect(rows[0]).toEqual({ sales: '40', stock: 1000 - 40 * 2 });
    } finally {
      await direct.end();
    }

    // A CSV export reads through a cursor, batch by batch, inside one (implicit) transaction.
    const manager = await login(ctx.app, tenant.manager.username);
    const csv = await request(ctx.app, manager, { url: `/api/transactions/export.csv?branchId=${tenant.main.id}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 40);
  }, 60_000);

  it('without it, statements prepared by name break on the pooled connections (what the setting is for)', async () => {
    const unpooled = await contextThroughBouncer(false);
    try {
      const token = await login(unpooled.app, tenant.cashier.username);
      const answers = await Promise.all(Array.from({ length: 20 }, () => sell(unpooled, token)));
      const failed = answers.filter((a) => a.statusCode >= 500);
      expect(failed.length).toBeGreaterThan(0);
    } finally {
      await unpooled.close().catch(() => undefined);
    }
  }, 60_000);

  it('a request whose database goes away (the pooler stopped) is answered 503 DB_UNAVAILABLE, not a 500', async () => {
    const ctx = pooled as TestContext;
    const token = await login(ctx.app, tenant.cashier.username);
    bouncer?.kill('SIGKILL');
    await new Promise((resolve) => bouncer?.once('exit', resolve));
    // The pool's open connections to PgBouncer are gone with it; new ones are refused.
    const answers = [await sell(ctx, token), await sell(ctx, token)];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'DB_UNAVAILABLE' });
    }
  }, 60_000);
});
