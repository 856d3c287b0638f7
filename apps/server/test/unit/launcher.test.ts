import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as a service manager runs it: the launcher (scripts/start.mjs) with a temporary DATA_DIR
 * on a free port, then SIGTERM to the launcher's process only. The server must get the signal, finish,
 * close the embedded database, and the launcher must exit with it: port free, no orphan, within 5 s.
 * A server that dies unexpectedly (SIGKILL) is started again by the launcher, as a service manager would.
 * Build-aware: the launcher builds what is stale first (a no-op after `npm run build`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Every process below pid (Linux /proc), to check that none is left behind. */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** A process's command line (Linux /proc), '' once it is gone. */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** This process's environment without one variable (the launcher must use the embedded database). */
function envWithout(name: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env[name];
  return env;
}

/** Polls until the check holds or the time is up (then the assertions below report what is left). */
async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start launcher', () => {
  let dataDir: string;
  let launcher: ChildProcess | undefined;

  beforeAll(() => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-launcher-'));
  }, 600_000);

  it('builds the web app for production under the NODE_ENV=test this suite runs with', () => {
    // The build above ran under vitest's NODE_ENV=test (on a fresh clone it is the build the e2e suite then
    // serves): Vite built React's development code then, and left the service worker unregistered.
    expect(process.env.NODE_ENV).toBe('test');
    const assets = path.join(root, 'apps/web/dist/assets');
    const code = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'));
    // React's production build (its errors minified), not its development build (its DOM nesting warnings).
    expect(code.some((text) => text.includes('Minified React error'))).toBe(true);
    expect(code.some((text) => text.includes('In HTML, %s cannot be a child'))).toBe(false);
  });

  afterAll(() => {
    if (launcher?.pid && isAlive(launcher.pid)) launcher.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm start` itself, as a service manager runs it (npm -> sh -> launcher -> server), until it is ready. */
  async function startLauncher(port: number) {
    const child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...envWithout('DATABASE_URL'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher = child;
    const log = { text: '' };
    child.stdout?.on('data', (chunk) => {
      log.text += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      log.text += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    // Ready: the address is the last thing printed, after the demo users.
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (log.text.includes(`POS running at http://localhost:${port}`)) resolve();
      };
      child.stdout?.on('data', check);
      child.once('exit', () => reject(new Error(`launcher exited before the server was ready:\n${log.text}`)));
    });
    return { child, log, exited };
  }

  it('passes SIGTERM on; the server closes the database and frees the port; the launcher exits with it', async () => {
    const port = await freePort();
    const { child, log, exited } = await startLauncher(port);
    const output = () => log.text;
    expect(output().trimEnd().split('\n').at(-1)).toContain(`POS running at http://localhost:${port}`);
    expect(output()).toMatch(/Demo users|Loaded demo data/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // At the default level (info) no request is logged: the address and demo users stay in view.
    expect(output()).not.toContain('incoming request');

    const processes = descendantsOf(child.pid as number);
    expect(processes.length).toBeGreaterThanOrEqual(2); // at least the launcher and the server
    const startedAt = Date.now();
    child.kill('SIGTERM'); // npm's process only, as a service manager would
    const { code } = await exited;

    expect(code === 0 || code === 143 || code === null).toBe(true);
    // The server finishes, closes the database and lets go of the port within 5 s.
    await waitUntil(
      async () =>
        output().includes('Database closed') && (await isPortFree(port)) && processes.every((p) => !isAlive(p)),
      5_000,
    );
    const took = Date.now() - startedAt;
    expect(took).toBeLessThan(5_000);
    expect(output()).toContain('Database closed');
    // A deliberate stop is not a crash: nothing is restarted.
    expect(output()).not.toContain('restarting it');
    expect(await isPortFree(port)).toBe(true);
    for (const pid of processes) expect(isAlive(pid), `process ${pid} left running`).toBe(false);
  }, 120_000);

  it('starts a server killed with SIGKILL again within 5 s, logged; a SIGTERM afterwards still stops it for good', async () => {
    const port = await freePort();
    const { child, log, exited } = await startLauncher(port);
    const ready = `POS running at http://localhost:${port}`;
    const server = descendantsOf(child.pid as number).find((pid) => commandOf(pid).includes('dist/main.js'));
    expect(server, 'the server process').toBeDefined();

    const killedAt = Date.now();
    process.kill(server as number, 'SIGKILL'); // what the OOM killer or a crash does: no shutdown at all
    // The launcher's part: a new server process within 5 s (it waits 0.5 s, then starts one).
    const serverNow = () => descendantsOf(child.pid as number).find((pid) => commandOf(pid).includes('dist/main.js'));
    await waitUntil(async () => {
      const pid = serverNow();
      return pid !== undefined && pid !== server;
    }, 5_000);
    const took = Date.now() - killedAt;
    const restarted = serverNow();
    expect(restarted, log.text.slice(-2000)).toBeDefined();
    expect(restarted).not.toBe(server);
    expect(took).toBeLessThan(5_000);
    expect(log.text).toMatch(/The server was killed by SIGKILL; restarting it in 0\.5 s \(restart 1\)/);
    // The new server opens the same database and answers. Its start (opening PGlite, the migrations
    // check) takes what the machine gives it, seconds on a loaded CI host: this waits for it unbounded.
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (log.text.split(ready).length >= 3) resolve(); // the address printed a second time
      };
      child.stdout?.on('data', check);
      check();
      child.once('exit', () => reject(new Error(`launcher exited after the restart:\n${log.text}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // The restarted server is stopped like the first: passed on, no restart, nothing left running.
    const processes = descendantsOf(child.pid as number);
    child.kill('SIGTERM');
    const { code } = await exited;
    expect(code === 0 || code === 143 || code === null).toBe(true);
    await waitUntil(async () => (await isPortFree(port)) && processes.every((p) => !isAlive(p)), 5_000);
    expect(log.text.match(/restarting it/g)).toHaveLength(1);
    expect(await isPortFree(port)).toBe(true);
    for (const pid of processes) expect(isAlive(pid), `process ${pid} left running`).toBe(false);
  }, 120_000);
});
