import {
  customerHistoryQuerySchema,
  customerListQuerySchema,
  customerPhoneLookupParamsSchema,
  customerResponses,
  idSchema,
  updateCustomerSchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './customers.service';
import { exportCustomers } from './customers-export.service';

export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const params = z.object({ id: idSchema });

  r.get(
    '/customers/branch/:branchId/phone/:phone',
    { schema: { tags, params: customerPhoneLookupParamsSchema, response: { 200: customerResponses.contact } } },
    async (req) => ok(await service.findByPhone(app.db, req.actor, req.params)),
  );

  r.get(
    '/customers',
    { schema: { tags, querystring: customerListQuerySchema, response: { 200: customerResponses.list } } },
    async (req) => okPage(await service.listCustomers(app.db, req.actor, req.query)),
  );

  r.get(
    '/customers/export.csv',
    { schema: { tags, querystring: withExportFormat(customerListQuerySchema), ...exportResponse } },
    async (req, reply) => sendExport(reply, req.query.format, await exportCustomers(app.db, req.actor, req.query)),
  );

  r.get('/customers/:id', { schema: { tags, params, response: { 200: customerResponses.one } } }, async (req) =>
    ok(await service.getCustomer(app.db, req.actor, req.params.id)),
  );

  r.get(
    '/customers/:id/analytics',
    { schema: { tags, params, response: { 200: customerResponses.analytics } } },
    async (req) => ok(await service.getAnalytics(app.db, req.actor, req.params.id)),
  );

  r.get(
    '/customers/:id/transactions',
    {
      schema: {
        tags,
        params,
        querystring: customerHistoryQuerySchema,
        response: { 200: customerResponses.transactions },
      },
    },
    async (req) => okPage(await service.listTransactions(app.db, req.actor, req.params.id, req.query)),
  );

  r.get(
    '/customers/:id/returns',
    { schema: { tags, params, querystring: customerHistoryQuerySchema, response: { 200: customerResponses.returns } } },
    async (req) => okPage(await service.listReturns(app.db, req.actor, req.params.id, req.query)),
  );

  r.patch(
    '/customers/:id',
    { schema: { tags, params, body: updateCustomerSchema, response: { 200: customerResponses.one } } },
    async (req) =>
      ok(await service.updateCustomer(app.db, req.actor, req.params.id, req.body), {
        message: 'Customer updated successfully',
      }),
  );
}
