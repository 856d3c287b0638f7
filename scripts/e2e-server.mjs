// The server the end-to-end tests drive: the built app on a fresh embedded database with the demo data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One folder per port, so two runs on different ports do not wipe each other's data.
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.PORT ?? '3210'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1; the rate limit itself is covered by the API tests.
    LOGIN_RATE_MAX_PER_IP: '100000',
    LOGIN_RATE_MAX_PER_USERNAME: '100000',
    // A Super Admin without a company, for the onboarding walk.
    ADMIN_USERNAME: 'founder',
    ADMIN_PASSWORD: 'Founder123',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
