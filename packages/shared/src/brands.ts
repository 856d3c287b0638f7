import { z } from 'zod';
import { searchSchema } from './categories';
import { idSchema, pageQuerySchema } from './common';

export const BRAND_MSG = {
  nameRequired: 'Brand name is required',
  duplicate: 'A brand with this name already exists in this branch',
  added: 'Brand added successfully',
  updated: 'Brand updated successfully',
  deleted: 'Brand deleted successfully',
} as const;

const brandName = z.string({ error: BRAND_MSG.nameRequired }).trim().min(1, BRAND_MSG.nameRequired).max(200);

/** The add and edit forms. */
export const brandFormSchema = z.object({ name: brandName });
export type BrandFormValues = z.input<typeof brandFormSchema>;

export const createBrandSchema = z.object({ name: brandName, branchId: idSchema });
export type CreateBrandInput = z.input<typeof createBrandSchema>;

/** PATCH /brands/{id}: the form values. A brand stays in its branch; a branchId in the body is ignored. */
export const updateBrandSchema = z.object({ name: brandName });
export type UpdateBrandInput = z.input<typeof updateBrandSchema>;

export const brandListQuerySchema = pageQuerySchema.extend({ branchId: idSchema, search: searchSchema });
export type BrandListQuery = z.input<typeof brandListQuerySchema>;

export type Brand = { id: string; name: string; branchId: string };
