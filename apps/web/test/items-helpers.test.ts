import { catalogSkuTakenMessage, ITEM_MSG, PRODUCT_MSG, type Variant } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { categoryOptions } from '../src/features/items/utils/category-options';
import {
  createItemBody,
  editRow,
  emptyItemDraft,
  type ItemDraft,
  optionValues,
  rowKey,
  serverItemErrors,
  unplacedErrors,
  validateItemBody,
  variantRows,
  variantSku,
} from '../src/features/items/utils/item-form';
import {
  chainPriceChangeText,
  dropOverrideText,
  followingBranches,
  listingIn,
  optionSummary,
  parsePrice,
  variantLabel,
} from '../src/features/items/utils/listings';
import { setDisplayCurrency } from '../src/lib/format';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const BRANCH = '22222222-2222-4222-8222-222222222222';

const tee = (patch: Partial<ItemDraft> = {}): ItemDraft => ({
  ...emptyItemDraft([BRANCH]),
  name: 'Tee',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  sku: 'TEE',
  price: 1000,
  cost: 400,
  ...patch,
});

describe('the New item form', () => {
  it('makes one row per combination, at the base SKU, price and cost', () => {
    const rows = variantRows(
      tee({
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
      }),
    );
    expect(rows.map((r) => [r.name, r.sku, r.price, r.cost])).toEqual([
      ['Tee / S / Red', 'TEE-S-Red', 1000, 400],
      ['Tee / S / Blue', 'TEE-S-Blue', 1000, 400],
      ['Tee / M / Red', 'TEE-M-Red', 1000, 400],
      ['Tee / M / Blue', 'TEE-M-Blue', 1000, 400],
    ]);
  });

  it('has one row named like the item when it has no options (or none with values yet)', () => {
    expect(variantRows(tee({ options: [] })).map((r) => [r.name, r.sku])).toEqual([['Tee', 'TEE']]);
    expect(variantRows(tee({ options: [{ name: 'Size', values: [] }] })).map((r) => r.name)).toEqual(['Tee']);
  });

  it('makes SKUs as the server does: the values joined by "-", other characters dropped; none without a base', () => {
    expect(variantSku(' TEE ', ['Extra Large', 'Navy/Blue'])).toBe('TEE-ExtraLarge-NavyBlue');
    expect(variantSku('', ['M'])).toBe('');
  });

  it('keeps a row changed by hand when the base changes, and with its combination when options change', () => {
    let draft = editRow(tee(), rowKey(['M']), 'price', 1200);
    draft = editRow(draft, rowKey(['M']), 'sku', 'TEE-MED');
    draft = { ...draft, price: 900, sku: 'SHIRT' };
    expect(variantRows(draft).map((r) => [r.sku, r.price])).toEqual([
      ['SHIRT-S', 900],
      ['TEE-MED', 1200],
      ['SHIRT-L', 900],
    ]);
    draft = { ...draft, options: [{ name: 'Size', values: ['M', 'XL'] }] };
    expect(variantRows(draft).map((r) => [r.sku, r.price])).toEqual([
      ['TEE-MED', 1200],
      ['SHIRT-XL', 900],
    ]);
  });

  it('splits typed comma lists into values, without blanks or repeats in any case', () => {
    expect(optionValues(['S, M', 'l', ' ', 'm', 'L,XL,'])).toEqual(['S', 'M', 'l', 'XL']);
  });

  it('sends the rows as variants, a blank SKU as none and a blank cost left out', () => {
    const draft = editRow(tee({ description: '  ' }), rowKey(['L']), 'sku', ' ');
    const body = createItemBody({ ...draft, cost: '' }, COMPANY, true);
    expect(body).toEqual({
      companyId: COMPANY,
      name: 'Tee',
      description: null,
      categoryId: null,
      unit: 'piece',
      taxClassId: null,
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { optionValues: ['S'], sku: 'TEE-S', price: 1000 },
        { optionValues: ['M'], sku: 'TEE-M', price: 1000 },
        { optionValues: ['L'], sku: null, price: 1000 },
      ],
      branchIds: [BRANCH],
    });
    expect(validateItemBody(body)).toEqual({});
    expect(createItemBody(tee(), COMPANY, false).variants?.[0]).toEqual({
      optionValues: ['S'],
      sku: 'TEE-S',
      price: 1000,
    });
    expect(createItemBody(tee(), COMPANY, true).variants?.[0]).toMatchObject({ cost: 400 });
  });

  it("finds the shared schema's errors at the fields' paths", () => {
    const draft = editRow(tee({ name: ' ', options: [{ name: '', values: ['S'] }] }), rowKey(['S']), 'price', '');
    const errors = validateItemBody(createItemBody(draft, COMPANY, true));
    expect(errors).toMatchObject({
      name: ITEM_MSG.nameRequired,
      'options.0.name': ITEM_MSG.optionNameRequired,
      'variants.0.price': PRODUCT_MSG.priceGtZero,
    });
    const twice = editRow(tee(), rowKey(['M']), 'sku', 'tee-s');
    expect(validateItemBody(createItemBody(twice, COMPANY, true))).toEqual({ variants: ITEM_MSG.skusUnique });
  });

  it("puts a taken SKU (409) on the row that has it, and the server's other field errors where they are", () => {
    const rows = variantRows(tee());
    const message = catalogSkuTakenMessage('TEE-M');
    expect(serverItemErrors({ status: 409, message, errors: { sku: message } }, rows)).toEqual({
      'variants.1.sku': message,
    });
    const other = catalogSkuTakenMessage('OTHER');
    expect(serverItemErrors({ status: 409, message: other, errors: { sku: other } }, rows)).toEqual({ sku: other });
    expect(serverItemErrors({ status: 400, message: 'x', errors: { 'variants.2.price': 'x' } }, rows)).toEqual({
      'variants.2.price': 'x',
    });
  });

  it('tells apart the errors no field shows', () => {
    expect(
      unplacedErrors({
        name: 'a',
        'options.1.values.0': 'b',
        'variants.3.sku': 'c',
        branchIds: 'd',
        sku: 'taken',
        companyId: 'bad',
      }),
    ).toEqual(['taken', 'bad']);
  });
});

const listing = (branch: string, price: number, priceOverridden: boolean) => ({
  productId: `p-${branch}`,
  branch: { id: branch, name: branch },
  price,
  priceOverridden,
  stockQuantity: 0,
});
type TestVariant = Pick<Variant, 'id' | 'itemId' | 'name' | 'sku' | 'optionValues' | 'price' | 'cost' | 'listings'>;
const variant = (patch: Partial<TestVariant> = {}): TestVariant => ({
  id: 'v1',
  itemId: 'i1',
  name: 'Tee / M',
  sku: 'TEE-M',
  optionValues: ['M'],
  price: 1000,
  cost: 400,
  listings: [listing('Main', 1000, false), listing('Gulberg', 1200, true)],
  ...patch,
});

describe('the item page', () => {
  setDisplayCurrency('USD');

  it("finds a branch's listing and names the variant by its values", () => {
    expect(listingIn(variant(), 'Gulberg')?.price).toBe(1200);
    expect(listingIn(variant(), 'Elsewhere')).toBeUndefined();
    expect(variantLabel(variant())).toBe('M');
    expect(variantLabel(variant({ optionValues: [], name: 'Mug' }))).toBe('Mug');
  });

  it('reads a typed price with the shared rules', () => {
    expect(parsePrice('12.345')).toEqual({ ok: true, price: 12.35 });
    expect(parsePrice(0)).toEqual({ ok: false, message: PRODUCT_MSG.priceGtZero });
    expect(parsePrice('')).toEqual({ ok: false, message: PRODUCT_MSG.priceGtZero });
  });

  it('says which branches a chain price change reaches, and what dropping an override does', () => {
    expect(followingBranches(variant())).toEqual(['Main']);
    expect(chainPriceChangeText(variant(), 900)).toBe(
      'Change the chain price of Tee / M from $1,000.00 to $900.00? Every branch that sells it at the chain price follows: Main.',
    );
    expect(chainPriceChangeText(variant({ listings: [] }), 900)).toMatch(/No branch sells it at the chain price now/);
    const own = listing('Gulberg', 1200, true);
    expect(dropOverrideText(variant(), own)).toBe(
      'Tee / M at Gulberg sells at $1,200.00, its own price. Drop it and sell at the chain price, $1,000.00?',
    );
  });

  it('sums up the options from the variants', () => {
    const item = {
      optionNames: ['Size', 'Colour'],
      variants: [
        variant({ optionValues: ['S', 'Red'] }),
        variant({ optionValues: ['S', 'Blue'] }),
        variant({ optionValues: ['M', 'Red'] }),
      ],
    };
    expect(optionSummary(item)).toBe('Options: Size (S, M), Colour (Red, Blue)');
    expect(optionSummary({ optionNames: [], variants: [variant()] })).toBe('No options: one variant');
  });

  it('labels categories with their parents, the current one kept when the branch lacks it', () => {
    const options = categoryOptions(
      [
        { id: 'c', name: 'T-shirts', parentId: 'p' },
        { id: 'p', name: 'Clothing', parentId: null },
      ],
      { id: 'x', name: 'Elsewhere' },
    );
    expect(options).toEqual([
      { value: 'x', label: 'Elsewhere' },
      { value: 'p', label: 'Clothing' },
      { value: 'c', label: 'Clothing › T-shirts' },
    ]);
  });
});
