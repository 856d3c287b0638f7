import type { ImportKind, ImportMapping } from '@pos/shared';
import { normalizeHeader } from '@pos/shared';

/**
 * The exports of other systems that the import recognises from their header line
 * (docs/architecture/imports-exports.md), with the mapping each gives and what their lines need before
 * they are read as ours. Headers are as those systems write them (test/fixtures/imports/ has a file of
 * each); a `*` in a header stands for the store or location a system names its columns after
 * ('Price [*]' for 'Price [Main St]', 'location_*'): the first such column is taken.
 *
 * Our catalogue has one code per product, the SKU, which is also what the register's barcode input
 * looks up (spec 02). Where an export has both a barcode and a SKU (Shopify, Square's GTIN, WooCommerce's
 * GTIN, Loyverse, Odoo's Barcode and Internal Reference), the barcode goes to our SKU, so that scanning
 * finds the product, and the export's own SKU is taken when a line has no barcode.
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
    get: (values: string[], name: string) => {
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

/** Shopify's two product templates: same rules, other column names. */
function shopifyPrep(names: {
  handle: string;
  title: string;
  price: string;
  sku: string;
  barcode: string;
  body: string;
  options: string[];
  copy: string[];
}) {
  return (header: Header): LinePrep => {
    const { get, set } = cellsOf(header);
    const down = copyDown(header, names.handle, [names.title, names.body, ...names.copy]);
    return (values) => {
      down(values);
      // A line with only an image (Image Src / Product image URL) is no variant.
      if (
        get(values, names.price) === '' &&
        get(values, names.sku) === '' &&
        get(values, names.barcode) === '' &&
        names.options.every((o) => get(values, o) === '')
      )
        return undefined;
      // A product without variants has one, 'Default Title': no part of its name.
      for (const o of names.options) if (get(values, o) === 'Default Title') set(values, o, '');
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
  "Variant lines carry no title: the product's title is copied down to them, and each variant becomes a product of its own named 'Title - Option / Option' (the catalogue has no variants yet). The barcode goes to SKU (what the register scans), else the variant's SKU. Lines with only an image are passed over.";
const BARCODE_NOTE =
  'The barcode goes to SKU (what the register scans); a line without one keeps its own SKU. The stock, price and thresholds of the first store or location are taken.';

export const PRESETS: readonly Preset[] = [
  {
    id: 'shopify-products',
    label: 'Shopify products',
    kind: 'products',
    signature: ['Handle', 'Title', 'Variant Price'],
    mapping: {
      name: ['Title', 'Option1 Value', 'Option2 Value', 'Option3 Value'],
      sku: ['Variant Barcode', 'Variant SKU'],
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
      options: ['Option1 Value', 'Option2 Value', 'Option3 Value'],
      copy: ['Vendor', 'Type', 'Product Category', 'Tags'],
    }),
  },
  {
    id: 'shopify-products-2024',
    label: 'Shopify products (new template)',
    kind: 'products',
    signature: ['Title', 'URL handle', 'Price'],
    mapping: {
      name: ['Title', 'Option1 value', 'Option2 value', 'Option3 value'],
      sku: ['Barcode', 'SKU'],
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
      options: ['Option1 value', 'Option2 value', 'Option3 value'],
      copy: ['Vendor', 'Type', 'Product category', 'Tags'],
    }),
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
      name: ['Item Name', 'Variation Name'],
      sku: ['GTIN', 'SKU'],
      category: ['Categories', 'Category', 'Reporting Category'],
      price: ['Price'],
      cost: ['Default Unit Cost'],
      stock: ['Current Quantity *'],
      lowStockThreshold: ['Stock Alert Count *'],
      description: ['Description'],
    },
    note: "Each variation becomes a product named 'Item - Variation' (a single variation, 'Regular', keeps the item's name). The GTIN goes to SKU (what the register scans), else the variation's SKU. Stock and alert levels of the first location are taken.",
    prepare: (header) => {
      const { get, set } = cellsOf(header);
      return (values) => {
        if (get(values, 'Variation Name') === 'Regular') set(values, 'Variation Name', '');
        for (const name of ['Categories', 'Category']) set(values, name, lastLevel(get(values, name)));
        return values;
      };
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
      name: ['Name', 'Option 1 value', 'Option 2 value', 'Option 3 value'],
      sku: ['Barcode', 'SKU'],
      category: ['Category'],
      price: ['Price [*]', 'Default price'],
      cost: ['Cost'],
      stock: ['In stock [*]'],
      lowStockThreshold: ['Low stock [*]'],
      maxStock: ['Optimal stock [*]'],
      description: ['Description'],
    },
    note: `Variant lines get their item's name, category and description, and their option values in the name. ${BARCODE_NOTE}`,
    prepare: (header) => {
      const down = copyDown(header, 'Handle', ['Name', 'Category', 'Description']);
      return (values) => {
        down(values);
        return values;
      };
    },
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
