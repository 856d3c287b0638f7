import { z } from 'zod';
import { catalogUsageSchema, searchSchema } from './categories';
import { countSchema, envelope, idSchema, NAME_MAX, paged, pageQuerySchema } from './common';

export const BRAND_MSG = {
  nameRequired: 'Brand name is required',
  nameTooLong: `Brand name must be at most ${NAME_MAX} characters`,
  duplicate: 'A brand with this name already exists in this branch',
  added: 'Brand added successfully',
  updated: 'Brand updated successfully',
  deleted: 'Brand deleted successfully',
} as const;

const brandName = z
  .string({ error: BRAND_MSG.nameRequired })
  .trim()
  .min(1, BRAND_MSG.nameRequired)
  .max(NAME_MAX, BRAND_MSG.nameTooLong);

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

export const brandSchema = z.object({ id: z.string(), name: z.string(), branchId: z.string() });
export type Brand = z.infer<typeof brandSchema>;

/** DELETE /brands/{id}: the brand's products are unlinked first. */
export const deleteBrandResultSchema = z.object({ id: z.string(), unlinkedProducts: countSchema });
export type DeleteBrandResult = z.infer<typeof deleteBrandResultSchema>;

export const brandResponses = {
  list: paged(brandSchema),
  one: envelope(brandSchema),
  usage: envelope(catalogUsageSchema),
  deleted: envelope(deleteBrandResultSchema),
};
