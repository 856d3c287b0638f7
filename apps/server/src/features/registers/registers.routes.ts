import {
  enrolRegisterSchema,
  registerApproversQuerySchema,
  registerIdParamsSchema,
  registerListQuerySchema,
  registerResponses,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okPage } from '../../lib/http';
import * as service from './registers.service';

export async function registersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registers'];

  r.post(
    '/registers',
    {
      schema: {
        summary: 'Enrol this device as a register of a branch',
        errors: [409],
        tags,
        body: enrolRegisterSchema,
        response: { 200: registerResponses.enrol, 201: registerResponses.enrol },
      },
    },
    async (req, reply) => {
      const { register, created } = await service.enrolRegister(app.db, req.actor, req.body);
      reply.code(created ? 201 : 200);
      return ok(register);
    },
  );

  r.get(
    '/registers/:id/approvers',
    {
      schema: {
        summary: 'The managers who may approve at a register, for offline checks',
        tags,
        params: registerIdParamsSchema,
        querystring: registerApproversQuerySchema,
        response: { 200: registerResponses.approvers },
      },
    },
    async (req) =>
      ok(await service.listRegisterApprovers(app.db, req.actor, { id: req.params.id, branchId: req.query.branchId })),
  );

  r.get(
    '/registers',
    {
      schema: {
        summary: 'One page of registers',
        errors: [403],
        tags,
        querystring: registerListQuerySchema,
        response: { 200: registerResponses.list },
      },
    },
    async (req) => okPage(await service.listRegisters(app.db, req.actor, req.query)),
  );
}
