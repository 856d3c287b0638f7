import {
  approvalGrantRequestSchema,
  approvalResponses,
  idSchema,
  setPinSchema,
  updateRegisterRulesSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './approvals.service';

const branchParams = z.object({ branchId: idSchema });

/** The branch's register rules (cashier limits, drawer, offline) and the managers' approval PINs. */
export async function approvalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/branches/:branchId/register-rules',
    {
      schema: {
        summary: "A branch's register rules",
        tags: ['settings'],
        params: branchParams,
        response: { 200: approvalResponses.rules },
      },
    },
    async (req) => ok(await service.getRegisterRules(app.db, req.actor, req.params.branchId)),
  );

  r.put(
    '/branches/:branchId/register-rules',
    {
      schema: {
        summary: "Change a branch's register rules",
        errors: [403],
        tags: ['settings'],
        params: branchParams,
        body: updateRegisterRulesSchema,
        response: { 200: approvalResponses.rules },
      },
    },
    async (req) =>
      ok(await service.updateRegisterRules(app.db, req.actor, req.params.branchId, req.body), {
        message: 'Register rules updated successfully.',
      }),
  );

  r.get(
    '/auth/pin',
    {
      schema: {
        summary: 'Whether the signed-in user has an approval PIN',
        tags: ['auth'],
        response: { 200: approvalResponses.pin },
      },
    },
    async (req) => ok(await service.getPinStatus(app.db, req.actor)),
  );

  r.put(
    '/auth/pin',
    {
      schema: {
        summary: "Set the signed-in manager's approval PIN",
        errors: [403],
        tags: ['auth'],
        body: setPinSchema,
        response: { 200: approvalResponses.pin },
      },
    },
    async (req) => ok(await service.setPin(app.db, req.actor, req.body), { message: 'Approval PIN saved.' }),
  );

  r.post(
    '/approvals/grants',
    {
      schema: {
        summary: "A manager's one-time approval, by username and PIN",
        errors: [403, 409],
        tags: ['pos'],
        body: approvalGrantRequestSchema,
        response: { 201: approvalResponses.grant },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.issueGrant(app.db, req.actor, req.body), { message: 'Approval granted.' });
    },
  );
}
