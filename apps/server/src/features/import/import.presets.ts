import type { ImportKind, ImportMapping } from '@pos/shared';
import { normalizeHeader } from '@pos/shared';

/**
 * The exports of other systems that the import recognises from their header line
 * (docs/architecture/imports-exports.md), with the mapping each gives and what their lines need before
 * they are read as ours. Headers are as those systems write them (test/fixtures/imports/ has a file of
 * each); a `*` in a header stands for the store or location a system names its columns after
 * ('Price [*]' for 'Price [Main St]', 'location_*'): the first such column is taken.
 *
 * Shopify, Square and Loyverse write a product with variants as one line per variant: their layout
 * (`variants`) names the column those lines share and the option columns, and the import makes the
 * lines of one product one item with those variants (import.service.ts). Their SKU goes to our SKU and
 * their barcode to our Barcodes (a line without SKU takes the barcode as its SKU too). WooCommerce, Odoo
 * and OpenSourcePOS keep one product per line, with the barcode, when there is one, as our SKU (what
 * the register's barcode input looks up first, spec 02) and their own SKU otherwise.
 */

/** A file's header, with its columns found by name (case, spaces, `_` and `-` ignored; the first of equal names). */
export class Header {
  private readonly byName = new Map<string, number>();
  constructor(readonly names: readonly string[]) {
    names.forEach((name, i) => {
      const key = normalizeHeader(name);
      if (!this.byName.has(key)) this.byName.set(key, i);
    });
  }
  /** The column's index, or -1. */
  index(name: string): number {
    return this.byName.get(normalizeHeader(name)) ?? -1;
  }
  has(name: string): boolean {
    return this.index(name) >= 0;
  }
  /** The file's headers a preset's names stand for: exact names, and for a name with `*` (any text) the first column like it. */
  resolve(patterns: readonly string[]): string[] {
    const found: string[] = [];
    for (const pattern of patterns) {
      let i = -1;
      if (pattern.includes('*')) {
        const parts = normalizeHeader(pattern)
          .split('*')
          .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const like = new RegExp(`^${parts.join('.*')}$`);
        i = this.names.findIndex((n) => like.test(normalizeHeader(n)));
      } else i = this.index(pattern);
      const name = this.names[i];
      if (name !== undefined && !found.includes(name)) found.push(name);
    }
    return found;
  }
}

/** Prepares one line (its cells in the header's order, changed in place); undefined passes over it. */
export type LinePrep = (values: string[]) => string[] | undefined;

/** How an export lays out a product's variants: a line each, one after another, sharing a key. */
export type VariantLayout = {
  /** The column whose cell a product's lines share (Shopify's and Loyverse's handle, Square's item name). */
  key: string;
  /** Up to three options: the column of the option's name and the column of its value. */
  options: readonly (readonly [name: string, value: string])[];
  /** A line with no option value: this column's cell is its value, of an option of this name (Square's variation). */
  fallback?: { name: string; column: string };
  /** Values that mark a product's only line as no variant of anything (Square's 'Regular'), lower-cased. */
  plain?: readonly string[];
};

export type LineOption = { name: string; value: string };
/** A prepared line's place in its product: the key its lines share, its options, the column they are reported on. */
export type ProductLine = { key: string; options: LineOption[]; column: string };
/** Reads a prepared line's product key and options (undefined: a line without a key is a product of its own). */
export type ProductLineReader = (values: readonly string[]) => ProductLine | undefined;

export type Preset = {
  id: string;
  label: string;
  kind: ImportKind;
  /** Headers that all appear in this system's export (and together in no other's). */
  signature: string[];
  /** Our column -> the export's columns (see ImportColumn.join). */
  mapping: Record<string, string[]>;
  /** What the preset does beyond mapping, shown in the preview. */
  note: string;
  /** Per file: what each line needs before it is read (copying a product's cells down to its variants). */
  prepare?: (header: Header) => LinePrep;
  /** The export writes a product's variants as lines of their own, laid out so. */
  variants?: VariantLayout;
};

/** HTML of a product description as plain text (Shopify's Body (HTML), WooCommerce's Description). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]*\n[ \t\n]*/g, '\n')
    .trim();
}

/** A cell setter and getter for named columns of a line (absent columns read as ''). */
function cellsOf(header: Header) {
  return {
    get: (values: readonly string[], name: string) => {
      const i = header.index(name);
      return i < 0 ? '' : (values[i] ?? '');
    },
    set: (values: string[], name: string, value: string) => {
      const i = header.index(name);
      if (i >= 0) values[i] = value;
    },
  };
}

/**
 * Lines of one product that share a key (Shopify's handle, Loyverse's handle): a variant's line leaves
 * the product's cells empty, so they are copied down from the product's first line.
 */
function copyDown(header: Header, key: string, names: string[]) {
  const { get, set } = cellsOf(header);
  let product: { key: string; cells: Map<string, string> } | undefined;
  return (values: string[]) => {
    const k = get(values, key);
    if (k !== '' && product?.key === k) {
      for (const name of names) if (get(values, name) === '') set(values, name, product.cells.get(name) ?? '');
    } else product = { key: k, cells: new Map(names.map((n) => [n, get(values, n)])) };
  };
}

/** The reader of a layout's product lines in this file's columns. */
export function productLines(layout: VariantLayout, header: Header): ProductLineReader {
  const { get } = cellsOf(header);
  const column = header.resolve([layout.options[0]?.[1] ?? layout.fallback?.column ?? layout.key])[0] ?? layout.key;
  return (values) => {
    const key = get(values, layout.key).trim();
    if (key === '') return undefined;
    const options = layout.options.flatMap(([name, value], i) => {
      const v = get(values, value).trim();
      return v === '' ? [] : [{ name: get(values, name).trim() || `Option ${i + 1}`, value: v }];
    });
    if (options.length === 0 && layout.fallback) {
      const value = get(values, layout.fallback.column).trim();
      if (value !== '') options.push({ name: layout.fallback.name, value });
    }
    return { key, options, column };
  };
}

/** Shopify's two product templates: same rules, other column names. */
function shopifyPrep(names: {
  handle: string;
  title: string;
  price: string;
  sku: string;
  barcode: string;
  body: string;
  /** Each option's name and value columns. */
  options: (readonly [string, string])[];
  copy: string[];
}) {
  const valueColumns = names.options.map(([, value]) => value);
  return (header: Header): LinePrep => {
    const { get, set } = cellsOf(header);
    // A variant's line names its option values only: the names come down from the product's line too.
    const optionNames = names.options.map(([name]) => name);
    const down = copyDown(header, names.handle, [names.title, names.body, ...names.copy, ...optionNames]);
    return (values) => {
      down(values);
      // A line with only an image (Image Src / Product image URL) is no variant.
      if (
        get(values, names.price) === '' &&
        get(values, names.sku) === '' &&
        get(values, names.barcode) === '' &&
        valueColumns.every((o) => get(values, o) === '')
      )
        return undefined;
      // A product without variants has one, 'Default Title' (option 'Title'): no option at all.
      for (const [name, value] of names.options) {
        if (get(values, value) === 'Default Title') {
          set(values, value, '');
          set(values, name, '');
        }
      }
      set(values, names.body, plainText(get(values, names.body)));
      return values;
    };
  };
}

/** Shopify guards numbers kept as text with a leading ' ('+923001234567, '05401): it comes off. */
function shopifyCustomerPrep(): LinePrep {
  return (values) => values.map((v) => (/^'[+\d(]/.test(v) ? v.slice(1) : v));
}

/** 'All / Saleable / Drinks' (Odoo), 'Clothing > Tshirts, Hoodies' (WooCommerce): the first category's last level. */
export function lastLevel(path: string): string {
  const first = path.split(',')[0] ?? '';
  const levels = first.split(/\s[/>]\s|>/);
  return (levels[levels.length - 1] ?? '').trim();
}

const SHOPIFY_NOTE =
  "The lines of one handle become one item with a variant per line, with its options (Size: S, Colour: Blue), SKU, barcode, price, cost and stock; variant lines carry no title, so the product line's title, vendor, type and description are copied down to them. A product whose only variant is 'Default Title' is an item without options. A line without SKU takes its barcode as SKU. Lines with only an image are passed over.";
const SHOPIFY_OPTIONS = [1, 2, 3].map((n) => [`Option${n} Name`, `Option${n} Value`] as const);
const SHOPIFY_2024_OPTIONS = [1, 2, 3].map((n) => [`Option${n} name`, `Option${n} value`] as const);
const LOYVERSE_OPTIONS = [1, 2, 3].map((n) => [`Option ${n} name`, `Option ${n} value`] as const);

export const PRESETS: readonly Preset[] = [
  {
    id: 'shopify-products',
    label: 'Shopify products',
    kind: 'products',
    signature: ['Handle', 'Title', 'Variant Price'],
    mapping: {
      name: ['Title'],
      sku: ['Variant SKU', 'Variant Barcode'],
      barcodes: ['Variant Barcode'],
      category: ['Type'],
      brand: ['Vendor'],
      price: ['Variant Price'],
      cost: ['Cost per item'],
      stock: ['Variant Inventory Qty'],
      description: ['Body (HTML)'],
    },
    note: SHOPIFY_NOTE,
    prepare: shopifyPrep({
      handle: 'Handle',
      title: 'Title',
      price: 'Variant Price',
      sku: 'Variant SKU',
      barcode: 'Variant Barcode',
      body: 'Body (HTML)',
      options: SHOPIFY_OPTIONS,
      copy: ['Vendor', 'Type', 'Product Category', 'Tags'],
    }),
    variants: { key: 'Handle', options: SHOPIFY_OPTIONS },
  },
  {
    id: 'shopify-products-2024',
    label: 'Shopify products (new template)',
    kind: 'products',
    signature: ['Title', 'URL handle', 'Price'],
    mapping: {
      name: ['Title'],
      sku: ['SKU', 'Barcode'],
      barcodes: ['Barcode'],
      category: ['Type'],
      brand: ['Vendor'],
      price: ['Price'],
      cost: ['Cost per item'],
      stock: ['Inventory quantity'],
      description: ['Description'],
    },
    note: SHOPIFY_NOTE,
    prepare: shopifyPrep({
      handle: 'URL handle',
      title: 'Title',
      price: 'Price',
      sku: 'SKU',
      barcode: 'Barcode',
      body: 'Description',
      options: SHOPIFY_2024_OPTIONS,
      copy: ['Vendor', 'Type', 'Product category', 'Tags'],
    }),
    variants: { key: 'URL handle', options: SHOPIFY_2024_OPTIONS },
  },
  {
    id: 'shopify-customers',
    label: 'Shopify customers',
    kind: 'customers',
    signature: ['First Name', 'Last Name', 'Email', 'Total Spent'],
    mapping: {
      name: ['First Name', 'Last Name'],
      phone: ['Phone', 'Default Address Phone'],
      email: ['Email'],
      address: [
        'Default Address Address1',
        'Default Address Address2',
        'Default Address City',
        'Default Address Province Code',
        'Default Address Zip',
        'Default Address Country Code',
        'Address1',
        'Address2',
        'City',
        'Province Code',
        'Zip',
        'Country Code',
      ],
      notes: ['Note'],
    },
    note: "First and last name become the name; the ' Shopify puts before phone numbers comes off.",
    prepare: shopifyCustomerPrep,
  },
  {
    id: 'square-items',
    label: 'Square item library',
    kind: 'products',
    signature: ['Token', 'Item Name', 'Variation Name'],
    mapping: {
      name: ['Item Name'],
      sku: ['SKU', 'GTIN'],
      barcodes: ['GTIN'],
      category: ['Categories', 'Category', 'Reporting Category'],
      price: ['Price'],
      cost: ['Default Unit Cost'],
      stock: ['Current Quantity *'],
      lowStockThreshold: ['Stock Alert Count *'],
      description: ['Description'],
    },
    note: "The lines of one item (its name, one line after another) become one item with a variant per variation, with its options (Option Name and Value; without them, the variation's name as the option Variation), SKU, GTIN as its barcode, price, cost and stock; an item whose only variation is 'Regular' is an item without options. A line without SKU takes its GTIN as SKU. Stock and alert levels of the first location are taken.",
    prepare: (header) => {
      const { get, set } = cellsOf(header);
      return (values) => {
        for (const name of ['Categories', 'Category']) set(values, name, lastLevel(get(values, name)));
        return values;
      };
    },
    variants: {
      key: 'Item Name',
      options: [1, 2, 3].map((n) => [`Option Name ${n}`, `Option Value ${n}`] as const),
      fallback: { name: 'Variation', column: 'Variation Name' },
      plain: ['regular'],
    },
  },
  {
    id: 'square-customers',
    label: 'Square customers',
    kind: 'customers',
    signature: ['First Name', 'Last Name', 'Email Address', 'Phone Number'],
    mapping: {
      name: ['First Name', 'Last Name'],
      phone: ['Phone Number'],
      email: ['Email Address'],
      address: ['Street Address 1', 'Street Address 2', 'City', 'State', 'Postal Code'],
      notes: ['Memo'],
    },
    note: 'First and last name become the name; the street, city, state and postal code the address.',
  },
  {
    id: 'woocommerce-products',
    label: 'WooCommerce products',
    kind: 'products',
    signature: ['ID', 'Type', 'SKU', 'Name', 'Regular price'],
    mapping: {
      name: ['Name'],
      sku: ['GTIN, UPC, EAN, or ISBN', 'SKU'],
      category: ['Categories'],
      brand: ['Brands'],
      price: ['Regular price'],
      cost: ['Cost of goods', 'Meta: _wc_cog_cost'],
      stock: ['Stock'],
      lowStockThreshold: ['Low stock amount'],
      description: ['Description'],
    },
    note: "A variable product's own line is passed over and each of its variations imported as a product, with the parent's category, brand and description. The first category is taken, at its last level ('Clothing > Tshirts' is Tshirts). The GTIN goes to SKU (what the register scans), else the SKU. Cost comes from a Cost of goods column when the export has one.",
    prepare: (header) => {
      const { get, set } = cellsOf(header);
      const inherited = ['Categories', 'Brands', 'Description'];
      const parents = new Map<string, Map<string, string>>();
      return (values) => {
        const type = get(values, 'Type').toLowerCase();
        const own = new Map(inherited.map((n) => [n, get(values, n)]));
        if (type.includes('variable') || type.includes('grouped')) {
          const id = get(values, 'ID');
          const sku = get(values, 'SKU');
          if (id) parents.set(`id:${id}`, own);
          if (sku) parents.set(sku, own);
          return undefined;
        }
        const parent = parents.get(get(values, 'Parent'));
        if (parent) for (const n of inherited) if (get(values, n) === '') set(values, n, parent.get(n) ?? '');
        set(values, 'Categories', lastLevel(get(values, 'Categories')));
        set(values, 'Brands', get(values, 'Brands').split(',')[0]?.trim() ?? '');
        set(values, 'Description', plainText(get(values, 'Description')));
        return values;
      };
    },
  },
  {
    id: 'loyverse-items',
    label: 'Loyverse items',
    kind: 'products',
    signature: ['Handle', 'SKU', 'Name', 'Sold by weight'],
    mapping: {
      name: ['Name'],
      sku: ['SKU', 'Barcode'],
      barcodes: ['Barcode'],
      category: ['Category'],
      price: ['Price [*]', 'Default price'],
      cost: ['Cost'],
      stock: ['In stock [*]'],
      lowStockThreshold: ['Low stock [*]'],
      maxStock: ['Optimal stock [*]'],
      description: ['Description'],
    },
    note: "The lines of one handle become one item with a variant per line, with its options (Option 1 to 3, name and value), SKU, barcode, price, cost and stock; variant lines get their item's name, category, description and option names. A line without SKU takes its barcode as SKU. The stock, price and thresholds of the first store are taken.",
    prepare: (header) => {
      const down = copyDown(header, 'Handle', [
        'Name',
        'Category',
        'Description',
        ...LOYVERSE_OPTIONS.map(([name]) => name),
      ]);
      return (values) => {
        down(values);
        return values;
      };
    },
    variants: { key: 'Handle', options: LOYVERSE_OPTIONS },
  },
  {
    id: 'loyverse-customers',
    label: 'Loyverse customers',
    kind: 'customers',
    signature: ['Customer name', 'Customer code'],
    mapping: {
      name: ['Customer name'],
      phone: ['Phone'],
      email: ['Email'],
      address: ['Address', 'City', 'Province', 'Postal code', 'Country'],
      notes: ['Note'],
    },
    note: 'The address, city, province, postal code and country become the address.',
  },
  {
    id: 'odoo-products',
    label: 'Odoo products',
    kind: 'products',
    signature: ['Name', 'Internal Reference', 'Sales Price'],
    mapping: {
      name: ['Name'],
      sku: ['Barcode', 'Internal Reference'],
      category: ['Product Category'],
      price: ['Sales Price'],
      cost: ['Cost'],
      stock: ['Quantity On Hand'],
      description: ['Sales Description', 'Description'],
    },
    note: "The barcode goes to SKU (what the register scans), else the Internal Reference. The category's last level is taken ('All / Saleable / Drinks' is Drinks).",
    prepare: (header) => {
      const { get, set } = cellsOf(header);
      return (values) => {
        set(values, 'Product Category', lastLevel(get(values, 'Product Category')));
        return values;
      };
    },
  },
  {
    id: 'odoo-customers',
    label: 'Odoo contacts',
    kind: 'customers',
    signature: ['Name', 'Email', 'Phone', 'Street2'],
    mapping: {
      name: ['Name'],
      phone: ['Phone', 'Mobile'],
      email: ['Email'],
      address: ['Street', 'Street2', 'City', 'Zip', 'State', 'Country'],
      notes: ['Notes'],
    },
    note: 'The phone, else the mobile, becomes the phone; street, city, zip, state and country the address.',
  },
  {
    id: 'ospos-items',
    label: 'OpenSourcePOS items',
    kind: 'products',
    signature: ['Barcode', 'Item Name', 'Cost Price', 'Unit Price'],
    mapping: {
      name: ['Item Name'],
      sku: ['Barcode'],
      category: ['Category'],
      price: ['Unit Price'],
      cost: ['Cost Price'],
      stock: ['location_*'],
      lowStockThreshold: ['Reorder Level'],
      description: ['Description'],
    },
    note: 'The barcode becomes the SKU (what the register scans); the stock of the first location column (location_…) is taken.',
  },
  {
    id: 'ospos-customers',
    label: 'OpenSourcePOS customers',
    kind: 'customers',
    signature: ['First Name', 'Last Name', 'Phone Number', 'Account Number'],
    mapping: {
      name: ['First Name', 'Last Name'],
      phone: ['Phone Number'],
      email: ['Email'],
      address: ['Address 1', 'Address2', 'Address 2', 'City', 'State', 'Zip', 'Country'],
      notes: ['Comments'],
    },
    note: 'First and last name become the name; the address lines, city, state, zip and country the address.',
  },
];

/** The preset whose signature the header has, for this kind of import. */
export function detectPreset(kind: ImportKind, header: Header): Preset | undefined {
  return PRESETS.find((p) => p.kind === kind && p.signature.every((name) => header.has(name)));
}

/** A preset's mapping for this file: its names resolved to the file's headers, absent ones left out. */
export function presetMapping(preset: Preset, header: Header): ImportMapping {
  const mapping: ImportMapping = {};
  for (const [key, names] of Object.entries(preset.mapping)) {
    const found = header.resolve(names);
    if (found.length > 0) mapping[key] = found;
  }
  return mapping;
}
