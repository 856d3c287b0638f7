import {
  BRAND_MSG,
  brandListQuerySchema,
  brandResponses,
  createBrandSchema,
  idSchema,
  updateBrandSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/http';
import * as service from './brands.service';

const params = z.object({ id: idSchema });
export async function brandsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['brands'];

  r.get(
    '/brands',
    {
      schema: {
        summary: 'One page of brands',
        tags,
        querystring: brandListQuerySchema,
        response: { 200: brandResponses.list },
      },
    },
    async (req) => {
      return okPage(await service.listBrands(app.db, req.actor, req.query));
    },
  );

  r.post(
    '/brands',
    {
      schema: {
        summary: 'Add a brand',
        errors: [409],
        tags,
        body: createBrandSchema,
        response: { 201: brandResponses.one },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.createBrand(app.db, req.actor, req.body), { message: BRAND_MSG.added });
    },
  );

  r.patch(
    '/brands/:id',
    {
      schema: {
        summary: 'Rename a brand',
        errors: [409],
        tags,
        params,
        body: updateBrandSchema,
        response: { 200: brandResponses.one },
      },
    },
    async (req) =>
      ok(await service.updateBrand(app.db, req.actor, req.params.id, req.body), { message: BRAND_MSG.updated }),
  );

  // What a delete would touch, for the dialog: { products, subcategories: 0 }.
  r.get(
    '/brands/:id/usage',
    { schema: { summary: 'What deleting a brand would touch', tags, params, response: { 200: brandResponses.usage } } },
    async (req) => ok(await service.brandUsage(app.db, req.actor, req.params.id)),
  );

  r.delete(
    '/brands/:id',
    { schema: { summary: 'Delete a brand', tags, params, response: { 200: brandResponses.deleted } } },
    async (req) => ok(await service.deleteBrand(app.db, req.actor, req.params.id), { message: BRAND_MSG.deleted }),
  );
}
