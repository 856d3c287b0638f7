import {
  createTaxClassSchema,
  idSchema,
  TAX_CLASS_MSG,
  taxClassListQuerySchema,
  taxClassResponses,
  updateTaxClassSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/http';
import * as service from './tax-classes.service';

const params = z.object({ id: idSchema });

/** The company's tax classes (docs/architecture/catalogue.md, 'Tax classes'). */
export async function taxClassesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tax classes'];

  r.get(
    '/tax-classes',
    {
      schema: {
        summary: "One page of the company's tax classes",
        description: 'By name. An item without a class is taxed at its branch rate.',
        errors: [403],
        tags,
        querystring: taxClassListQuerySchema,
        response: { 200: taxClassResponses.list },
      },
    },
    async (req) => okPage(await service.listTaxClasses(app.db, req.actor, req.query)),
  );

  r.post(
    '/tax-classes',
    {
      schema: {
        summary: 'Add a tax class',
        errors: [403, 409],
        tags,
        body: createTaxClassSchema,
        response: { 201: taxClassResponses.one },
      },
    },
    async (req, reply) => {
      const created = await service.createTaxClass(app.db, req.actor, req.body);
      reply.code(201);
      return ok(created, { message: TAX_CLASS_MSG.added });
    },
  );

  r.patch(
    '/tax-classes/:id',
    {
      schema: {
        summary: 'Change a tax class',
        description: "A new rate reaches every listing of the class's items at once; answers how many.",
        errors: [403, 409],
        tags,
        params,
        body: updateTaxClassSchema,
        response: { 200: taxClassResponses.changed },
      },
    },
    async (req) =>
      ok(await service.updateTaxClass(app.db, req.actor, req.params.id, req.body), {
        message: TAX_CLASS_MSG.updated,
      }),
  );

  r.delete(
    '/tax-classes/:id',
    {
      schema: {
        summary: 'Archive a tax class',
        description:
          'Only a class no live item has (409 says how many have it). It leaves the lists and pickers and its ' +
          'name is free again; the sale lines taxed under it keep naming it.',
        errors: [403, 409],
        tags,
        params,
        response: { 200: taxClassResponses.archived },
      },
    },
    async (req) =>
      ok(await service.archiveTaxClass(app.db, req.actor, req.params.id), { message: TAX_CLASS_MSG.archived }),
  );
}
