import {
  type CreateProductInput,
  cashierProductFormSchema,
  type Product,
  productFormSchema,
  type UpdateProductInput,
} from '@pos/shared';

/** The Add/Edit Product form as the inputs hold it: NumberInput answers '' while empty. */
export type ProductFormState = {
  name: string;
  sku: string;
  categoryId: string | null;
  brandId: string | null;
  cost: number | string;
  price: number | string;
  stockQuantity: number | string;
  description: string;
};

export const emptyProductForm: ProductFormState = {
  name: '',
  sku: '',
  categoryId: null,
  brandId: null,
  cost: '',
  price: '',
  stockQuantity: 0,
  description: '',
};

export function productToForm(product: Product): ProductFormState {
  return {
    name: product.name,
    sku: product.sku ?? '',
    categoryId: product.categoryId ?? product.category?.id ?? null,
    brandId: product.brandId ?? product.brand?.id ?? null,
    cost: product.cost ?? '',
    price: product.price,
    stockQuantity: product.stockQuantity,
    description: product.description ?? '',
  };
}

/**
 * A cashier's form has no buying price; everyone else's requires one above 0. An edit has no stock to check:
 * its field only shows the stock (changed by an adjustment), which is below 0 after offline sales beyond it.
 */
export function productSchemaFor({ isCashier, isEdit = false }: { isCashier: boolean; isEdit?: boolean }) {
  if (isEdit) return isCashier ? editCashierSchema : editSchema;
  return isCashier ? cashierProductFormSchema : productFormSchema;
}
const editSchema = productFormSchema.omit({ stockQuantity: true });
const editCashierSchema = cashierProductFormSchema.omit({ stockQuantity: true });
const newStockSchema = cashierProductFormSchema.pick({ stockQuantity: true });

const toNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

type BodyInput = { values: ProductFormState; isCashier: boolean; branchId: string };

function commonBody({ values, isCashier, branchId }: BodyInput, isEdit: boolean) {
  const parsed = productSchemaFor({ isCashier, isEdit }).parse(formForValidation(values));
  const body = {
    name: parsed.name,
    sku: parsed.sku ?? null,
    categoryId: parsed.categoryId ?? null,
    brandId: parsed.brandId ?? null,
    price: parsed.price,
    description: parsed.description ?? null,
    branchId,
  };
  return { body, cost: 'cost' in parsed && typeof parsed.cost === 'number' ? parsed.cost : undefined };
}

/**
 * POST /products from a validated form (spec 02, section 7: name, sku, categoryId, brandId, cost,
 * price, stockQuantity, description, branchId). A cashier's new product carries the spec's cost 0.
 */
export function createProductBody(input: BodyInput): CreateProductInput {
  const { body, cost } = commonBody(input, false);
  const { stockQuantity } = newStockSchema.parse(formForValidation(input.values));
  return { ...body, stockQuantity, cost: input.isCashier ? 0 : cost };
}

/**
 * PATCH /products/{id}: the same body without the stock (an edit never changes it). A cashier's edit leaves
 * cost out entirely, so saving a product can never touch a buying price the cashier has not seen.
 */
export function updateProductBody(input: BodyInput): UpdateProductInput {
  const { body, cost } = commonBody(input, true);
  return input.isCashier ? body : { ...body, cost };
}

/** The numbers of the form as numbers, for validation with the shared schema. */
export function formForValidation(values: ProductFormState) {
  return {
    ...values,
    cost: toNumber(values.cost),
    price: toNumber(values.price),
    stockQuantity: toNumber(values.stockQuantity),
  };
}
