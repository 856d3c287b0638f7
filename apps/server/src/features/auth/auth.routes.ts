import { loginSchema, updatePasswordSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './auth.service';

export async function authPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { LOGIN_RATE_MAX_PER_IP, LOGIN_RATE_MAX_PER_USERNAME, LOGIN_RATE_WINDOW_MS } = app.env;
  const tooMany = () => ({
    success: false,
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: 'Too many sign-in attempts. Please wait a moment and try again.',
  });

  r.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginSchema },
      // Two windows: one per client address, one per username (guessing one account from many addresses).
      preHandler: [
        app.rateLimit({ max: LOGIN_RATE_MAX_PER_IP, timeWindow: LOGIN_RATE_WINDOW_MS, errorResponseBuilder: tooMany }),
        app.rateLimit({
          max: LOGIN_RATE_MAX_PER_USERNAME,
          timeWindow: LOGIN_RATE_WINDOW_MS,
          keyGenerator: (req) => `user:${String((req.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: tooMany,
        }),
      ],
    },
    async (req) => service.login(app, req.body),
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
