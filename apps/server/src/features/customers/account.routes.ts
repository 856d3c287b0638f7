import {
  ACCOUNT_MSG,
  accountPaymentSchema,
  accountResponses,
  ageingQuerySchema,
  creditLimitSchema,
  idSchema,
  pageQuerySchema,
  withExportFormat,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportResponse, sendExport } from '../../lib/export';
import { ok, okPage } from '../../lib/http';
import * as service from './account.service';

/** Customer accounts (account.service.ts): the statement, the credit limit, payments and the ageing list. */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const params = z.object({ id: idSchema });

  r.get(
    '/customers/:id/account',
    {
      schema: {
        summary: "A customer's account: balance owed, credit limit, ageing",
        tags,
        params,
        response: { 200: accountResponses.summary },
      },
    },
    async (req) => ok(await service.getAccount(app.db, req.actor, req.params.id)),
  );

  r.get(
    '/customers/:id/account/entries',
    {
      schema: {
        summary: "A customer's account statement",
        description: 'Newest first: sales on account, payments and refunds back to it, each with the balance it left.',
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: accountResponses.entries },
      },
    },
    async (req) => okPage(await service.listAccountEntries(app.db, req.actor, req.params.id, req.query)),
  );

  r.put(
    '/customers/:id/account',
    {
      schema: {
        summary: "Set a customer's credit limit",
        description: 'Manager or Super Admin, with a reason (audited).',
        errors: [403],
        tags,
        params,
        body: creditLimitSchema,
        response: { 200: accountResponses.summary },
      },
    },
    async (req) =>
      ok(await service.setCreditLimit(app.db, req.actor, req.params.id, req.body), {
        message: ACCOUNT_MSG.limitUpdated,
      }),
  );

  r.post(
    '/customers/:id/account/payments',
    {
      schema: {
        summary: 'Receive a payment on account',
        description:
          "Cash with shift_id goes into that open shift's drawer (a paid-in); a cashier's cash needs one (400). The same id again answers the first payment.",
        errors: [403, 409, 422],
        tags,
        params,
        body: accountPaymentSchema,
        response: { 201: accountResponses.payment },
      },
    },
    async (req, reply) => {
      const paid = await service.receivePayment(app.db, req.actor, req.params.id, req.body);
      reply.code(201);
      return ok(paid, { message: ACCOUNT_MSG.paymentRecorded });
    },
  );

  r.get(
    '/accounts/ageing',
    {
      schema: {
        summary: "A branch's customers owing on account, by age",
        errors: [403],
        description:
          'Payments pay the oldest sales first; the unpaid part of each sale is aged 0-29, 30-59, 60-89 and 90+ days.',
        tags,
        querystring: ageingQuerySchema,
        response: { 200: accountResponses.ageing },
      },
    },
    async (req) => okPage(await service.listAgeing(app.db, req.actor, req.query)),
  );

  r.get(
    '/accounts/ageing/export.csv',
    {
      schema: {
        summary: 'The ageing list as CSV or XLSX',
        errors: [403],
        tags,
        querystring: withExportFormat(ageingQuerySchema),
        ...exportResponse,
      },
    },
    async (req, reply) => sendExport(reply, req.query.format, await service.exportAgeing(app.db, req.actor, req.query)),
  );
}
