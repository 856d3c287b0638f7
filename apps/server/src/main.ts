import v8 from 'node:v8';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { fillVoucherCodeDigests, scheduleEmbeddedMaintenance } from './db/maintenance';
import { countUsers, createSuperAdmin, ensureRoles, loadJwtSecret } from './db/seed/bootstrap';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo';
import { readEnv } from './env';

// The heap grows by at most 40 % of what is live before V8 collects it in full (its own default lets a
// ~30 MB live heap fill to ~4x with dead batch rows during a long CSV export: 237 MB resident at
// 1,000,000 rows, against 151 MB with this; bench/README.md 'CSV import and export'). Set before any
// request; the export's time is about the same.
v8.setFlagsFromString('--heap-growing-percent=40');

async function main() {
  const env = readEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    migrationUrl: env.DATABASE_MIGRATION_URL,
    readUrl: env.DATABASE_READ_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    transactionPooler: env.DATABASE_TRANSACTION_POOLER,
  });
  await ensureRoles(database.db);
  const jwtSecret = await loadJwtSecret(database.db, env.JWT_SECRET);
  const isEmpty = (await countUsers(database.db)) === 0;
  const notices: string[] = [];
  if (env.DATABASE_READ_URL && database.engine === 'pglite') {
    notices.push('DATABASE_READ_URL is ignored without DATABASE_URL: the embedded database has no replica.');
  }

  if (isEmpty && database.engine === 'pglite' && env.SEED_DEMO === 'auto') {
    // Demo data and its well-known password only ever go into the embedded database.
    await seedDemo(database.db, { timezone: env.POS_TIMEZONE });
    notices.push(
      `Loaded demo data "Demo Mart". Sign in as ${DEMO_USERS.map((u) => u.username).join(', ')} (password ${DEMO_PASSWORD}).`,
    );
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    // Idempotent: an existing user of that name is left as it is (its password is not reset).
    const { created } = await createSuperAdmin(database.db, {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
    });
    if (created) notices.push(`Created Super Admin '${env.ADMIN_USERNAME}' from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else if (isEmpty && database.engine === 'postgresql') {
    notices.push(
      'No users yet: run `npm run create-admin` (or set ADMIN_USERNAME and ADMIN_PASSWORD) to create the first Super Admin.',
    );
  }

  // Gift vouchers sold before the registers' voucher sync get their code's digest (once; idempotent).
  const digested = await fillVoucherCodeDigests(database.db);
  if (digested > 0) notices.push(`Filled in the code digest of ${digested} gift voucher(s) for the registers' sync.`);

  const app = await buildApp({ env, database, jwtSecret });
  const stopMaintenance =
    database.engine === 'pglite'
      ? scheduleEmbeddedMaintenance(database.db, {
          intervalMs: env.EMBEDDED_MAINTENANCE_MINUTES * 60_000,
          firstAfterMs: 60_000,
          onError: (error) => app.log.error({ err: error }, 'embedded database maintenance failed'),
        })
      : undefined;
  // SIGTERM/SIGINT (a service manager, Ctrl+C, the launcher passing one on): stop accepting, let the
  // requests under way finish (app.close), stop the maintenance timer, close the database, exit 0.
  // A second signal, or 10 s without finishing, exits at once.
  let isStopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1);
    isStopping = true;
    console.log(`${signal} received: finishing requests and closing the database...`);
    setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting.');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      await stopMaintenance?.();
      await database.close();
      console.log('Database closed. POS stopped.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: env.PORT, host: env.HOST });
  // Last, so nothing scrolls them away (request lines are logged only at LOG_LEVEL=debug).
  const where =
    database.engine === 'pglite'
      ? `embedded PGlite in ${env.DATA_DIR}`
      : `PostgreSQL${database.replica ? ', reports from its replica' : ''}`;
  for (const line of notices) console.log(line);
  if (database.engine === 'pglite' && !isEmpty && env.SEED_DEMO === 'auto') {
    console.log(`Demo users (if unchanged): ${DEMO_USERS.map((u) => u.username).join(', ')} / ${DEMO_PASSWORD}`);
  }
  console.log(`\nPOS running at http://localhost:${env.PORT} (database: ${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
