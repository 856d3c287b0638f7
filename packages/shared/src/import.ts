import { z } from 'zod';
import { barcodeProblem, inferBarcodeKind } from './barcodes';
import { optionalTextSchema } from './categories';
import { countSchema, envelope, idSchema, NAME_MAX } from './common';
import { CUSTOMER_MSG } from './customers';
import { ITEM_OPTION_TEXT_MAX } from './items';
import { toMinor } from './money';
import { MONEY_MAX, PRODUCT_MSG, skuSchema } from './products';
import { hasAtMostTwoDecimals } from './rates';
import {
  allowsDecimals,
  hasQuantityDecimals,
  QUANTITY_MSG,
  UNIT_LABELS,
  UNIT_SYMBOLS,
  UNITS,
  type Unit,
} from './units';

/**
 * CSV import (docs/architecture/imports-exports.md): products of a branch (matched by
 * SKU) and customers of a branch (matched by phone). The file is sent as the request body (text/csv) to
 * `POST /import/{kind}/preview` (a dry run: the file's columns and how they map to ours, what would be
 * created, updated, and every row's errors), then to `POST /import/{kind}/apply` (all or nothing, one
 * transaction; or, with `skipInvalid`, the good rows only) and `POST /import/{kind}/rejects` (the rows
 * with errors as a CSV file, with their row number and reason added). An optional `mapping` (our column
 * -> the file's columns) overrides the one detected from the header; an applied mapping is remembered
 * for the company's next file with the same columns.
 */

export const IMPORT_KINDS = ['products', 'customers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MSG = {
  emptyFile: 'The file is empty',
  noHeader: 'The first line must name the columns',
  missingColumn: (header: string) => `The file has no "${header}" column`,
  duplicateColumn: (header: string) => `The column "${header}" appears twice`,
  tooLarge: 'The file is larger than 50 MB',
  tooManyRows: 'The file has more than 100,000 rows',
  notCsv: 'The file could not be read as CSV',
  notCsvBody: 'Send the CSV file as the request body (Content-Type: text/csv)',
  duplicateInFile: (key: string, row: number) => `${key} is also on row ${row}`,
  newCategory: (name: string) => `Category "${name}" does not exist (allow creating categories and brands)`,
  newBrand: (name: string) => `Brand "${name}" does not exist (allow creating categories and brands)`,
  hasErrors: (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'} errors: nothing was imported`,
  imported: (created: number, updated: number) => `Imported: ${created} created, ${updated} updated`,
  importedSkipping: (created: number, updated: number, skipped: number) =>
    `Imported: ${created} created, ${updated} updated; ${skipped} ${skipped === 1 ? 'row' : 'rows'} with errors left out`,
  costRequired: 'Cost is required',
  unitInvalid: `Unit must be one of ${UNITS.join(', ')}`,
  unitChanged: (unit: string) => `The product is sold by the ${unit}: a unit is changed on its item's page`,
  barcodeTaken: (code: string) => `Barcode "${code}" belongs to another item of the company`,
  unknownTaxClass: (name: string) => `Tax class "${name}" does not exist (add it in Settings)`,
  variantOptions: (names: string) => `This product's variants have the options ${names}: a value for each`,
  sameVariant: (row: number) => `Row ${row} is a variant of this product with the same options`,
  variantExists: (values: string, sku: string | null) =>
    `The item has the variant ${values} already${sku ? ` (SKU ${sku})` : ''}`,
  optionTooLong: `An option's name and value are at most ${ITEM_OPTION_TEXT_MAX} characters`,
  undecodable: (encoding: string) =>
    `This cell has characters that cannot be read as ${encoding}: correct it, or save the file as CSV UTF-8`,
  unknownMappingColumn: (key: string) => `The mapping names an unknown column "${key}"`,
  notMapped: (header: string) => `Choose the file's column for "${header}"`,
  badMapping: "The mapping must be a JSON object: our column -> a list of the file's columns",
  sameBranch: 'Choose two different branches',
  copied: (created: number, updated: number) => `Copied: ${created} created, ${updated} updated`,
} as const;

/** The biggest upload and row count accepted (a 50,000-product catalogue is about 5 MB). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;

/**
 * One documented column of an import file. `aliases`: other headers accepted for it (case and spaces
 * ignored). `join`: how the cells of several file columns mapped to it become one (the first, then the
 * others: 'Shirt - Red / L', 'Sara Ahmed', '1 Mall Road, Lahore'); without it the first non-empty cell
 * is taken (a barcode, else the SKU).
 */
export type ImportColumn = {
  key: string;
  header: string;
  required: boolean;
  description: string;
  aliases?: string[];
  join?: { first: string; rest: string };
};

/** The cells of the file columns mapped to `column`, made one as its `join` says (empty cells skipped). */
export function combineCells(column: Pick<ImportColumn, 'join'>, cells: readonly string[]): string {
  const parts = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (!column.join) return parts[0] ?? '';
  const [first, ...rest] = parts;
  if (first === undefined) return '';
  return rest.length === 0 ? first : `${first}${column.join.first}${rest.join(column.join.rest)}`;
}

export const PRODUCT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'name',
    header: 'Name',
    required: true,
    description: 'Product name (at most 200 characters).',
    join: { first: ' - ', rest: ' / ' },
  },
  {
    key: 'sku',
    header: 'SKU',
    required: false,
    description:
      'Letters, numbers, - and _; what the register scans. A product of the branch with this SKU is updated; otherwise one is created.',
    aliases: ['barcode'],
  },
  {
    key: 'category',
    header: 'Category',
    required: false,
    description: 'Category name; a new one is created only when allowed.',
  },
  {
    key: 'brand',
    header: 'Brand',
    required: false,
    description: 'Brand name; a new one is created only when allowed.',
  },
  { key: 'price', header: 'Price', required: true, description: 'Selling price, above 0 (12.50; 12,50 in ; files).' },
  {
    key: 'cost',
    header: 'Cost',
    required: false,
    description: 'Buying price, above 0; required for new products, empty keeps the current one.',
    aliases: ['buying price'],
  },
  {
    key: 'stock',
    header: 'Stock',
    required: false,
    description:
      'In stock: a whole number, or up to 3 decimals for a unit that allows them (kg, L, m). New products: initial stock (0 when empty); existing: adjusted to it.',
    aliases: ['stock quantity', 'quantity'],
  },
  {
    key: 'lowStockThreshold',
    header: 'Low stock threshold',
    required: false,
    description: 'Whole number (10); up to 3 decimals in kg, L or m.',
  },
  {
    key: 'maxStock',
    header: 'Max stock',
    required: false,
    description: 'Whole number (1000); up to 3 decimals in kg, L or m.',
  },
  {
    key: 'description',
    header: 'Description',
    required: false,
    description: 'Up to 2000 characters.',
    join: { first: '\n', rest: '\n' },
  },
  {
    key: 'unit',
    header: 'Unit',
    required: false,
    description: `What a quantity counts: ${UNITS.join(', ')} (piece when empty). Set when the product is created.`,
  },
  {
    key: 'barcodes',
    header: 'Barcodes',
    required: false,
    description:
      "Its barcodes besides the SKU, separated by spaces or semicolons: EAN-13 and UPC-A with their check digit, else Code 128; unique in the company. Added to an existing product's.",
  },
  {
    key: 'taxClass',
    header: 'Tax class',
    required: false,
    description: "The name of one of the company's tax classes (Settings); empty: the branch's rate.",
  },
];

export const CUSTOMER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'name',
    header: 'Name',
    required: true,
    description: 'Customer name (at most 200 characters).',
    join: { first: ' ', rest: ' ' },
  },
  {
    key: 'phone',
    header: 'Phone',
    required: true,
    description:
      'At most 30 characters. A customer of the branch with this phone is updated; otherwise one is created.',
  },
  { key: 'email', header: 'Email', required: false, description: 'A valid email address, or empty.' },
  {
    key: 'address',
    header: 'Address',
    required: false,
    description: 'Up to 500 characters.',
    join: { first: ', ', rest: ', ' },
  },
  {
    key: 'notes',
    header: 'Notes',
    required: false,
    description: 'Up to 2000 characters.',
    join: { first: '\n', rest: '\n' },
  },
];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  products: PRODUCT_IMPORT_COLUMNS,
  customers: CUSTOMER_IMPORT_COLUMNS,
};

/** A header as the import compares it: lower case, spaces/underscores/dashes dropped ('Low_stock threshold'). */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/** The template a user downloads: the header line and one example row. */
export function importTemplate(kind: ImportKind): string {
  const example: Record<ImportKind, string[]> = {
    products: [
      'Cola 1.5L',
      'COLA-15',
      'Drinks',
      'Fizz',
      '180.00',
      '120.50',
      '40',
      '10',
      '1000',
      'Chilled',
      'piece',
      '4006381333931',
      '',
    ],
    customers: ['Sara Ahmed', '03001234567', 'sara@example.com', '1 Mall Road', 'Regular'],
  };
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${IMPORT_COLUMNS[kind].map((c) => c.header).join(',')}\n${example[kind].map(quote).join(',')}\n`;
}

// ---- row validation (the spec's messages) ---------------------------------------------------------

/** A number cell: '' is absent; '1,234.50' and (decimalComma) '12,50' read as numbers; else NaN. */
export function parseNumberCell(value: string, { decimalComma }: { decimalComma: boolean }): number | undefined {
  const v = value.trim().replace(/\s/g, '');
  if (v === '') return undefined;
  if (decimalComma && /^-?\d+(\.\d{3})*,\d+$/.test(v)) return Number(v.replaceAll('.', '').replace(',', '.'));
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v)) return Number(v.replaceAll(',', ''));
  return /^-?(\d+\.?\d*|\.\d+)$/.test(v) ? Number(v) : Number.NaN;
}

/**
 * A price or cost cell: above 0 and at most 2 decimals. A third decimal is a row error, never rounded:
 * 12.345 is not silently 12.35, and 0.001 is not a free product at 0.00.
 */
const cellMoney = (message: string, decimals: string) =>
  z
    .number({ error: message })
    .refine(hasAtMostTwoDecimals, decimals)
    .refine((v) => toMinor(v) > 0, message)
    .max(MONEY_MAX, PRODUCT_MSG.amountTooLarge);
/** A quantity cell: at most 3 decimals here; whole unless the row's unit allows decimals (the row's refine). */
const cellQuantity = (negative: string) =>
  z
    .number({ error: PRODUCT_MSG.wholeNumber })
    .min(0, negative)
    .max(1_000_000_000, PRODUCT_MSG.amountTooLarge)
    .refine(hasQuantityDecimals, QUANTITY_MSG.decimals);

/** A barcodes cell: codes separated by spaces, commas or semicolons, each valid for its kind. */
const barcodesCell = z
  .string()
  .transform((v) => [...new Set(v.split(/[\s,;]+/).filter((c) => c !== ''))])
  .superRefine((codes, ctx) => {
    for (const code of codes) {
      const problem = barcodeProblem(code, inferBarcodeKind(code));
      if (problem) ctx.addIssue({ code: 'custom', message: `${code}: ${problem}` });
    }
  });

/** A unit cell: the unit's key, symbol or name, any case ('KG', 'Kilogram', 'Kilogram (kg)', 'L'). */
const unitCell = z
  .string()
  .transform((v) => {
    const key = v.trim().toLowerCase();
    const names = (u: Unit) => [
      u,
      UNIT_SYMBOLS[u].toLowerCase(),
      UNIT_LABELS[u].toLowerCase(),
      UNIT_LABELS[u].replace(/\s*\(.*\)$/, '').toLowerCase(),
    ];
    return UNITS.find((u) => names(u).includes(key)) ?? key;
  })
  .pipe(z.enum(UNITS, { error: IMPORT_MSG.unitInvalid }));
const nameCell = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, tooLong);

/** A product row after its cells were read (numbers parsed, empty cells absent). */
export const productImportRowSchema = z.object({
  name: nameCell(PRODUCT_MSG.nameRequired, PRODUCT_MSG.nameTooLong),
  sku: skuSchema.optional(),
  category: z.string().trim().max(NAME_MAX, 'Category name must be at most 200 characters').optional(),
  brand: z.string().trim().max(NAME_MAX, 'Brand name must be at most 200 characters').optional(),
  price: cellMoney(PRODUCT_MSG.priceGtZero, PRODUCT_MSG.priceDecimals),
  cost: cellMoney(PRODUCT_MSG.costGtZero, PRODUCT_MSG.costDecimals).optional(),
  stock: cellQuantity(PRODUCT_MSG.stockNegative).optional(),
  lowStockThreshold: cellQuantity('Low stock threshold cannot be negative').optional(),
  maxStock: cellQuantity('Maximum stock cannot be negative').optional(),
  description: optionalTextSchema(2000).optional(),
  unit: unitCell.optional(),
  barcodes: barcodesCell.optional(),
  taxClass: z.string().trim().max(NAME_MAX, 'Tax class name must be at most 200 characters').optional(),
});
export type ProductImportRow = z.output<typeof productImportRowSchema>;

/**
 * The quantity columns of a row that must be whole numbers and are not, for the unit the product is sold in
 * (the row's, or an existing product's own): a weighed unit takes decimals.
 */
export function fractionalQuantityKeys(row: ProductImportRow, unit: string | null | undefined) {
  if (allowsDecimals(unit)) return [];
  return (['stock', 'lowStockThreshold', 'maxStock'] as const).filter((key) => {
    const value = row[key];
    return value !== undefined && !Number.isInteger(value);
  });
}

export const customerImportRowSchema = z.object({
  name: nameCell(CUSTOMER_MSG.nameRequired, 'Customer name must be at most 200 characters'),
  phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(30, 'Invalid phone number'),
  email: z
    .string()
    .trim()
    .max(200, CUSTOMER_MSG.invalidEmail)
    .refine((v) => v === '' || z.email().safeParse(v).success, CUSTOMER_MSG.invalidEmail)
    .transform((v) => v || null)
    .optional(),
  address: optionalTextSchema(500).optional(),
  notes: optionalTextSchema(2000).optional(),
});
export type CustomerImportRow = z.output<typeof customerImportRowSchema>;

// ---- requests and answers -------------------------------------------------------------------------

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

/**
 * Which of the file's columns feed each of ours: our column's key -> the file's headers, in order (see
 * ImportColumn.join). A column of ours not named (or named with no headers) is not imported.
 */
export const importMappingSchema = z.record(z.string().max(60), z.array(z.string().max(300)).max(8));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** The mapping as a query parameter: JSON text. */
const mappingParam = z
  .string()
  .max(8000, IMPORT_MSG.badMapping)
  .transform((text, ctx): ImportMapping => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = importMappingSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: IMPORT_MSG.badMapping });
    return z.NEVER;
  });

/**
 * The query of every step: the branch, whether unknown categories and brands may be created, the
 * mapping to use instead of the detected or remembered one (JSON), and (apply) whether the rows with
 * errors are left out rather than refusing the file.
 */
export const importQuerySchema = z.object({
  branchId: idSchema,
  createMissing: flag,
  mapping: mappingParam.optional(),
  skipInvalid: flag,
});
export type ImportQuery = z.input<typeof importQuerySchema>;
export const importParamsSchema = z.object({ kind: z.enum(IMPORT_KINDS, { error: 'Unknown import' }) });

export const importRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export const importRowSchema = z.object({ row: z.number().int(), key: z.string(), name: z.string() });
export type ImportRowRef = z.infer<typeof importRowSchema>;

/** The most rows of each list an answer names (the counts are always whole). */
export const IMPORT_LIST_MAX = 500;

/** An export format recognised from the file's header (features/import/import.presets.ts). */
export const importPresetSchema = z.object({ id: z.string(), label: z.string(), note: z.string() });
export type ImportPreset = z.infer<typeof importPresetSchema>;

/** Where the mapping in use came from: the request, the company's last import of these columns, a preset, the headers. */
export const IMPORT_MAPPING_SOURCES = ['request', 'saved', 'preset', 'headers'] as const;

export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  applied: z.boolean(),
  /** The file's columns as its first line names them, and the text encoding it was read in. */
  header: z.array(z.string()),
  encoding: z.string(),
  preset: importPresetSchema.nullable(),
  mapping: importMappingSchema,
  /** The mapping the header alone gives (the preset's, else by column names): what 'reset' goes back to. */
  detectedMapping: importMappingSchema,
  mappingSource: z.enum(IMPORT_MAPPING_SOURCES),
  /** Our required columns with no file column mapped: the preview stops at the header until they are. */
  unmapped: z.array(z.string()),
  /** Lines a preset passes over as no product of their own (a Shopify image line, a WooCommerce parent). */
  skipped: countSchema,
  rows: countSchema,
  toCreate: countSchema,
  toUpdate: countSchema,
  errorCount: countSchema,
  errors: z.array(importRowErrorSchema),
  created: z.array(importRowSchema),
  updated: z.array(importRowSchema),
  newCategories: z.array(z.string()),
  newBrands: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /import/products/copy: a branch's products into another branch's catalogue (matched by SKU). */
export const copyProductsSchema = z.object({
  fromBranchId: idSchema,
  toBranchId: idSchema,
  createMissing: z.boolean().optional(),
});
export type CopyProductsInput = z.input<typeof copyProductsSchema>;

export const copyResultSchema = z.object({
  created: countSchema,
  updated: countSchema,
  newCategories: z.array(z.string()),
  newBrands: z.array(z.string()),
});
export type CopyResult = z.infer<typeof copyResultSchema>;

export const importResponses = {
  result: envelope(importResultSchema),
  copy: envelope(copyResultSchema),
};
