import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRateLimits } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';

// The sign-in counters live in the database, so every server process on it sees them.
const root = path.resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const MAX_PER_USERNAME = 3;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A real server process (the source through tsx) on the given database; resolves once it answers. */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return { url, child };
}

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe.skipIf(!adminUrl)('login rate limit across two server processes on one PostgreSQL database', () => {
  const dbName = `pos_test_rl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const children: ChildProcess[] = [];
  let first: string;
  let second: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'two-processes-share-this-secret-of-32-chars',
      LOGIN_RATE_MAX_PER_IP: '1000',
      LOGIN_RATE_MAX_PER_USERNAME: String(MAX_PER_USERNAME),
      LOGIN_RATE_WINDOW_MS: '600000',
    };
    // The first process migrates the database and creates the user; the second starts on it after.
    const one = await startServer({ ...env, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Owner1234' });
    children.push(one.child);
    const two = await startServer(env);
    children.push(two.child);
    first = one.url;
    second = two.url;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('refuses on process 2 a username that process 1 has locked, the right password included', async () => {
    for (let i = 0; i < MAX_PER_USERNAME; i++) {
      expect((await signIn(first, 'owner', 'WrongPass1')).status).toBe(401);
    }
    expect((await signIn(first, 'owner', 'WrongPass1')).status).toBe(429);

    const refused = await signIn(second, 'OWNER', 'WrongPass1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(second, 'owner', 'Owner1234')).status).toBe(429);
    // Another username is not limited, on either process.
    expect((await signIn(second, 'somebody', 'WrongPass1')).status).toBe(401);
  });
});

describe(`login rate limit counters (${engineName()})`, () => {
  const WINDOW_MS = 1000;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_RATE_WINDOW_MS: String(WINDOW_MS) });
  });
  afterAll(() => ctx.close());

  const attempt = (username: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.9.9',
      payload: { username, password: 'WrongPass1' },
    });

  it('keeps one row per client address and per username, and purges them once their window has passed', async () => {
    const name = `gone${Date.now().toString(36)}`;
    await attempt(name);
    await attempt(name.toUpperCase());
    const rows = await ctx.database.db
      .select()
      .from(loginRateLimits)
      .where(eq(loginRateLimits.key, `user:${name}`));
    expect(rows).toEqual([expect.objectContaining({ hits: 2 })]);
    expect(await ctx.database.db.select().from(loginRateLimits).where(eq(loginRateLimits.key, 'ip:10.9.9.9'))).toEqual([
      expect.objectContaining({ hits: 2 }),
    ]);

    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 200));
    await attempt('someone-else');
    const left = await ctx.database.db.select().from(loginRateLimits).where(like(loginRateLimits.key, 'user:%'));
    expect(left.map((r) => r.key)).toEqual(['user:someone-else']);
  });
});
