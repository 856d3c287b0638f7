import { z } from 'zod';
import { MSG } from './messages';

export const taxRateSchema = z.number({ error: MSG.taxRequired }).min(0, MSG.taxNegative).max(100, MSG.taxMax);

export const updateTaxSchema = z.object({
  taxRate: taxRateSchema,
  branchId: z.string().uuid('Invalid branch'),
});
export type UpdateTaxInput = z.infer<typeof updateTaxSchema>;

export const branchQuerySchema = z.object({ branchId: z.string().uuid('Invalid branch') });

export type TaxSetting = { branchId: string; taxRate: number };
