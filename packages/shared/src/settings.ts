import { z } from 'zod';
import { envelope } from './common';
import { MSG } from './messages';
import { percentSchema, RATE_MSG } from './rates';

/** A branch's tax rate, the sale's tax_rate and the register's: a percent 0-100 with at most 2 decimals. */
export const taxRateSchema = percentSchema({
  required: MSG.taxRequired,
  negative: MSG.taxNegative,
  max: MSG.taxMax,
  decimals: RATE_MSG.taxDecimals,
});

export const updateTaxSchema = z.object({
  taxRate: taxRateSchema,
  branchId: z.string().uuid('Invalid branch'),
});
export type UpdateTaxInput = z.infer<typeof updateTaxSchema>;

export const branchQuerySchema = z.object({ branchId: z.string().uuid('Invalid branch') });

export const taxSettingSchema = z.object({ branchId: z.string(), taxRate: z.number() });
export type TaxSetting = z.infer<typeof taxSettingSchema>;

export const settingsResponses = { tax: envelope(taxSettingSchema) };
