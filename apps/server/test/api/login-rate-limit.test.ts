import { ROLE_IDS } from '@pos/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { createCompany, createUser, PASSWORD } from '../helpers/factories';

// Long enough that a burst of argon2-checked attempts fits in one window on a busy machine.
const WINDOW_MS = 3000;
const MAX_PER_USERNAME = 3;
const MAX_PER_IP = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until the window that started no later than `startedBy` has surely ended. */
const waitForWindowAfter = (startedBy: number) => sleep(Math.max(0, startedBy + WINDOW_MS + 100 - Date.now()));

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

  it.concurrent('limits one username across many client addresses, then lets the right password in after the window', async () => {
    const user = await newUser();
    expect((await attempt(user.username, 'WrongPass1', freshIp())).statusCode).toBe(401);
    const windowStartedBy = Date.now();
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

    await waitForWindowAfter(windowStartedBy);
    const res = await attempt(user.username, PASSWORD, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it.concurrent('limits one client address across many usernames, then lets it in after the window', async () => {
    const ip = freshIp();
    const user = await newUser();
    expect((await attempt(`nobody-0-${ip}`, 'WrongPass1', ip)).statusCode).toBe(401);
    const windowStartedBy = Date.now();
    for (let i = 1; i < MAX_PER_IP; i++) {
      expect((await attempt(`nobody-${i}-${ip}`, 'WrongPass1', ip)).statusCode).toBe(401);
    }
    expect((await attempt(user.username, PASSWORD, ip)).statusCode).toBe(429);
    // The same user from another address is not limited.
    expect((await attempt(user.username, PASSWORD, freshIp())).statusCode).toBe(200);

    await waitForWindowAfter(windowStartedBy);
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
