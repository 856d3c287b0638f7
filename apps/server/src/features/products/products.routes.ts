import { createProductSchema, idSchema, PRODUCT_MSG, productListQuerySchema, updateProductSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import * as service from './products.service';

const params = z.object({ id: idSchema });

export async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  // The server's own time for the request (auth included), for the search benchmark and browser dev tools.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  r.get('/products', { schema: { tags, querystring: productListQuerySchema } }, async (req) => {
    const { items, meta } = await service.listProducts(app.db, req.actor, req.query);
    return ok(items, { meta });
  });

  r.get('/products/:id', { schema: { tags, params } }, async (req) =>
    ok(await service.getProduct(app.db, req.actor, req.params.id)),
  );

  r.post('/products', { schema: { tags, body: createProductSchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await service.createProduct(app.db, req.actor, req.body), { message: PRODUCT_MSG.created });
  });

  r.patch('/products/:id', { schema: { tags, params, body: updateProductSchema } }, async (req) =>
    ok(await service.updateProduct(app.db, req.actor, req.params.id, req.body), { message: PRODUCT_MSG.updated }),
  );

  r.delete('/products/:id', { schema: { tags, params } }, async (req) =>
    ok(await service.deleteProduct(app.db, req.actor, req.params.id), { message: PRODUCT_MSG.deleted }),
  );
}
