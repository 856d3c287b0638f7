import { loginSchema, updatePasswordSchema } from '@pos/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import * as service from './auth.service';

export async function authPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { LOGIN_RATE_MAX_PER_IP, LOGIN_RATE_MAX_PER_USERNAME, LOGIN_RATE_WINDOW_MS } = app.env;
  // Two windows: one per client address, one per username (guessing one account from many addresses).
  // Both count every attempt. (Two app.rateLimit() hooks on one route would not work: the second one
  // sees the first one's "already ran" mark and skips.)
  const perIp = app.createRateLimit({ max: LOGIN_RATE_MAX_PER_IP, timeWindow: LOGIN_RATE_WINDOW_MS });
  const perUsername = app.createRateLimit({
    max: LOGIN_RATE_MAX_PER_USERNAME,
    timeWindow: LOGIN_RATE_WINDOW_MS,
    keyGenerator: (req) => `user:${String((req.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
  });
  const loginRateLimit = async (req: FastifyRequest, reply: FastifyReply) => {
    let retryAfter = 0;
    for (const result of [await perIp(req), await perUsername(req)]) {
      if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
    }
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new AppError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait a moment and try again.');
    }
  };

  r.post('/auth/login', { schema: { tags: ['auth'], body: loginSchema }, preHandler: loginRateLimit }, async (req) =>
    service.login(app, req.body),
  );
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/auth/me', { schema: { tags: ['auth'] } }, async (req) =>
    ok(await service.loadSessionUser(app.db, req.actor.userId)),
  );

  r.post('/auth/logout', { schema: { tags: ['auth'] } }, async (req) => {
    await service.logout(app, req.actor);
    return ok(null, { message: 'Logged out' });
  });

  r.post('/auth/update-password', { schema: { tags: ['auth'], body: updatePasswordSchema } }, async (req) =>
    ok(await service.changePassword(app, req.actor, req.body), { message: 'Password changed successfully.' }),
  );
}
