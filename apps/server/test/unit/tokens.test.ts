import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../src/lib/tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256';
const claims = { userId: '6f1c1a52-5a0e-4c55-9d3c-2f7a4bde1a01', sessionId: '0b6a8c1e-4f0d-4e8e-a4f6-5d1f6b1e2c3d' };
const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('token service (lib/tokens.ts)', () => {
  const tokens = createTokenService(SECRET);

  it('verifies a token it signed and returns its user and session ids', async () => {
    const token = await tokens.sign({ ...claims, expiresAt: inOneHour() });
    expect(token.split('.')).toHaveLength(3);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('signs with HS256 and puts the expiry it was given into exp', async () => {
    const expiresAt = inOneHour();
    const token = await tokens.sign({ ...claims, expiresAt });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: claims.userId,
      sid: claims.sessionId,
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  });

  it('rejects an expired token', async () => {
    const token = await tokens.sign({ ...claims, expiresAt: new Date(Date.now() - 60_000) });
    expect(await tokens.verify(token)).toBeNull();
  });

  it('rejects a token signed with another secret', async () => {
    const other = createTokenService('another-secret-that-is-also-long-enough!!');
    const token = await other.sign({ ...claims, expiresAt: inOneHour() });
    expect(await tokens.verify(token)).toBeNull();
  });

  it("rejects an unsigned token with alg 'none'", async () => {
    const payload = { sub: claims.userId, sid: claims.sessionId, iat: nowSeconds(), exp: nowSeconds() + 3600 };
    expect(await tokens.verify(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`)).toBeNull();
    expect(await tokens.verify(`${b64url({ alg: 'none' })}.${b64url(payload)}`)).toBeNull();
  });

  it('rejects a token signed with the right secret but HS512', async () => {
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('rejects a token whose payload was altered after signing', async () => {
    const token = await tokens.sign({ ...claims, expiresAt: inOneHour() });
    const [header, , signature] = token.split('.');
    const forgedPayload = b64url({
      sub: 'a0000000-0000-4000-8000-000000000000',
      sid: claims.sessionId,
      exp: nowSeconds() + 3600,
    });
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
  });

  it('rejects a correctly signed token without an expiry', async () => {
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('rejects a correctly signed token that lacks the session or subject claim', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setExpirationTime('1h')
      .sign(key);
    const noSub = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(key);
    const numericSid = await new SignJWT({ sid: 42 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verify(noSid)).toBeNull();
    expect(await tokens.verify(noSub)).toBeNull();
    expect(await tokens.verify(numericSid)).toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['garbage', 'not-a-token'],
    ['three garbage parts', 'a.b.c'],
    ['a JSON header without payload', `${b64url({ alg: 'HS256' })}..`],
  ])('returns null (never throws) for %s', async (_label, token) => {
    await expect(tokens.verify(token)).resolves.toBeNull();
  });

  it('answers a token it verified before from memory, until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const service = createTokenService(SECRET);
      const token = await service.sign({ ...claims, expiresAt: new Date(Date.now() + 2000) });
      expect(await service.verify(token)).toEqual(claims);
      expect(await service.verify(token)).toEqual(claims);
      vi.setSystemTime(Date.now() + 2500);
      expect(await service.verify(token)).toBeNull();
      // Expired for good: not back in the cache either.
      expect(await service.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('still rejects an altered copy of a token it has verified', async () => {
    const service = createTokenService(SECRET);
    const token = await service.sign({ ...claims, expiresAt: inOneHour() });
    expect(await service.verify(token)).toEqual(claims);
    const [header, payload, signature = ''] = token.split('.');
    const altered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await service.verify(`${header}.${payload}.${altered}`)).toBeNull();
  });
});

describe('token claims that are not ids', () => {
  const tokens = createTokenService(SECRET);
  it.each([
    ['sub', { ...claims, userId: 'admin' }],
    ['sid', { ...claims, sessionId: "1' or '1'='1" }],
    ['sub (empty)', { ...claims, userId: '' }],
  ])('rejects a correctly signed token whose %s is not a UUID', async (_, bad) => {
    const token = await tokens.sign({ ...bad, expiresAt: inOneHour() });
    expect(await tokens.verify(token)).toBeNull();
  });
});
