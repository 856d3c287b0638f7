import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toActor } from './access';
import { findLiveSession } from './access.repo';
import { unauthorized } from './errors';
import { requireBearer } from './openapi';

/**
 * Every protected request: a valid HS256 token naming a live session of an active user, else 401.
 * One statement reads the session, the user, the role and the user's reach (access.repo.ts). The
 * routes of this scope are described as needing the bearer token (and answering 401), by this hook's
 * scope alone (lib/openapi.ts).
 */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  app.addHook('onRoute', requireBearer);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized();
    const row = await findLiveSession(app.db, claims);
    if (!row) throw unauthorized();
    const { sessionId, ...actorRow } = row;
    req.actor = toActor(actorRow, sessionId);
  });
}
