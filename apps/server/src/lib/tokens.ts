import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type TokenClaims = { userId: string; sessionId: string };

/**
 * Tokens verified lately, by their exact text, with the expiry they carry. Checking a token's HMAC
 * (jose, through WebCrypto) cost ~0.3 ms on every request (bench/README.md, 'Sale commits'); a
 * register sends the same token all day. Only verified tokens are kept and each only until its `exp`,
 * so the cache changes no answer: a forged or altered token is not byte-identical to a kept one and
 * is verified in full. Whether the session is live is still read from the database on every request.
 */
const VERIFIED_CACHE_MAX = 10_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();
  return {
    async sign({ userId, sessionId, expiresAt }: TokenClaims & { expiresAt: Date }): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Returns the claims, or null for a token that is malformed, forged, expired or of another algorithm. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        // Ids are UUIDs: anything else names no session (401), and is never sent to the database as one.
        if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
        verified.set(token, { ...claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
