// npm start: build the web app and the server when their build is missing or older than the sources,
// then run the server (web app at /, API at /api). `--build-only` stops after the build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIfStale({ name, output, inputs, workspace }) {
  const built = newestMtime(output);
  const source = Math.max(...inputs.map((p) => newestMtime(p)));
  if (built > 0 && built >= source) return;
  console.log(`Building ${name}...`);
  // The web build is a production build whatever NODE_ENV the caller has (apps/web/scripts/build.mjs): the
  // unit suite's launcher test runs this under NODE_ENV=test, and the e2e suite serves what it built.
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = [at('packages/shared/src'), at('package-lock.json')];
buildIfStale({
  name: 'the web app',
  output: at('apps/web/dist/index.html'),
  inputs: [
    ...shared,
    at('apps/web/src'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    at('apps/web/scripts'),
    at('apps/web/public'),
  ],
  workspace: 'apps/web',
});
buildIfStale({
  name: 'the server',
  output: at('apps/server/dist/main.js'),
  inputs: [...shared, at('apps/server/src'), at('apps/server/build.mjs')],
  workspace: 'apps/server',
});

if (!process.argv.includes('--build-only')) runServer();

/**
 * Runs the server and keeps it running, as a service manager would (systemd's Restart=on-failure): a
 * server that ends unexpectedly (killed by a signal we did not pass on: SIGKILL, the OOM killer, a
 * crash; or a non-zero exit code) is started again after a pause that doubles from 0.5 s up to 30 s
 * and goes back to 0.5 s once a run has lasted a minute; each restart is logged. A deliberate stop is
 * not restarted: the launcher passes SIGINT/SIGTERM/SIGHUP on and exits with the server, and a server
 * that exits by itself with code 0 has finished.
 */
function runServer() {
  const FIRST_DELAY_MS = 500;
  const MAX_DELAY_MS = 30_000;
  const STABLE_RUN_MS = 60_000;
  let delay = FIRST_DELAY_MS;
  let restarts = 0;
  /** The signal the launcher was stopped with (then nothing restarts), or null. */
  let stopping = null;
  let child;
  let pending;
  const log = (message) => console.error(`[launcher ${new Date().toISOString()}] ${message}`);
  const exitCodeOf = (code, signal) => code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0);

  function start() {
    pending = undefined;
    const startedAt = Date.now();
    child = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (stopping || (code === 0 && signal === null)) process.exit(exitCodeOf(code, signal));
      if (Date.now() - startedAt >= STABLE_RUN_MS) delay = FIRST_DELAY_MS;
      restarts++;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      log(`The server ${how}; restarting it in ${delay / 1000} s (restart ${restarts})`);
      pending = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  }

  // A service manager stops the launcher (or npm, which passes the signal on to it): the server gets the
  // same signal, shuts down cleanly, and the launcher exits with it. No orphan keeps the port or the database.
  const stop = (signal) => {
    stopping ??= signal;
    if (pending) {
      // Stopped between two runs: there is no server to wait for.
      clearTimeout(pending);
      process.exit(exitCodeOf(null, signal));
    }
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  // `npm start` stopped with SIGTERM: npm (and its shell) exit without passing the signal on, and this
  // launcher is left to init. A changed parent means whoever started us is gone: stop the server too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, 250).unref();
  start();
}
