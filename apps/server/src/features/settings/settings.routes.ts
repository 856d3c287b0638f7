import { branchQuerySchema, updateTaxSchema } from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './settings.service';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/settings/tax', { schema: { tags: ['settings'], querystring: branchQuerySchema } }, async (req) =>
    ok(await service.getTax(app.db, req.actor, req.query.branchId)),
  );

  r.post('/settings/tax', { schema: { tags: ['settings'], body: updateTaxSchema } }, async (req) =>
    ok(await service.updateTax(app.db, req.actor, req.body), { message: 'Tax rate updated successfully.' }),
  );
}
