import {
  CUSTOMER_MSG,
  creditAdjustmentSchema,
  customerHistoryQuerySchema,
  customerListQuerySchema,
  customerPhoneLookupParamsSchema,
  customerResponses,
  idSchema,
  pageQuerySchema,
  updateCustomerSchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import { accountRoutes } from './account.routes';
import * as service from './customers.service';
import { exportCustomers } from './customers-export.service';

export async function customersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const params = z.object({ id: idSchema });
  await accountRoutes(app);

  r.get(
    '/customers/branch/:branchId/phone/:phone',
    {
      schema: {
        summary: "Find a branch's customer by phone",
        tags,
        params: customerPhoneLookupParamsSchema,
        response: { 200: customerResponses.contact },
      },
    },
    async (req) => ok(await service.findByPhone(app.db, req.actor, req.params)),
  );

  r.get(
    '/customers',
    {
      schema: {
        summary: 'One page of customers',
        tags,
        querystring: customerListQuerySchema,
        response: { 200: customerResponses.list },
      },
    },
    async (req) => okPage(await service.listCustomers(app.db, req.actor, req.query)),
  );

  r.get(
    '/customers/export.csv',
    {
      schema: {
        summary: 'Customers as CSV or XLSX',
        tags,
        querystring: withExportFormat(customerListQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await exportCustomers(app.db, req.actor, req.query)),
  );

  r.get(
    '/customers/:id',
    { schema: { summary: 'One customer', tags, params, response: { 200: customerResponses.one } } },
    async (req) => ok(await service.getCustomer(app.db, req.actor, req.params.id)),
  );

  r.get(
    '/customers/:id/analytics',
    {
      schema: {
        summary: "A customer's purchase figures",
        tags,
        params,
        response: { 200: customerResponses.analytics },
      },
    },
    async (req) => ok(await service.getAnalytics(app.db, req.actor, req.params.id)),
  );

  r.get(
    '/customers/:id/transactions',
    {
      schema: {
        summary: "One page of a customer's sales",
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
    {
      schema: {
        summary: "One page of a customer's returns",
        tags,
        params,
        querystring: customerHistoryQuerySchema,
        response: { 200: customerResponses.returns },
      },
    },
    async (req) => okPage(await service.listReturns(app.db, req.actor, req.params.id, req.query)),
  );

  r.get(
    '/customers/:id/credit',
    {
      schema: {
        summary: "A customer's store credit ledger",
        description: 'Newest first: returns refunded as store credit, adjustments and sales paid with it.',
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: customerResponses.creditEntries },
      },
    },
    async (req) => okPage(await service.listCreditEntries(app.db, req.actor, req.params.id, req.query)),
  );

  r.post(
    '/customers/:id/credit',
    {
      schema: {
        summary: 'Give or take back store credit',
        description:
          'Manager or Super Admin, with a reason; amount above 0 gives, below 0 takes back; the balance never goes below 0 (409).',
        errors: [403, 409],
        tags,
        params,
        body: creditAdjustmentSchema,
        response: { 201: customerResponses.creditAdjusted },
      },
    },
    async (req, reply) => {
      const adjusted = await service.adjustCredit(app.db, req.actor, req.params.id, req.body);
      reply.code(201);
      return ok(adjusted, { message: CUSTOMER_MSG.creditAdjusted });
    },
  );

  r.patch(
    '/customers/:id',
    {
      schema: {
        summary: 'Change a customer',
        errors: [409],
        tags,
        params,
        body: updateCustomerSchema,
        response: { 200: customerResponses.one },
      },
    },
    async (req) =>
      ok(await service.updateCustomer(app.db, req.actor, req.params.id, req.body), {
        message: 'Customer updated successfully',
      }),
  );
}
