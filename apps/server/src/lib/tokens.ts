import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type TokenClaims = { userId: string; sessionId: string };

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
