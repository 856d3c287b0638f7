import { z } from 'zod';
import { envelope, moneySchema } from './common';
import { EXCHANGE_BACK_METHODS } from './payment-methods';
import { createReturnSchema } from './returns';
import { discountValueIssue, saleFieldsSchema, saleSchema, TENDER_METHODS } from './sales';

const amount = z.number().min(0).max(1_000_000_000, 'Amount must be at most 1,000,000,000').finite();

/**
 * POST /exchanges: return items of one sale and sell new ones in one document. The returned goods pay the new
 * sale as far as they reach (the 'exchange' tender); `tenders` pay what is left (change only from cash);
 * when the returned goods are worth more, the rest goes back by `refund_method`.
 */
export const createExchangeSchema = createReturnSchema
  .pick({
    originalTransactionId: true,
    branchId: true,
    items: true,
    reason: true,
    reason_description: true,
    notes: true,
    register_id: true,
    approval_grant_id: true,
  })
  .extend({
    /** The new sale's cart, as a sale payload carries it (its payment is `tenders` below). */
    sale: saleFieldsSchema
      .pick({
        items: true,
        subtotal: true,
        tax: true,
        tax_rate: true,
        discount_type: true,
        discount_value: true,
        discount_amount: true,
        total: true,
        service_fee: true,
        customer: true,
        approval_grant_id: true,
        voucher_code: true,
      })
      .superRefine((sale, ctx) => {
        const message = discountValueIssue(sale.discount_type, sale.discount_value);
        if (message) ctx.addIssue({ code: 'custom', path: ['discount_value'], message });
      }),
    /** What the customer hands over for the rest, each method once, as handed over; none when nothing is due. */
    tenders: z
      .array(z.object({ method: z.enum(TENDER_METHODS), amount }))
      .max(TENDER_METHODS.length)
      .default([]),
    refund_method: z.enum(EXCHANGE_BACK_METHODS).default('cash'),
  });
export type CreateExchangeInput = z.input<typeof createExchangeSchema>;
export type CreateExchangePayload = z.output<typeof createExchangeSchema>;

/** One exchange: the return and the sale it links, and how the difference was settled. */
export const exchangeSchema = z.object({
  id: z.string(),
  /** What the returned goods are worth (the return's refund). */
  credit: moneySchema,
  /** The part of it that paid the new sale. */
  applied: moneySchema,
  /** What the customer paid on top (the new sale's other tenders), and what went back, by which method. */
  paid: moneySchema,
  back: moneySchema,
  backMethod: z.enum(EXCHANGE_BACK_METHODS).nullable(),
  /** The return it made (GET /returns/{id} reads it whole). */
  return: z.object({ id: z.string(), returnNumber: z.string() }),
  sale: saleSchema,
});
export type Exchange = z.infer<typeof exchangeSchema>;

export const exchangeResponses = { created: envelope(exchangeSchema) };
