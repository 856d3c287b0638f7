import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fiscalDocuments, fiscalSettings } from '../../src/db/schema';
import { type FbrSimulator, startFbrSimulator } from '../../src/fiscal-sim/fbr-simulator';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createSale, createTenant } from '../helpers/factories';

/**
 * The fiscal outbox is crash-safe: 200 sales wait to be reported; the real server (a child process on
 * PostgreSQL) sends them to the simulator one after another, is killed with SIGKILL in the middle (an invoice in
 * flight), and restarted. Afterwards every invoice is numbered once and none twice: the simulator numbered 200
 * USINs, each document holds the number the simulator gave its USIN, and what was sent again after the crash
 * was answered with the same number.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The test app's secret (helpers/context.ts): the child opens the tokens the test sealed.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
const PENDING = 200;
const KILL_AFTER = 60;
const POS = 7001;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The server from source (tsx), as `npm start` runs it, on the test's PostgreSQL database. */
async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'never',
      // A short wait for an answer, so a claim the killed server held runs out soon (its lease: 2 x + 5 s).
      FISCAL_TIMEOUT_MS: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

const until = async (done: () => Promise<boolean> | boolean, what: string, ms = 90_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.runIf(engineName() === 'postgresql')(`the fiscal outbox survives a server crash (${engineName()})`, () => {
  let ctx: TestContext;
  let sim: FbrSimulator;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    ctx = await createTestContext({}, { fiscalOutbox: false, salesRollup: false });
    sim = await startFbrSimulator({ tokens: { [POS]: 'crash-token' } });
  });
  afterEach(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
  });
  afterAll(async () => {
    await ctx.close();
    await sim.close();
  });

  it('200 pending invoices, SIGKILL while they are sent, a restart: each numbered once, none twice', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    await db.insert(fiscalSettings).values({
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      provider: 'fbr',
      environment: 'simulator',
      baseUrl: sim.url,
      posId: POS,
      tokenEncrypted: ctx.app.fiscal.secrets.seal('crash-token'),
      defaultPctCode: '3401.1100',
    });
    const product = await createProduct(db, {
      companyId: tenant.company.id,
      branchId: tenant.main.id,
      stockQuantity: 1000,
      price: '10.00',
    });
    for (let i = 0; i < PENDING; i += 1) {
      await createSale(db, {
        companyId: tenant.company.id,
        branchId: tenant.main.id,
        cashierId: tenant.cashier.id,
        lines: [{ product, quantity: 1 }],
        paymentMethod: 'card',
      });
    }
    const documents = () =>
      db
        .select()
        .from(fiscalDocuments)
        .where(and(eq(fiscalDocuments.companyId, tenant.company.id), eq(fiscalDocuments.kind, 'sale')));
    expect((await documents()).every((d) => d.status === 'pending')).toBe(true);
    expect(await documents()).toHaveLength(PENDING);

    // Each answer takes 25 ms: the server is sending when the kill lands.
    sim.behave({ mode: 'slow', ms: 25 });
    const databaseUrl = ctx.app.env.DATABASE_URL as string;
    server = await startServer(databaseUrl, await freePort());
    await until(() => sim.invoices().length >= KILL_AFTER, `${KILL_AFTER} invoices numbered`);
    server.kill('SIGKILL');
    await exited(server);
    const beforeCrash = sim.invoices().length;
    expect(beforeCrash).toBeLessThan(PENDING);

    server = await startServer(databaseUrl, await freePort());
    await until(async () => (await documents()).every((d) => d.status === 'sent'), 'every invoice sent');

    const numbered = sim.invoices();
    expect(numbered).toHaveLength(PENDING);
    const byUsin = new Map(numbered.map((i) => [i.usin, i.invoiceNumber]));
    const docs = await documents();
    expect(docs.every((d) => d.fiscalNumber !== null && d.fiscalNumber === byUsin.get(d.usin))).toBe(true);
    expect(new Set(docs.map((d) => d.fiscalNumber)).size).toBe(PENDING);
    // Whatever was in flight at the kill was sent again and answered with its first number, not a second.
    const sentTwice = numbered.filter((i) => i.received > 1).length;
    expect(sentTwice).toBeLessThanOrEqual(1);
  }, 180_000);
});
