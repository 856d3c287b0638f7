import {
  createUserSchema,
  idSchema,
  USER_MSG,
  updateUserSchema,
  userListQuerySchema,
  userResponses,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './users.service';
import { exportUsers } from './users-export.service';

const params = z.object({ id: idSchema });

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    '/users',
    {
      schema: {
        summary: 'One page of users',
        errors: [403],
        tags,
        querystring: userListQuerySchema,
        response: { 200: userResponses.list },
      },
    },
    async (req) => okPage(await service.listUsers(app.db, req.actor, req.query)),
  );

  r.get(
    '/users/export.csv',
    {
      schema: {
        summary: 'Users as CSV or XLSX',
        errors: [403],
        tags,
        querystring: withExportFormat(userListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportUsers(app.db, req.actor, req.query)),
  );

  r.post(
    '/users',
    {
      schema: {
        summary: 'Add a user',
        errors: [403, 409],
        tags,
        body: createUserSchema,
        response: { 201: userResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createUser(app.db, req.actor, req.body), { message: USER_MSG.created });
    },
  );

  r.patch(
    '/users/:id',
    {
      schema: {
        summary: 'Change a user',
        errors: [403],
        tags,
        params,
        body: updateUserSchema,
        response: { 200: userResponses.one },
      },
    },
    async (req) =>
      ok(await service.updateUser(app.db, req.actor, req.params.id, req.body), { message: USER_MSG.updated }),
  );
}
