import { describe, expect, it } from 'vitest';
import {
  nextPickerPage,
  PICKER_DEBOUNCE_MS,
  PICKER_DROPDOWN_LIMIT,
  PICKER_PAGE_SIZE,
  type PickerPage,
  pickerOptions,
} from '../src/features/products/utils/picker-options';
import {
  createProductBody,
  emptyProductForm,
  formForValidation,
  type ProductFormState,
  productSchemaFor,
  updateProductBody,
} from '../src/features/products/utils/product-form';

const page = (n: number, totalPages: number, size = 10): PickerPage => ({
  data: Array.from({ length: size }, (_, i) => ({ id: `p${n}-${i}`, name: `Item ${n}-${i}` })),
  meta: { page: n, totalPages },
});

describe('picker constants', () => {
  it('are the spec values', () => {
    expect([PICKER_PAGE_SIZE, PICKER_DROPDOWN_LIMIT, PICKER_DEBOUNCE_MS]).toEqual([10, 50, 800]);
  });
});

describe('nextPickerPage', () => {
  it('asks for the next page while there is one', () => {
    const pages = [page(1, 3)];
    expect(nextPickerPage(pages[0] as PickerPage, pages)).toBe(2);
  });
  it('stops at the last page', () => {
    const pages = [page(1, 2), page(2, 2)];
    expect(nextPickerPage(pages[1] as PickerPage, pages)).toBeUndefined();
  });
  it('stops when the dropdown holds 50', () => {
    const pages = [1, 2, 3, 4, 5].map((n) => page(n, 100));
    expect(nextPickerPage(pages[4] as PickerPage, pages)).toBeUndefined();
  });
  it('stops on an empty page', () => {
    const pages = [page(1, 3, 0)];
    expect(nextPickerPage(pages[0] as PickerPage, pages)).toBeUndefined();
  });
});

describe('pickerOptions', () => {
  it('merges pages without duplicates', () => {
    const a = {
      data: [
        { id: '1', name: 'A' },
        { id: '2', name: 'B' },
      ],
    };
    const b = {
      data: [
        { id: '2', name: 'B' },
        { id: '3', name: 'C' },
      ],
    };
    expect(pickerOptions({ pages: [a, b] }).map((o) => o.value)).toEqual(['1', '2', '3']);
  });
  it('caps the options at the dropdown limit', () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => page(n, 6));
    expect(pickerOptions({ pages })).toHaveLength(50);
  });
  it('keeps a selected item that is not loaded, first', () => {
    const options = pickerOptions({ pages: [page(1, 9)], selected: { id: 'far', name: 'Far away' } });
    expect(options[0]).toEqual({ value: 'far', label: 'Far away' });
    expect(options).toHaveLength(11);
  });
  it('does not repeat a selected item that is loaded', () => {
    const options = pickerOptions({ pages: [page(1, 1)], selected: { id: 'p1-3', name: 'Item 1-3' } });
    expect(options).toHaveLength(10);
  });
});

describe('the product form', () => {
  const filled: ProductFormState = {
    ...emptyProductForm,
    name: '  Cola 1.5L ',
    sku: 'BEV-015',
    cost: 120,
    price: 150.456,
    stockQuantity: 24,
    description: '',
  };
  const branchId = 'b1';

  it('requires a buying price above 0 from a manager', () => {
    const result = productSchemaFor({ isCashier: false }).safeParse(formForValidation({ ...filled, cost: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Buying price must be greater than 0');
  });

  it('does not ask a cashier for a buying price', () => {
    const result = productSchemaFor({ isCashier: true }).safeParse(formForValidation({ ...filled, cost: '' }));
    expect(result.success).toBe(true);
  });

  it('gives the spec messages', () => {
    const result = productSchemaFor({ isCashier: false }).safeParse(
      formForValidation({ ...emptyProductForm, sku: 'bad sku!', cost: 0, price: 0, stockQuantity: -1 }),
    );
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      [
        'Product name is required',
        'SKU can only contain letters, numbers, hyphens and underscores',
        'Buying price must be greater than 0',
        'Selling price must be greater than 0',
        'Stock quantity cannot be negative',
      ].sort(),
    );
  });

  it("sends a manager's cost, trimmed name and 2-decimal price", () => {
    expect(createProductBody({ values: filled, isCashier: false, branchId })).toEqual({
      name: 'Cola 1.5L',
      sku: 'BEV-015',
      categoryId: null,
      brandId: null,
      cost: 120,
      price: 150.46,
      stockQuantity: 24,
      description: null,
      branchId,
    });
  });

  it("sends cost 0 for a cashier's new product, whatever the form holds", () => {
    expect(createProductBody({ values: { ...filled, cost: 999 }, isCashier: true, branchId }).cost).toBe(0);
  });

  it('edits a product sold offline below 0: the stock is not checked nor sent (an adjustment changes it)', () => {
    const oversold = { ...filled, stockQuantity: -2 };
    expect(productSchemaFor({ isCashier: false }).safeParse(formForValidation(oversold)).success).toBe(false);
    for (const isCashier of [false, true]) {
      expect(productSchemaFor({ isCashier, isEdit: true }).safeParse(formForValidation(oversold)).success).toBe(true);
      const body = updateProductBody({ values: oversold, isCashier, branchId });
      expect('stockQuantity' in body).toBe(false);
      expect(body.price).toBe(150.46);
    }
  });

  it("leaves cost out of a cashier's edit", () => {
    const body = updateProductBody({ values: { ...filled, cost: 999 }, isCashier: true, branchId });
    expect('cost' in body).toBe(false);
  });
});
