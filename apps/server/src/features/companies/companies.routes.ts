import { branchListQuerySchema, createBranchSchema, createCompanySchema, idSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './companies.service';

export async function companiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, timezone: app.env.POS_TIMEZONE };

  r.get('/auth/companies', { schema: { tags: ['companies'] } }, async (req) => ({
    success: true,
    items: await service.listCompanies(deps, req.actor),
  }));

  r.post('/auth/companies', { schema: { tags: ['companies'], body: createCompanySchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createCompany(deps, req.actor, req.body), { message: 'Company created successfully!' });
  });

  r.get(
    '/auth/companies/:id/branches',
    { schema: { tags: ['companies'], params: z.object({ id: idSchema }), querystring: branchListQuerySchema } },
    async (req) => ({
      success: true,
      ...(await service.listBranches(deps, req.actor, { companyId: req.params.id, ...req.query })),
    }),
  );

  r.post('/auth/branches', { schema: { tags: ['companies'], body: createBranchSchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createBranch(deps, req.actor, req.body), { message: 'Branch created successfully!' });
  });
}
