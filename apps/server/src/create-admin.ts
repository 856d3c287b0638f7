import { createInterface } from 'node:readline/promises';
import { openDatabase } from './db/client';
import { createSuperAdmin, ensureRoles } from './db/seed/bootstrap';
import { readEnv } from './env';
import { commonPasswordMessage } from './lib/password-policy';

/** npm run create-admin: the first Super Admin of a deployment. Reads ADMIN_USERNAME/ADMIN_PASSWORD or asks. */
async function main() {
  const env = readEnv();
  let username = env.ADMIN_USERNAME;
  let password = env.ADMIN_PASSWORD;
  if (!username || !password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    username ??= (await rl.question('Username: ')).trim();
    password ??= await rl.question('Password (at least 8 characters): ');
    rl.close();
  }
  if (!username || username.length < 3) throw new Error('Username must be at least 3 characters');
  if (!password || password.length < 8) throw new Error('Password must be at least 8 characters long');
  const tooCommon = commonPasswordMessage(password);
  if (tooCommon) throw new Error(tooCommon);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    migrationUrl: env.DATABASE_MIGRATION_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    transactionPooler: env.DATABASE_TRANSACTION_POOLER,
  });
  await ensureRoles(database.db);
  const { created } = await createSuperAdmin(database.db, { username, password });
  console.log(created ? `Super Admin '${username}' created.` : `User '${username}' already exists; nothing changed.`);
  await database.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
