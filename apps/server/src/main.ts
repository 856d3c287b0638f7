import { buildApp } from './app';
import { openDatabase } from './db/client';
import { scheduleEmbeddedMaintenance } from './db/maintenance';
import { countUsers, createSuperAdmin, ensureRoles, loadJwtSecret } from './db/seed/bootstrap';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/demo';
import { readEnv } from './env';

async function main() {
  const env = readEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  await ensureRoles(database.db);
  const jwtSecret = await loadJwtSecret(database.db, env.JWT_SECRET);
  const isEmpty = (await countUsers(database.db)) === 0;
  const notices: string[] = [];

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

  const app = await buildApp({ env, database, jwtSecret });
  const stopMaintenance =
    database.engine === 'pglite'
      ? scheduleEmbeddedMaintenance(database.db, {
          intervalMs: env.EMBEDDED_MAINTENANCE_MINUTES * 60_000,
          firstAfterMs: 60_000,
          onError: (error) => app.log.error({ err: error }, 'embedded database maintenance failed'),
        })
      : undefined;
  const shutdown = async () => {
    await app.close();
    await stopMaintenance?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.engine === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL';
  console.log(`\nPOS running at http://localhost:${env.PORT} (database: ${where})`);
  for (const line of notices) console.log(line);
  if (database.engine === 'pglite' && !isEmpty && env.SEED_DEMO === 'auto') {
    console.log(`Demo users (if unchanged): ${DEMO_USERS.map((u) => u.username).join(', ')} / ${DEMO_PASSWORD}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
