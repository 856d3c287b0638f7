import {
  idSchema,
  sellVoucherSchema,
  VOUCHER_MSG,
  voucherCodeParamsSchema,
  voucherListQuerySchema,
  voucherResponses,
} from '@pos/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/http';
import * as service from './gift-vouchers.service';

/** Gift vouchers: sell one, check one by its code, the branch's list and what they still owe. */
export async function giftVouchersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gift vouchers'];
  const branchQuery = z.object({ branchId: idSchema });

  r.post(
    '/gift-vouchers',
    {
      schema: {
        summary: 'Sell a gift voucher',
        description:
          "Cash with shift_id goes into that open shift's drawer (a paid-in); a cashier's cash needs one (400). The same id again answers the first voucher.",
        errors: [403, 409, 422],
        tags,
        body: sellVoucherSchema,
        response: { 201: voucherResponses.one },
      },
    },
    async (req, reply) => {
      const sold = await service.sellVoucher(app.db, req.actor, req.body);
      reply.code(201);
      return ok(sold, { message: VOUCHER_MSG.sold });
    },
  );

  r.get(
    '/gift-vouchers/code/:code',
    {
      schema: {
        summary: 'A gift voucher by its code (its balance)',
        tags,
        params: voucherCodeParamsSchema,
        querystring: branchQuery,
        response: { 200: voucherResponses.one },
      },
    },
    async (req) => ok(await service.voucherByCode(app.db, req.actor, req.query.branchId, req.params.code)),
  );

  r.get(
    '/gift-vouchers',
    {
      schema: {
        summary: 'The gift vouchers sold at a branch',
        errors: [403],
        tags,
        querystring: voucherListQuerySchema,
        response: { 200: voucherResponses.list },
      },
    },
    async (req) => okPage(await service.listVouchers(app.db, req.actor, req.query)),
  );

  r.get(
    '/gift-vouchers/liability',
    {
      schema: {
        summary: 'What the gift vouchers sold at a branch still owe',
        errors: [403],
        tags,
        querystring: branchQuery,
        response: { 200: voucherResponses.liability },
      },
    },
    async (req) => ok(await service.voucherLiability(app.db, req.actor, req.query.branchId)),
  );
}
