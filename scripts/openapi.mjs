// The OpenAPI description, linted (`npm run test:openapi`, part of `npm test`): writes what
// /api/docs/json serves to .tmp/openapi.json (apps/server/src/export-openapi.ts builds the app
// without listening and without a database), then lints it with Redocly CLI (redocly.yaml:
// the recommended rules). Exits non-zero on any lint error. `--no-lint` only writes the file.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, '.tmp', 'openapi.json');

function run(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['--import', 'tsx', 'apps/server/src/export-openapi.ts', file]);
if (!process.argv.includes('--no-lint')) {
  const redocly = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  run([redocly, 'lint', '--config', 'redocly.yaml'], {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
}
