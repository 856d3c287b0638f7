import { authResponses, loginSchema, updatePasswordSchema } from '@pos/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import * as service from './auth.service';

export async function authPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = {
    maxPerIp: app.env.LOGIN_RATE_MAX_PER_IP,
    maxPerUsername: app.env.LOGIN_RATE_MAX_PER_USERNAME,
    windowMs: app.env.LOGIN_RATE_WINDOW_MS,
  };
  // Two windows: one per client address, one per username (guessing one account from many addresses).
  // Both count every attempt, in the database (auth.service countSignInAttempt).
  const loginRateLimit = async (req: FastifyRequest, reply: FastifyReply) => {
    const { username } = req.body as { username: string };
    const retryAfter = await service.countSignInAttempt(app.db, limits, { ip: req.ip, username });
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new AppError(429, 'RATE_LIMITED', 'Too many sign-in attempts. Please wait a moment and try again.');
    }
  };

  r.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with username and password for a token',
        errors: [401, 429],
        tags: ['auth'],
        body: loginSchema,
        response: { 200: authResponses.login },
      },
      preHandler: loginRateLimit,
    },
    async (req) => service.login(app, req.body),
  );
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auth/me',
    {
      schema: {
        summary: 'The signed-in user, their roles and permissions',
        tags: ['auth'],
        response: { 200: authResponses.me },
      },
    },
    async (req) => ok(await service.loadSessionUser(app.db, req.actor)),
  );

  r.post(
    '/auth/logout',
    { schema: { summary: 'Sign out: end this session', tags: ['auth'], response: { 200: authResponses.logout } } },
    async (req) => {
      await service.logout(app, req.actor);
      return ok(null, { message: 'Logged out' });
    },
  );

  r.post(
    '/auth/update-password',
    {
      schema: {
        summary: "Change the signed-in user's password",
        tags: ['auth'],
        body: updatePasswordSchema,
        response: { 200: authResponses.passwordChanged },
      },
    },
    async (req) =>
      ok(await service.changePassword(app, req.actor, req.body), { message: 'Password changed successfully.' }),
  );
}
