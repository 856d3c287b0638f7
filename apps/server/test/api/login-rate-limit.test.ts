import { ROLE_IDS } from '@pos/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRateLimits } from '../../src/db/schema';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCompany, createUser, PASSWORD } from '../helpers/factories';

// Far longer than any burst of argon2-checked attempts takes on a loaded machine: the window never
// passes by itself during a test. A test lets it pass by moving its counters' start back in the database,
// whose clock the limiter reads (auth.repo.ts, countLoginAttempt).
const WINDOW_MS = 600_000;
const MAX_PER_USERNAME = 3;
const MAX_PER_IP = 5;

let ipCounter = 0;
/** A client address nobody else in this file uses, so one limit can be tested without the other. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

// The tests use their own usernames and client addresses, so they run side by side (their waits overlap).
describe(`login rate limits (${engineName()})`, () => {
  let ctx: TestContext;
  let companyId: string;
  beforeAll(async () => {
    ctx = await createTestContext({
      LOGIN_RATE_MAX_PER_USERNAME: String(MAX_PER_USERNAME),
      LOGIN_RATE_MAX_PER_IP: String(MAX_PER_IP),
      LOGIN_RATE_WINDOW_MS: String(WINDOW_MS),
    });
    companyId = (await createCompany(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  const attempt = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });
  const newUser = () => createUser(ctx.database.db, { roleId: ROLE_IDS.manager, companyId });
  /** The window of these counters (`user:<name>`, `ip:<address>`) has passed; the others' goes on. */
  const passWindow = (...keys: string[]) =>
    ctx.database.db
      .update(loginRateLimits)
      .set({
        windowStartedAt: sql`${loginRateLimits.windowStartedAt} - (${WINDOW_MS}::int * interval '1 millisecond')`,
      })
      .where(inArray(loginRateLimits.key, keys));

  it.concurrent('limits one username across many client addresses, then lets the right password in after the window', async () => {
    const user = await newUser();
    expect((await attempt(user.username, 'WrongPass1', freshIp())).statusCode).toBe(401);
    for (let i = 1; i < MAX_PER_USERNAME; i++) {
      expect((await attempt(user.username, 'WrongPass1', freshIp())).statusCode).toBe(401);
    }
    const limited = await attempt(user.username, 'WrongPass1', freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.any(String) });
    // The right password does not get through while the username is limited either.
    expect((await attempt(user.username, PASSWORD, freshIp())).statusCode).toBe(429);
    // The limit is on the username, whatever its letter case.
    expect((await attempt(user.username.toUpperCase(), PASSWORD, freshIp())).statusCode).toBe(429);
    // Another username is not affected.
    const other = await newUser();
    expect((await attempt(other.username, PASSWORD, freshIp())).statusCode).toBe(200);

    await passWindow(`user:${user.username.toLowerCase()}`);
    const res = await attempt(user.username, PASSWORD, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it.concurrent('limits one client address across many usernames, then lets it in after the window', async () => {
    const ip = freshIp();
    const user = await newUser();
    expect((await attempt(`nobody-0-${ip}`, 'WrongPass1', ip)).statusCode).toBe(401);
    for (let i = 1; i < MAX_PER_IP; i++) {
      expect((await attempt(`nobody-${i}-${ip}`, 'WrongPass1', ip)).statusCode).toBe(401);
    }
    expect((await attempt(user.username, PASSWORD, ip)).statusCode).toBe(429);
    // The same user from another address is not limited.
    expect((await attempt(user.username, PASSWORD, freshIp())).statusCode).toBe(200);

    await passWindow(`ip:${ip}`);
    expect((await attempt(user.username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it.concurrent('answers a limited request with Retry-After', async () => {
    const user = await newUser();
    let last = await attempt(user.username, 'WrongPass1', freshIp());
    for (let i = 0; i < MAX_PER_USERNAME; i++) last = await attempt(user.username, 'WrongPass1', freshIp());
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
