import { BRAND_MSG, brandListQuerySchema, createBrandSchema, idSchema, updateBrandSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './brands.service';

const params = z.object({ id: idSchema });
const usageResponse = z.object({
  success: z.literal(true),
  data: z.object({ products: z.number().int(), subcategories: z.number().int() }),
});

export async function brandsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['brands'];

  r.get('/brands', { schema: { tags, querystring: brandListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listBrands(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  r.post('/brands', { schema: { tags, body: createBrandSchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createBrand(app.db, req.actor, req.body), { message: BRAND_MSG.added });
  });

  r.patch('/brands/:id', { schema: { tags, params, body: updateBrandSchema } }, async (req) =>
    ok(await service.updateBrand(app.db, req.actor, req.params.id, req.body), { message: BRAND_MSG.updated }),
  );

  // What a delete would touch, for the dialog: { products, subcategories: 0 }.
  r.get('/brands/:id/usage', { schema: { tags, params, response: { 200: usageResponse } } }, async (req) =>
    ok(await service.brandUsage(app.db, req.actor, req.params.id)),
  );

  r.delete('/brands/:id', { schema: { tags, params } }, async (req) =>
    ok(await service.deleteBrand(app.db, req.actor, req.params.id), { message: BRAND_MSG.deleted }),
  );
}
