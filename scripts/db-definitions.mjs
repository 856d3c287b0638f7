// `npm run db:definitions -- --name <name>`: run after editing a function or trigger file under
// apps/server/src/db/functions or apps/server/src/db/triggers (docs/architecture/database.md,
// 'Database functions and triggers'). Migrates an in-memory PGlite with every migration, compares it with the files
// (findDrift in apps/server/src/db/definitions.ts, the comparison the drift test makes) and writes a
// drizzle custom migration holding what changed: CREATE OR REPLACE of each changed or new function, DROP
// TRIGGER IF EXISTS and CREATE TRIGGER of each changed or new trigger, a DROP of what a file no longer
// defines. Then migrates a new database with it and checks that nothing differs any more.
//   --check  only list the differences (exit 1 when there are any), write nothing
//   --all    write every function and trigger of the files, changed or not
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  describeDrift,
  findDrift,
  migrationStatements,
  readDefinitionFiles,
} from '../apps/server/src/db/definitions.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(root, 'apps', 'server', 'drizzle');
const args = process.argv.slice(2);
const check = args.includes('--check');
const all = args.includes('--all');
const nameAt = args.indexOf('--name');
const name = nameAt === -1 ? undefined : args[nameAt + 1];
if (!check && !/^\w+$/.test(name ?? '')) {
  console.error('usage: npm run db:definitions -- --name <migration_name> [--all] | --check');
  process.exit(2);
}

/** What a database migrated from scratch (in-memory PGlite) and the files disagree on. */
async function driftOfFreshDatabase(files) {
  const database = await openDatabase({});
  try {
    return await findDrift(database.db, files);
  } finally {
    await database.close();
  }
}

const files = readDefinitionFiles();
const drift = await driftOfFreshDatabase(files);
if (check) {
  console.log(drift.length === 0 ? 'A migrated database equals the files.' : describeDrift(drift));
  process.exit(drift.length === 0 ? 0 : 1);
}
if (drift.length === 0 && !all) {
  console.log('Nothing to write: a migrated database already equals the files.');
  process.exit(0);
}
console.log(all ? 'Writing every definition.' : `Writing what changed:\n${describeDrift(drift)}`);

const generate = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--custom', '--config', 'apps/server/drizzle.config.ts', '--name', name],
  { cwd: root, stdio: 'inherit' },
);
if (generate.status !== 0) process.exit(generate.status ?? 1);
const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
const tag = journal.entries.at(-1).tag;
if (!tag.endsWith(`_${name}`)) throw new Error(`drizzle-kit wrote ${tag}, not a migration named ${name}`);
const header =
  '-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.\n';
fs.writeFileSync(
  path.join(migrations, `${tag}.sql`),
  `${header}${migrationStatements(files, drift, { all }).join('\n--> statement-breakpoint\n')}\n`,
);
console.log(`Wrote apps/server/drizzle/${tag}.sql`);

const left = await driftOfFreshDatabase(files);
if (left.length > 0) {
  console.error(`A database migrated with ${tag} still differs from the files:\n${describeDrift(left)}`);
  process.exit(1);
}
console.log('Checked: a database migrated with it equals the files.');
