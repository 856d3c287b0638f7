import {
  FISCAL_MSG,
  fiscalBranchQuerySchema,
  fiscalDocumentListQuerySchema,
  fiscalIdParamsSchema,
  fiscalRegisterInputSchema,
  fiscalRegisterParamsSchema,
  fiscalResponses,
  fiscalSettingsInputSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okPage } from '../../lib/http';
import * as service from './fiscal.service';

/** Fiscal reporting to the tax authority (docs/architecture/fiscal.md): settings, POS registrations, the outbox. */
export async function fiscalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fiscal'];

  r.get(
    '/fiscal/settings',
    {
      schema: {
        summary: "A branch's fiscal settings and its registers' POS registrations",
        description: 'Tokens are never answered: hasToken says whether one is stored.',
        errors: [403],
        tags,
        querystring: fiscalBranchQuerySchema,
        response: { 200: fiscalResponses.settings },
      },
    },
    async (req) => ok(await service.getSettings(app.db, req.actor, req.query)),
  );

  r.put(
    '/fiscal/settings',
    {
      schema: {
        summary: "Set a branch's fiscal reporting",
        description: 'The token, when sent, is stored encrypted; absent, the stored one stays.',
        errors: [403],
        tags,
        body: fiscalSettingsInputSchema,
        response: { 200: fiscalResponses.settings },
      },
    },
    async (req) =>
      ok(await service.putSettings(app.db, app.fiscal, req.actor, req.body), { message: FISCAL_MSG.saved }),
  );

  r.put(
    '/fiscal/registers/:registerId',
    {
      schema: {
        summary: "Set a register's POS registration",
        errors: [403],
        tags,
        params: fiscalRegisterParamsSchema,
        body: fiscalRegisterInputSchema,
        response: { 200: fiscalResponses.settings },
      },
    },
    async (req) =>
      ok(await service.putRegister(app.db, app.fiscal, req.actor, req.params.registerId, req.body), {
        message: FISCAL_MSG.registerSaved,
      }),
  );

  r.get(
    '/fiscal/status',
    {
      schema: {
        summary: "A branch's fiscal outbox at a glance",
        description: 'Pending, failed and sent invoices; whether the oldest pending is past the 24-hour rule.',
        tags,
        querystring: fiscalBranchQuerySchema,
        response: { 200: fiscalResponses.status },
      },
    },
    async (req) => ok(await service.getStatus(app.db, req.actor, req.query)),
  );

  r.get(
    '/fiscal/documents',
    {
      schema: {
        summary: "One page of a branch's fiscal invoices",
        tags,
        querystring: fiscalDocumentListQuerySchema,
        response: { 200: fiscalResponses.list },
      },
    },
    async (req) => okPage(await service.listDocuments(app.db, req.actor, req.query)),
  );

  r.post(
    '/fiscal/documents/:id/resend',
    {
      schema: {
        summary: 'Send a refused fiscal invoice again',
        errors: [403, 409],
        tags,
        params: fiscalIdParamsSchema,
        response: { 200: fiscalResponses.one },
      },
    },
    async (req) => ok(await service.resendDocument(app.db, req.actor, req.params.id), { message: FISCAL_MSG.resent }),
  );
}
