import {
  type CreateItemInput,
  catalogSkuTakenMessage,
  createItemSchema,
  ITEM_OPTIONS_MAX,
  type Unit,
  variantMatrix,
  variantName,
} from '@pos/shared';

/** A number field as the input holds it: NumberInput answers '' while empty. */
export type NumberField = number | string;

export type OptionDraft = { name: string; values: string[] };

/** What the user typed in one row of the variant grid; a field left out follows the base fields. */
export type VariantEdit = { sku?: string; price?: NumberField; cost?: NumberField };

/** The New item form: the item, its options, the base SKU, price and cost, the rows' own edits, the branches. */
export type ItemDraft = {
  name: string;
  description: string;
  categoryId: string | null;
  /** What a quantity of it counts: kg, L and m take 3 decimals. */
  unit: Unit;
  /** The item's tax class; null: each branch's own rate. */
  taxClassId: string | null;
  options: OptionDraft[];
  sku: string;
  price: NumberField;
  cost: NumberField;
  /** By `rowKey` of the row's option values, so an edit stays with its combination when options change. */
  edits: Record<string, VariantEdit>;
  branchIds: string[];
};

export const emptyItemDraft = (branchIds: string[] = []): ItemDraft => ({
  name: '',
  description: '',
  categoryId: null,
  unit: 'piece',
  taxClassId: null,
  options: [],
  sku: '',
  price: '',
  cost: '',
  edits: {},
  branchIds,
});

/** One row of the variant grid: its combination, its name, and its SKU, price and cost as they stand. */
export type VariantRow = {
  key: string;
  optionValues: string[];
  name: string;
  sku: string;
  price: NumberField;
  cost: NumberField;
};

export const rowKey = (optionValues: readonly string[]) => JSON.stringify(optionValues);

/** The SKU the server would make of a base SKU and the values (POST /items without variants): 'TEE-M'. */
export function variantSku(base: string, optionValues: readonly string[]): string {
  const trimmed = base.trim();
  if (!trimmed) return '';
  return [trimmed, ...optionValues].join('-').replace(/[^A-Za-z0-9_-]/g, '');
}

/**
 * The values of an option as typed into its tags: a tag may hold a comma list ('S, M, L' pasted or left in
 * the box), blanks go, and a value already there (in any case) is not added twice.
 */
export function optionValues(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const value of tags.flatMap((tag) => tag.split(',')).map((v) => v.trim())) {
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    values.push(value);
  }
  return values;
}

export const canAddOption = (draft: ItemDraft) => draft.options.length < ITEM_OPTIONS_MAX;

/**
 * The grid: one row per combination of the values of the options that have values (variantMatrix: an item
 * without options has one row), each at the base SKU, price and cost unless the user changed it.
 */
export function variantRows(draft: ItemDraft): VariantRow[] {
  const options = draft.options.filter((o) => o.values.length > 0);
  return variantMatrix(options).map((values) => {
    const key = rowKey(values);
    const edit = draft.edits[key] ?? {};
    return {
      key,
      optionValues: values,
      name: variantName(draft.name.trim() || 'New item', values),
      sku: edit.sku ?? variantSku(draft.sku, values),
      price: edit.price ?? draft.price,
      cost: edit.cost ?? draft.cost,
    };
  });
}

/** The draft with one row's field changed by hand. */
export function editRow(draft: ItemDraft, key: string, field: keyof VariantEdit, value: string | number): ItemDraft {
  return { ...draft, edits: { ...draft.edits, [key]: { ...draft.edits[key], [field]: value } } };
}

const toNumber = (value: NumberField) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
const isBlank = (value: NumberField) => typeof value === 'string' && value.trim() === '';

/** POST /items from the draft: the rows as the grid shows them, sent as `variants`. */
export function createItemBody(draft: ItemDraft, companyId: string, withCost: boolean): CreateItemInput {
  return {
    companyId,
    name: draft.name,
    description: draft.description.trim() || null,
    categoryId: draft.categoryId,
    unit: draft.unit,
    taxClassId: draft.taxClassId,
    options: draft.options.map((o) => ({ name: o.name, values: o.values })),
    variants: variantRows(draft).map((row) => ({
      optionValues: row.optionValues,
      sku: row.sku.trim() || null,
      price: toNumber(row.price),
      ...(withCost && !isBlank(row.cost) && { cost: toNumber(row.cost) }),
    })),
    branchIds: draft.branchIds,
  };
}

export type FieldErrors = Record<string, string>;

/** The shared schema's findings on a body, as the server words them: the first message per field path. */
export function validateItemBody(body: CreateItemInput): FieldErrors {
  const parsed = createItemSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || '_';
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The server's field errors on the form's fields. A taken SKU (409) names `sku`: it goes to the row whose SKU
 * it is, since every row has its own.
 */
export function serverItemErrors(
  failure: { status: number; message: string; errors?: FieldErrors },
  rows: readonly Pick<VariantRow, 'sku'>[],
): FieldErrors {
  const errors: FieldErrors = { ...failure.errors };
  if (failure.status === 409 && errors.sku) {
    const index = rows.findIndex(
      (row) =>
        row.sku.trim() !== '' && catalogSkuTakenMessage(row.sku.trim()).toLowerCase() === errors.sku?.toLowerCase(),
    );
    if (index >= 0) {
      errors[`variants.${index}.sku`] = errors.sku;
      delete errors.sku;
    }
  }
  return errors;
}

/** The paths the form shows an error at: the fields, the options' and rows' fields, the lists as a whole. */
const PLACED = [
  /^(name|description|categoryId|unit|taxClassId|options|variants|branchIds)$/,
  /^options\.\d+\.(name|values)(\.\d+)?$/,
  /^variants\.\d+\.(sku|price|cost|optionValues)(\.\d+)?$/,
];

/** The messages of errors no field shows (the company, a base field the form does not send): shown at the end. */
export const unplacedErrors = (errors: FieldErrors) =>
  Object.entries(errors)
    .filter(([path]) => !PLACED.some((re) => re.test(path)))
    .map(([, message]) => message);
