import { syncQuerySchema, syncResponses } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './sync.service';

export async function syncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync'];

  r.get(
    '/sync/catalogue',
    {
      schema: {
        summary: "The branch's catalogue for offline use, page by page",
        tags,
        querystring: syncQuerySchema,
        response: { 200: syncResponses.catalogue },
      },
    },
    async (req) => ok(await service.syncCatalogue(app.db, req.actor, req.query)),
  );

  r.get(
    '/sync/customers',
    {
      schema: {
        summary: "The branch's customers for offline use",
        tags,
        querystring: syncQuerySchema,
        response: { 200: syncResponses.customers },
      },
    },
    async (req) => ok(await service.syncCustomers(app.db, req.actor, req.query)),
  );

  r.get(
    '/sync/gift-vouchers',
    {
      schema: {
        summary: "The company's gift vouchers for offline use (their codes' digests, never the codes)",
        description:
          'A first sync (no cursor) carries the vouchers with a balance above 0; a later one every voucher changed since (one spent out with balance 0). A malformed cursor is 400.',
        tags,
        querystring: syncQuerySchema,
        response: { 200: syncResponses.vouchers },
      },
    },
    async (req) => ok(await service.syncVouchers(app.db, req.actor, req.query)),
  );
}
