import { createUserSchema, idSchema, USER_MSG, updateUserSchema, userListQuerySchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './users.service';

const params = z.object({ id: idSchema });

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/users', { schema: { tags, querystring: userListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listUsers(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  r.post('/users', { schema: { tags, body: createUserSchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createUser(app.db, req.actor, req.body), { message: USER_MSG.created });
  });

  r.patch('/users/:id', { schema: { tags, params, body: updateUserSchema } }, async (req) =>
    ok(await service.updateUser(app.db, req.actor, req.params.id, req.body), { message: USER_MSG.updated }),
  );
}
