import {
  branchListQuerySchema,
  companyResponses,
  createBranchSchema,
  createCompanySchema,
  idSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './companies.service';

export async function companiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, timezone: app.env.POS_TIMEZONE };

  r.get(
    '/auth/companies',
    {
      schema: {
        summary: 'The companies the caller may reach',
        tags: ['companies'],
        response: { 200: companyResponses.list },
      },
    },
    async (req) => ({
      success: true as const,
      items: await service.listCompanies(deps, req.actor),
    }),
  );

  r.post(
    '/auth/companies',
    {
      schema: {
        summary: 'Create a company with its main branch',
        errors: [403],
        tags: ['companies'],
        body: createCompanySchema,
        response: { 201: companyResponses.created },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createCompany(deps, req.actor, req.body), { message: 'Company created successfully!' });
    },
  );

  r.get(
    '/auth/companies/:id/branches',
    {
      schema: {
        summary: 'The branches of a company',
        tags: ['companies'],
        params: z.object({ id: idSchema }),
        querystring: branchListQuerySchema,
        response: { 200: companyResponses.branches },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await service.listBranches(deps, req.actor, { companyId: req.params.id, ...req.query })),
    }),
  );

  r.post(
    '/auth/branches',
    {
      schema: {
        summary: 'Add a branch to a company',
        errors: [403],
        tags: ['companies'],
        body: createBranchSchema,
        response: { 201: companyResponses.branchCreated },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createBranch(deps, req.actor, req.body), { message: 'Branch created successfully!' });
    },
  );
}
