// Runs a command against one database engine: `with-engine.mjs pglite <cmd>` removes TEST_DATABASE_URL
// (in-memory PGlite); `with-engine.mjs postgresql <cmd>` sets it to the local PostgreSQL
// (default postgres://postgres@127.0.0.1:5432/postgres), where the tests create and drop their own databases.
import { spawnSync } from 'node:child_process';

const [engine, command, ...args] = process.argv.slice(2);
const env = { ...process.env };
if (engine === 'pglite') delete env.TEST_DATABASE_URL;
else if (engine === 'postgresql') env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
else {
  console.error('usage: with-engine.mjs pglite|postgresql <command> [args...]');
  process.exit(2);
}
const result = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
