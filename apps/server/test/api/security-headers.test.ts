import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/env';
import { createTestContext, engineName, type TestContext } from '../helpers/context';

// A shop's second register opens the app over plain HTTP on a LAN address. HSTS and the
// CSP's upgrade-insecure-requests would make the browser ask for every script over https (a blank
// page), so they are sent only when the request really came over TLS.
const hasUpgrade = (csp: unknown) => String(csp).includes('upgrade-insecure-requests');

describe(`security headers over HTTP and HTTPS (${engineName()})`, () => {
  describe('without TRUST_PROXY', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('sends no HSTS and no upgrade-insecure-requests over plain HTTP from a LAN host name', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: '192.168.1.20:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toEqual(expect.stringContaining("default-src 'self'"));
      // WebAssembly may be compiled (the register's offline PIN check), never a string evaluated.
      expect(res.headers['content-security-policy']).toEqual(
        expect.stringContaining("script-src 'self' 'wasm-unsafe-eval'"),
      );
      expect(res.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    });

    it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'pos-lan.test', 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(hasUpgrade(res.headers['content-security-policy'])).toBe(false);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ TRUST_PROXY: 'true' });
    });
    afterAll(() => ctx.close());

    it('sends HSTS and upgrade-insecure-requests when the proxy says the request came over https', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'pos.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(hasUpgrade(res.headers['content-security-policy'])).toBe(true);
      // The rest of the policy is unchanged.
      expect(res.headers['content-security-policy']).toEqual(expect.stringContaining("default-src 'self'"));
    });

    it('sends neither when the proxy says the request came over http', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'pos.example.com', 'x-forwarded-proto': 'http' },
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(hasUpgrade(res.headers['content-security-policy'])).toBe(false);
    });
  });

  describe('behind a proxy named by address (TRUST_PROXY=10.0.0.5)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ TRUST_PROXY: '10.0.0.5, fd00::/8' });
    });
    afterAll(() => ctx.close());

    it("believes the named proxy's forwarded headers, and nobody else's", async () => {
      const from = (remoteAddress: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress,
          headers: { host: 'pos.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
        });
      expect((await from('10.0.0.5')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect((await from('fd00::1')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // A client reaching the server directly cannot claim https (nor another address).
      expect((await from('10.0.0.9')).headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('refuses a TRUST_PROXY that is neither a switch nor addresses', () => {
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/24,127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/24', '127.0.0.1']);
  });
});
