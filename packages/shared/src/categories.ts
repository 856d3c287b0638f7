import { z } from 'zod';
import { countSchema, envelope, idSchema, NAME_MAX, paged } from './common';

export const CATEGORY_MSG = {
  nameRequired: 'Category name is required',
  nameTooLong: `Category name must be at most ${NAME_MAX} characters`,
  branchRequired: 'Select at least one branch',
  invalidParent: 'Invalid parent category',
  parentNotFound: 'Parent category not found',
  ownAncestor: 'A category cannot be moved under itself or one of its subcategories',
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional reference: a uuid, or ''/null for none (what a cleared select sends). */
export const optionalRefSchema = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || UUID_RE.test(v), message)
    .nullable()
    .transform((v) => v || null);

/** Optional free text: trimmed, '' and null mean none. */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);

/** The search box: trimmed, '' means no search. */
export const searchSchema = z
  .string()
  .trim()
  .max(200)
  .transform((v) => v || undefined)
  .optional();

const categoryFields = {
  name: z
    .string({ error: CATEGORY_MSG.nameRequired })
    .trim()
    .min(1, CATEGORY_MSG.nameRequired)
    .max(NAME_MAX, CATEGORY_MSG.nameTooLong),
  description: optionalTextSchema(1000).optional(),
  parentId: optionalRefSchema(CATEGORY_MSG.invalidParent).optional(),
};

/** POST /categories. The category is attached to every branch in branchIds (the web sends the selected one). */
export const createCategorySchema = z.object({
  ...categoryFields,
  branchIds: z
    .array(idSchema, { error: CATEGORY_MSG.branchRequired })
    .min(1, CATEGORY_MSG.branchRequired)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;

/** PATCH /categories/{id}: rename and/or move (parentId null makes it a root). Branch links are not changed here. */
export const updateCategorySchema = z.object({
  name: categoryFields.name.optional(),
  description: categoryFields.description,
  parentId: categoryFields.parentId,
});
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;

/** The add form of the categories screen (the branch comes from the current selection). */
export const categoryFormSchema = z.object(categoryFields);
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

/**
 * GET /categories. A flat list (ordered by name) with parentId, so the client builds the tree;
 * limit goes up to 1000 so the categories screen can load a branch's whole tree in one call.
 * parentId narrows to the children of one category, or to the roots with parentId=root.
 */
export const categoryListQuerySchema = z.object({
  branchId: idSchema,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  search: searchSchema,
  parentId: z.union([z.literal('root'), idSchema]).optional(),
});
export type CategoryListQuery = z.input<typeof categoryListQuerySchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  /** The branches the category is attached to. */
  branchIds: z.array(z.string()).optional(),
  /** Direct subcategories in the company (a delete removes them too). */
  childCount: countSchema.optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const deleteCategoryResultSchema = z.object({
  id: z.string(),
  deletedCategories: countSchema,
  uncategorisedProducts: countSchema,
});
export type DeleteCategoryResult = z.infer<typeof deleteCategoryResultSchema>;

/** GET /categories/{id}/usage and /brands/{id}/usage: what a delete would touch, for its dialog. */
export const catalogUsageSchema = z.object({ products: countSchema, subcategories: countSchema });
export type CatalogUsage = z.infer<typeof catalogUsageSchema>;

export const categoryResponses = {
  list: paged(categorySchema),
  one: envelope(categorySchema),
  usage: envelope(catalogUsageSchema),
  deleted: envelope(deleteCategoryResultSchema),
};
