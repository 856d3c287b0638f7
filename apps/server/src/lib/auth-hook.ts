import type { Permission } from '@pos/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findLiveSession } from './access.repo';
import { unauthorized } from './errors';

/** Every protected request: a valid HS256 token naming a live session of an active user, else 401. */
export function registerAuthHook(app: FastifyInstance) {
  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized();
    const row = await findLiveSession(app.db, claims);
    if (!row) throw unauthorized();
    req.actor = {
      userId: row.userId,
      sessionId: row.sessionId,
      name: row.name,
      username: row.username,
      roleId: row.roleId,
      roleName: row.roleName,
      permissions: new Set(row.permissions as Permission[]),
      isSuperUser: row.isSuperUser,
      companyId: row.companyId,
      branchId: row.branchId,
    };
  });
}
