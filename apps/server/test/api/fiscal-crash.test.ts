import type { ChildProcess } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fiscalDocuments, fiscalSettings } from '../../src/db/schema';
import { type FbrSimulator, startFbrSimulator } from '../../src/fiscal-sim/fbr-simulator';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createProduct, createSale, createTenant } from '../helpers/factories';
import { exited, freePort, startServer, until } from '../helpers/server-process';

/**
 * The fiscal outbox is crash-safe: 200 sales wait to be reported; the real server (a child process on
 * PostgreSQL) sends them to the simulator one after another, is killed with SIGKILL in the middle (an invoice in
 * flight), and restarted. Afterwards every invoice is numbered once and none twice: the simulator numbered 200
 * USINs, each document holds the number the simulator gave its USIN, and what was sent again after the crash
 * was answered with the same number.
 */
// The test app's secret (helpers/context.ts): the child opens the tokens the test sealed.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
const PENDING = 200;
const KILL_AFTER = 60;
const POS = 7001;

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
    server = await startServer(databaseUrl, await freePort(), {
      jwtSecret: JWT_SECRET,
      env: { SEED_DEMO: 'never', FISCAL_TIMEOUT_MS: '1000' },
    });
    await until(() => sim.invoices().length >= KILL_AFTER, `${KILL_AFTER} invoices numbered`);
    server.kill('SIGKILL');
    await exited(server);
    const beforeCrash = sim.invoices().length;
    expect(beforeCrash).toBeLessThan(PENDING);

    server = await startServer(databaseUrl, await freePort(), {
      jwtSecret: JWT_SECRET,
      env: { SEED_DEMO: 'never', FISCAL_TIMEOUT_MS: '1000' },
    });
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
