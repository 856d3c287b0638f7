import {
  branchQuerySchema,
  companyResponses,
  settingsResponses,
  updateCurrencySchema,
  updateScaleLabelsSchema,
  updateTaxRegistrationSchema,
  updateTaxSchema,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import * as service from './settings.service';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings/tax',
    {
      schema: {
        summary: "A branch's tax rate",
        tags: ['settings'],
        querystring: branchQuerySchema,
        response: { 200: settingsResponses.tax },
      },
    },
    async (req) => ok(await service.getTax(app.db, req.actor, req.query.branchId)),
  );

  r.post(
    '/settings/tax',
    {
      schema: {
        summary: "Set a branch's tax rate",
        errors: [403],
        tags: ['settings'],
        body: updateTaxSchema,
        response: { 200: settingsResponses.tax },
      },
    },
    async (req) =>
      ok(await service.updateTax(app.db, req.actor, req.body), { message: 'Tax rate updated successfully.' }),
  );

  // The company's currency (ISO 4217): every amount on every screen and receipt is shown in it.
  r.post(
    '/settings/currency',
    {
      schema: {
        summary: "Set a company's currency",
        errors: [403],
        tags: ['settings'],
        body: updateCurrencySchema,
        response: { 200: companyResponses.currency },
      },
    },
    async (req) =>
      ok(await service.updateCurrency(app.db, req.actor, req.body), { message: 'Currency updated successfully.' }),
  );

  // The prefix of the company's scale labels: the register reads a label of it as an item and a weight.
  r.post(
    '/settings/scale-labels',
    {
      schema: {
        summary: "Set the prefix of a company's scale labels",
        errors: [403],
        tags: ['settings'],
        body: updateScaleLabelsSchema,
        response: { 200: companyResponses.scaleLabels },
      },
    },
    async (req) =>
      ok(await service.updateScaleLabels(app.db, req.actor, req.body), {
        message: 'Scale labels updated successfully.',
      }),
  );

  // The company's NTN and STRN: every receipt's header prints them when set.
  r.post(
    '/settings/tax-registration',
    {
      schema: {
        tags: ['settings'],
        summary: "Set a company's NTN and STRN",
        errors: [403],
        body: updateTaxRegistrationSchema,
        response: { 200: companyResponses.taxRegistration },
      },
    },
    async (req) =>
      ok(await service.updateTaxRegistration(app.db, req.actor, req.body), {
        message: 'Tax registration updated successfully.',
      }),
  );
}
