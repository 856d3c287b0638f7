import { MSG, ROLE_IDS, ROLE_PERMISSIONS } from '@pos/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { createSuperAdmin } from '../../src/db/seed/bootstrap';
import { createTokenService } from '../../src/lib/tokens';
import { createTestContext, engineName, type TestContext } from '../helpers/context';
import { bearer, createTenant, createUser, login, PASSWORD, request } from '../helpers/factories';

const NEW_PASSWORD = 'Changed456';

describe(`auth API (${engineName()})`, () => {
  let ctx: TestContext;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    tenant = await createTenant(ctx.database.db);
  });
  afterAll(() => ctx.close());

  const postLogin = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
  const me = (token: string) => request(ctx.app, token, { url: '/api/auth/me' });
  const updatePassword = (token: string, payload: unknown) =>
    request(ctx.app, token, { method: 'POST', url: '/api/auth/update-password', payload });
  const newUser = (overrides: Parameters<typeof createUser>[1] = {}) =>
    createUser(ctx.database.db, { roleId: ROLE_IDS.manager, companyId: tenant.company.id, ...overrides });

  describe('POST /auth/login', () => {
    it('answers { user, access_token } with name, roles with permissions, flags, managed branch and companies', async () => {
      const res = await postLogin({ username: tenant.manager.username, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
      expect(body.access_token).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/));
      const { user } = body;
      expect(user).toMatchObject({
        id: tenant.manager.id,
        name: tenant.manager.name,
        username: tenant.manager.username,
        isSuperUser: false,
        roles: [{ id: ROLE_IDS.manager, name: 'Manager', permissions: ROLE_PERMISSIONS[ROLE_IDS.manager] }],
        managedBranch: { id: tenant.main.id, name: tenant.main.name },
      });
      expect(user.company).toHaveLength(1);
      expect(user.company[0]).toMatchObject({ id: tenant.company.id, name: tenant.company.name });
      expect(user.company[0].branches.map((b: { id: string }) => b.id)).toEqual([tenant.main.id, tenant.second.id]);
      expect(user.company[0].branches[0]).toMatchObject({
        id: tenant.main.id,
        companyId: tenant.company.id,
        isMain: true,
        isActive: true,
      });
    });

    it('never sends the password hash', async () => {
      const res = await postLogin({ username: tenant.manager.username, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toMatch(/passwordHash|password_hash/);
    });

    it('stores passwords as argon2id hashes', async () => {
      const [row] = await ctx.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, tenant.cashier.id));
      expect(row?.hash.startsWith('$argon2id$')).toBe(true);
    });

    it('accepts the username in any letter case', async () => {
      const res = await postLogin({ username: tenant.manager.username.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(tenant.manager.id);
    });

    it('gives a wrong password and an unknown user the same 401 body', async () => {
      const wrong = await postLogin({ username: tenant.manager.username, password: 'WrongPass1' });
      const unknown = await postLogin({ username: 'nobody-by-this-name', password: 'WrongPass1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ success: false, message: MSG.invalidCredentials });
    });

    it('refuses a deactivated user with the same 401 and rejects the token they already hold', async () => {
      const user = await newUser();
      const token = await login(ctx.app, user.username);
      expect((await me(token)).statusCode).toBe(200);

      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

      const res = await postLogin({ username: user.username, password: PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: MSG.invalidCredentials });
      expect((await me(token)).statusCode).toBe(401);
    });

    it('answers 400 with the spec messages for a short username and password', async () => {
      const res = await postLogin({ username: 'ab', password: '12345' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        errors: { username: MSG.usernameMin, password: MSG.passwordMin },
      });
    });

    it('answers 400 with the spec messages when the fields are missing', async () => {
      const res = await postLogin({});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ username: MSG.usernameMin, password: MSG.passwordMin });
    });

    it('counts a username of spaces as too short', async () => {
      const res = await postLogin({ username: '    ', password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ username: MSG.usernameMin });
    });
  });

  describe('GET /auth/me', () => {
    it('answers the signed-in user', async () => {
      const token = await login(ctx.app, tenant.admin.username);
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { id: tenant.admin.id, roles: [{ name: 'Super Admin' }], isSuperUser: false },
      });
    });

    it.each([
      ['no Authorization header', undefined],
      ['a scheme other than Bearer', 'Basic dXNlcjpwYXNz'],
      ['an empty bearer token', 'Bearer '],
      ['a garbage bearer token', 'Bearer garbage'],
      ['a three-part garbage token', 'Bearer aaa.bbb.ccc'],
    ])('answers 401 for %s', async (_label, authorization) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('answers 401 for a token signed with another secret, even when it names a live session', async () => {
      const token = await login(ctx.app, tenant.manager.username);
      const claims = await ctx.app.tokens.verify(token);
      if (!claims) throw new Error('login token did not verify');
      const forged = await createTokenService('an-attacker-secret-that-is-long-enough!').sign({
        ...claims,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      expect((await me(forged)).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    });

    it("answers 401 for an unsigned alg 'none' token naming a live session", async () => {
      const token = await login(ctx.app, tenant.manager.username);
      const claims = await ctx.app.tokens.verify(token);
      if (!claims) throw new Error('login token did not verify');
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: claims.userId, sid: claims.sessionId, exp })}.`;
      expect((await me(unsigned)).statusCode).toBe(401);
    });

    it('answers 401 for an expired token of a live session', async () => {
      const token = await login(ctx.app, tenant.manager.username);
      const claims = await ctx.app.tokens.verify(token);
      if (!claims) throw new Error('login token did not verify');
      const expired = await ctx.app.tokens.sign({ ...claims, expiresAt: new Date(Date.now() - 1000) });
      expect((await me(expired)).statusCode).toBe(401);
    });

    it('answers 401 when the session has expired on the server, although the token has not', async () => {
      const token = await login(ctx.app, tenant.manager.username);
      const claims = await ctx.app.tokens.verify(token);
      if (!claims) throw new Error('login token did not verify');
      await ctx.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, claims.sessionId));
      expect((await me(token)).statusCode).toBe(401);
    });

    it('answers 401 for a validly signed token that names another user than its session', async () => {
      const own = await ctx.app.tokens.verify(await login(ctx.app, tenant.cashier.username));
      if (!own) throw new Error('login token did not verify');
      const mixed = await ctx.app.tokens.sign({
        userId: tenant.admin.id,
        sessionId: own.sessionId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      expect((await me(mixed)).statusCode).toBe(401);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session: the token then gets 401, other sessions stay signed in', async () => {
      const user = await newUser();
      const token = await login(ctx.app, user.username);
      const other = await login(ctx.app, user.username);
      const res = await request(ctx.app, token, { method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      expect((await me(token)).statusCode).toBe(401);
      expect((await request(ctx.app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
    });
  });

  describe('POST /auth/update-password', () => {
    it('answers 400 with errors.oldPassword for a wrong current password and keeps the old password', async () => {
      const user = await newUser();
      const token = await login(ctx.app, user.username);
      const res = await updatePassword(token, { oldPassword: 'NotMine123', newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { oldPassword: expect.any(String) } });
      expect(res.json().message.toLowerCase()).toMatch(/current|old/);
      expect((await me(token)).statusCode).toBe(200);
      await login(ctx.app, user.username, PASSWORD);
    });

    it('changes the password, answers a working fresh token and signs out the other sessions', async () => {
      const user = await newUser();
      const token = await login(ctx.app, user.username);
      const otherSession = await login(ctx.app, user.username);

      const res = await updatePassword(token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      const fresh: string = res.json().data.access_token;
      expect(fresh).toEqual(expect.any(String));

      expect((await me(fresh)).statusCode).toBe(200);
      expect((await me(otherSession)).statusCode).toBe(401);

      const withOld = await postLogin({ username: user.username, password: PASSWORD });
      expect(withOld.statusCode).toBe(401);
      const withNew = await postLogin({ username: user.username, password: NEW_PASSWORD });
      expect(withNew.statusCode).toBe(200);
      expect((await me(withNew.json().access_token)).statusCode).toBe(200);

      const [row] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(row?.hash.startsWith('$argon2id$')).toBe(true);
    });

    it('refuses a new password equal to the current one', async () => {
      const user = await newUser();
      const token = await login(ctx.app, user.username);
      const res = await updatePassword(token, { oldPassword: PASSWORD, newPassword: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('newPassword');
    });

    it('answers 401 without a token', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/update-password',
        payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(401);
    });

    describe('validation (400 with the spec messages)', () => {
      let token: string;
      beforeAll(async () => {
        token = await login(ctx.app, (await newUser()).username);
      });

      it.each([
        [
          'an empty current password',
          { oldPassword: '', newPassword: NEW_PASSWORD },
          'oldPassword',
          MSG.currentPasswordRequired,
        ],
        ['a missing current password', { newPassword: NEW_PASSWORD }, 'oldPassword', MSG.currentPasswordRequired],
        ['an empty new password', { oldPassword: PASSWORD, newPassword: '' }, 'newPassword', MSG.newPasswordRequired],
        ['a missing new password', { oldPassword: PASSWORD }, 'newPassword', MSG.newPasswordRequired],
        ['a short new password', { oldPassword: PASSWORD, newPassword: 'Ab1' }, 'newPassword', MSG.newPasswordMin],
        [
          'no lowercase letter',
          { oldPassword: PASSWORD, newPassword: 'ABCDEFG1' },
          'newPassword',
          MSG.newPasswordLower,
        ],
        [
          'no uppercase letter',
          { oldPassword: PASSWORD, newPassword: 'abcdefg1' },
          'newPassword',
          MSG.newPasswordUpper,
        ],
        ['no number', { oldPassword: PASSWORD, newPassword: 'Abcdefgh' }, 'newPassword', MSG.newPasswordNumber],
        // Both meet every rule of the spec (8 characters, lower, upper, number) and are leaked-list entries.
        [
          'a common password',
          { oldPassword: PASSWORD, newPassword: 'Password1' },
          'newPassword',
          MSG.passwordTooCommon,
        ],
        [
          'a common password',
          { oldPassword: PASSWORD, newPassword: 'Welcome123' },
          'newPassword',
          MSG.passwordTooCommon,
        ],
      ])('%s', async (_label, payload, field, message) => {
        const res = await updatePassword(token, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errors: { [field]: message } });
      });

      it('ends the uppercase message with "uppercase letter" as the spec says', () => {
        expect(MSG.newPasswordUpper.endsWith('uppercase letter')).toBe(true);
      });

      it('leaves the password unchanged after the refused attempts', async () => {
        expect((await me(token)).statusCode).toBe(200);
      });
    });
  });

  describe('the first Super Admin (npm run create-admin, ADMIN_PASSWORD at the first start)', () => {
    it('refuses a common password and creates nobody', async () => {
      const username = `first${Date.now().toString(36)}`;
      await expect(createSuperAdmin(ctx.database.db, { username, password: 'Password1' })).rejects.toThrow(
        MSG.passwordTooCommon,
      );
      expect(await ctx.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    });

    it('creates one with an uncommon password; an existing name is left alone whatever the password', async () => {
      const username = `first${Date.now().toString(36)}b`;
      expect(await createSuperAdmin(ctx.database.db, { username, password: 'Founder123' })).toEqual({ created: true });
      expect(await createSuperAdmin(ctx.database.db, { username, password: 'Password1' })).toEqual({ created: false });
    });
  });

  describe('bad input never answers 5xx', () => {
    let token: string;
    beforeAll(async () => {
      token = await login(ctx.app, tenant.admin.username);
    });

    it.each([
      ['malformed JSON', '{"username": "abc", "password": ', 'application/json'],
      ['a JSON array', '[1,2,3]', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['an empty JSON body', '', 'application/json'],
      ['a form body', 'username=admin&password=Secret123', 'application/x-www-form-urlencoded'],
      ['plain text', 'hello', 'text/plain'],
      [
        'a prototype-pollution body',
        '{"__proto__": {"isSuperUser": true}, "username": "abc", "password": "abcdef"}',
        'application/json',
      ],
    ])('login with %s answers 4xx', async (_label, body, contentType) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: body,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });

    it.each([
      ['numbers for strings', { username: 12345, password: 123456 }],
      ['booleans', { username: true, password: false }],
      ['objects', { username: { $ne: null }, password: { $gt: '' } }],
      ['arrays', { username: ['admin'], password: ['Secret123'] }],
      ['a huge username', { username: 'u'.repeat(100_000), password: PASSWORD }],
      ['a huge password', { username: 'someone', password: 'p'.repeat(100_000) }],
      ['a NUL byte in the username', { username: 'adm\u0000in', password: PASSWORD }],
    ])('login with %s answers 400', async (_label, payload) => {
      const res = await postLogin(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    });

    it('a body over the size limit answers 413', async () => {
      const res = await postLogin({ username: 'someone', password: 'p'.repeat(2 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
    });

    it.each([
      ['numbers', { oldPassword: 1, newPassword: 2 }],
      ['null', { oldPassword: null, newPassword: null }],
      ['a huge new password', { oldPassword: PASSWORD, newPassword: `Aa1${'x'.repeat(50_000)}` }],
    ])('update-password with %s answers 400', async (_label, payload) => {
      const res = await updatePassword(token, payload);
      expect(res.statusCode).toBe(400);
    });

    it('a huge bearer token answers 401 (or 431), not 5xx', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('x'.repeat(8000)) });
      expect([401, 431]).toContain(res.statusCode);
    });
  });
});
