import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { computeCartTotals, REPLICA_STALE_SECONDS } from '@pos/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createTenant, login, request } from '../helpers/factories';

/**
 * Reads from a replica (docs/architecture/database.md, 'Reads from a replica') on real PostgreSQL streaming
 * replication: the test makes its own primary and hot standby (Debian's initdb, pg_ctl, pg_basebackup -R) in a
 * temporary directory on free ports, and a server with DATABASE_URL on the primary and DATABASE_READ_URL on the
 * replica. With the replica's replay paused, a sale's answer, its replay and GET /transactions/{id} still come
 * from the primary, while the report, the dashboard's figures and the transactions export, read from the
 * replica, do not see the sale yet and say how stale they are; once replay resumes they see it.
 */
const run = promisify(execFile);

/** Debian's newest PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const bin = postgresBin();
const isRoot = process.getuid?.() === 0;

/** A port nobody listens on now (the cluster takes it a moment later). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One of PostgreSQL's programs, as the postgres OS user when the test runs as root (PostgreSQL refuses root). */
function pgTool(dir: string, name: string, args: string[]) {
  const program = path.join(bin ?? '', name);
  return isRoot
    ? run('runuser', ['-u', 'postgres', '--', program, ...args], { cwd: dir })
    : run(program, args, { cwd: dir });
}

/** Stops a cluster at once (no checkpoint: it is thrown away). */
const stopCluster = (dir: string, data: string) => pgTool(dir, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);

type Cluster = { primaryUrl: string; replicaUrl: string; stop: () => Promise<void> };

/**
 * A primary and its streaming replica in `dir` (owned by postgres), trust authentication on 127.0.0.1 and the
 * directory's unix socket only.
 */
async function startCluster(dir: string): Promise<Cluster> {
  const tool = (name: string, args: string[]) => pgTool(dir, name, args);
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];

  await tool('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--locale=C', '-E', 'UTF8', '--no-sync']);
  fs.appendFileSync(
    path.join(primary, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'shared_buffers = 32MB',
      'fsync = off',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(primary, 'pg_hba.conf'),
    [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'local replication all trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  await tool('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-o', `-p ${primaryPort}`, '-w', 'start']);
  const stops = [() => stopCluster(dir, primary)];
  try {
    // -R: standby.signal and primary_conninfo; the configuration and pg_hba.conf come with the copy.
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    await tool('pg_ctl', [
      '-D',
      replica,
      '-l',
      path.join(dir, 'replica.log'),
      '-o',
      `-p ${replicaPort}`,
      '-w',
      'start',
    ]);
    stops.unshift(() => stopCluster(dir, replica));
  } catch (error) {
    await stops[0]?.().catch(() => undefined);
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stop: async () => {
      for (const stop of stops) await stop().catch(() => undefined);
    },
  };
}

const reason =
  engineName() !== 'postgresql'
    ? 'PostgreSQL only: the embedded database has no replica'
    : !bin
      ? 'needs the PostgreSQL server binaries in /usr/lib/postgresql/<version>/bin'
      : 'PostgreSQL streaming replication';

describe.skipIf(engineName() !== 'postgresql' || !bin)(`reads from a replica (${reason})`, () => {
  let dir: string;
  let cluster: Cluster | undefined;
  let ctx: TestContext | undefined;
  let onReplica: pg.Client;
  let onPrimary: pg.Client;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let cashier: string;
  let manager: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-replica-'));
    cluster = await startCluster(dir);
    ctx = await createTestContext({ DATABASE_URL: cluster.primaryUrl, DATABASE_READ_URL: cluster.replicaUrl });
    tenant = await createTenant(ctx.database.db, { shifts: true });
    product = await createProduct(ctx.database.db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      price: '100.00',
      stockQuantity: 50,
    });
    cashier = await login(ctx.app, tenant.cashier.username);
    manager = await login(ctx.app, tenant.manager.username);
    onPrimary = new pg.Client({ connectionString: cluster.primaryUrl });
    onReplica = new pg.Client({ connectionString: cluster.replicaUrl });
    await Promise.all([onPrimary.connect(), onReplica.connect()]);
  }, 90_000);

  afterAll(async () => {
    await onReplica?.end().catch(() => undefined);
    await onPrimary?.end().catch(() => undefined);
    // Both clusters may be down by now (the last tests stop them): the server closes without them.
    await Promise.race([ctx?.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  /** The replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const { rows } = await onPrimary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const target = rows[0]?.lsn;
    await until('the replica to catch up', async () => {
      const { rows: r } = await onReplica.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [target],
      );
      return r[0]?.done ? true : undefined;
    });
  }

  const server = () => {
    if (!ctx) throw new Error('the server did not start');
    return ctx.app;
  };
  const get = (url: string, token = manager) => request(server(), token, { url });

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

  it('with no replay on the replica, a sale is answered, replayed and read back from the primary; the figures read from the replica miss it and say they are stale; after replay resumes they count it', async () => {
    const app = server();
    const branchId = tenant.main.id;
    await caughtUp();
    const report = (await get(`/api/reports/sales-by-day?branchId=${branchId}`)).json();
    expect(report.meta.freshness).toMatchObject({ source: 'replica', stale: false });
    const before = report.data.totals.transactions as number;
    const summaryBefore = (await get(`/api/dashboard/sales-summary?branchId=${branchId}`)).json();
    expect(summaryBefore.meta.freshness.source).toBe('replica');

    await onReplica.query('select pg_wal_replay_pause()');
    await until('replay to pause', async () => {
      const { rows } = await onReplica.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
      return rows[0]?.state === 'paused' ? true : undefined;
    });

    // The sale, its replay (same Idempotency-Key) and GET /transactions/{id}: all from the primary.
    const key = randomUUID();
    const sell = () =>
      app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${cashier}`, 'idempotency-key': key },
        payload: salePayload(),
      });
    const sold = await sell();
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json().data;
    const replayed = await sell();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().data).toMatchObject({ id: sale.id, receiptNumber: sale.receiptNumber, total: sale.total });
    const readBack = await get(`/api/transactions/${sale.id}`, cashier);
    expect(readBack.statusCode, readBack.body).toBe(200);
    expect(readBack.json().data).toMatchObject({ id: sale.id, receiptNumber: sale.receiptNumber });
    // The replica has not got it: those answers could only come from the primary.
    const onStandby = await onReplica.query('select 1 from sales where id = $1', [sale.id]);
    expect(onStandby.rowCount).toBe(0);

    // The replica's figures: without the sale, and, once its last replayed commit is over the threshold, stale.
    const lag = await until(
      'the replica to fall behind',
      async () => {
        const health = (await app.inject({ url: '/api/health' })).json();
        expect(health).toMatchObject({ success: true, status: 'ok', database: 'postgresql' });
        expect(health.replica.status).toBe('ok');
        return health.replica.lagSeconds > REPLICA_STALE_SECONDS ? (health.replica.lagSeconds as number) : undefined;
      },
      15_000,
    );
    expect(lag).toBeGreaterThan(REPLICA_STALE_SECONDS);
    const stale = (await get(`/api/reports/sales-by-day?branchId=${branchId}`)).json();
    expect(stale.data.totals.transactions).toBe(before);
    expect(stale.meta.freshness).toMatchObject({ source: 'replica', stale: true });
    expect(stale.meta.freshness.lagSeconds).toBeGreaterThan(REPLICA_STALE_SECONDS);
    const summary = (await get(`/api/dashboard/sales-summary?branchId=${branchId}`)).json();
    expect(summary.data.today.grossTransactions).toBe(summaryBefore.data.today.grossTransactions);
    expect(summary.meta.freshness.stale).toBe(true);
    const analytics = (await get(`/api/transactions/analytics?branchId=${branchId}`)).json();
    expect(analytics.meta.freshness.stale).toBe(true);
    const exported = await get(`/api/transactions/export.csv?branchId=${branchId}`);
    expect(exported.statusCode).toBe(200);
    expect(Number(exported.headers['x-replica-lag-seconds'])).toBeGreaterThan(REPLICA_STALE_SECONDS);
    expect(exported.body).not.toContain(sale.receiptNumber);
    // What must read its own writes still does: the list of sales is the primary's.
    const list = (await get(`/api/transactions?branchId=${branchId}`, cashier)).json();
    expect(list.data.map((s: { id: string }) => s.id)).toContain(sale.id);

    await onReplica.query('select pg_wal_replay_resume()');
    await until('the report to count the sale', async () => {
      const answer = (await get(`/api/reports/sales-by-day?branchId=${branchId}`)).json();
      return answer.data.totals.transactions === before + 1 ? true : undefined;
    });
    await caughtUp();
    const after = (await get(`/api/reports/sales-by-day?branchId=${branchId}`)).json();
    expect(after.data.totals.transactions).toBe(before + 1);
    expect(after.meta.freshness.stale).toBe(false);
    expect(after.meta.freshness.lagSeconds).toBeLessThanOrEqual(REPLICA_STALE_SECONDS);
    const caught = (await get(`/api/dashboard/sales-summary?branchId=${branchId}`)).json();
    expect(caught.data.today.grossTransactions).toBe(summaryBefore.data.today.grossTransactions + 1);
    expect((await get(`/api/transactions/export.csv?branchId=${branchId}`)).body).toContain(sale.receiptNumber);
  }, 60_000);

  it('/api/health: the primary and the replica answer, the replica 0 s behind once it has replayed everything', async () => {
    // Replay runs again even if the test above stopped half-way.
    await onReplica.query('select pg_wal_replay_resume()');
    await caughtUp();
    const res = await server().inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: 'postgresql',
      replica: { status: 'ok' },
    });
    expect(res.json().replica.lagSeconds).toBeLessThanOrEqual(REPLICA_STALE_SECONDS);
  });

  it('a replica that does not answer: health says so (still 200), and the figures come from the primary', async () => {
    await onReplica.end().catch(() => undefined);
    await stopCluster(dir, path.join(dir, 'replica'));
    const health = await server().inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().replica).toEqual({ status: 'unavailable', lagSeconds: null });
    const report = await get(`/api/reports/sales-by-day?branchId=${tenant.main.id}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().meta).toBeUndefined();
    expect(report.json().data.totals.transactions).toBeGreaterThan(0);
  });

  it('a primary that does not answer: 503', async () => {
    await onPrimary.end().catch(() => undefined);
    await stopCluster(dir, path.join(dir, 'primary'));
    const health = await server().inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      success: false,
      status: 'unavailable',
      database: 'postgresql',
      code: 'DB_UNAVAILABLE',
    });
  });
});
