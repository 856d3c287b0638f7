import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_MSG,
  cashierProductFormSchema,
  createCategorySchema,
  createProductSchema,
  createUserSchema,
  creditAdjustmentSchema,
  PRODUCT_MSG,
  productFormSchema,
  productListQuerySchema,
  updateUserSchema,
} from '../src';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const product = { name: 'Cola', sku: 'COLA-1', price: 180, stockQuantity: 5, branchId: crypto.randomUUID() };

describe('product schemas', () => {
  it('the manager form requires a buying price above 0; the cashier form has none', () => {
    expect(firstMessage(productFormSchema.safeParse({ ...product, cost: 0 }))).toBe(PRODUCT_MSG.costGtZero);
    expect(productFormSchema.safeParse({ ...product, cost: 120 }).success).toBe(true);
    const cashier = cashierProductFormSchema.parse({ ...product, cost: 999 });
    expect(cashier).not.toHaveProperty('cost');
  });

  it('a price or store credit amount that rounds to 0.00 is refused, not stored as a price or entry of 0.00', () => {
    expect(firstMessage(createProductSchema.safeParse({ ...product, price: 1e-7 }))).toBe(PRODUCT_MSG.priceGtZero);
    expect(firstMessage(createProductSchema.safeParse({ ...product, price: 0.004 }))).toBe(PRODUCT_MSG.priceGtZero);
    expect(createProductSchema.safeParse({ ...product, price: 0.005 }).success).toBe(true);
    for (const amount of [1e-7, -1e-7, 0.004])
      expect(firstMessage(creditAdjustmentSchema.safeParse({ amount, reason: 'x' }))).toBe(
        CUSTOMER_MSG.creditAmountNonZero,
      );
    expect(creditAdjustmentSchema.safeParse({ amount: -0.01, reason: 'x' }).success).toBe(true);
  });

  it('trims, turns empty SKU/category into null and rounds money to 2 decimals', () => {
    const parsed = createProductSchema.parse({ ...product, sku: '  ', categoryId: '', price: 10.005, cost: 1.234 });
    expect(parsed).toMatchObject({ sku: null, categoryId: null, price: 10.01, cost: 1.23 });
  });

  it.each([
    [{ name: ' ' }, PRODUCT_MSG.nameRequired],
    [{ sku: 'A B' }, PRODUCT_MSG.skuCharset],
    [{ price: 0 }, PRODUCT_MSG.priceGtZero],
    [{ stockQuantity: -1 }, PRODUCT_MSG.stockNegative],
  ])('%j -> %s', (overrides, message) => {
    expect(firstMessage(createProductSchema.safeParse({ ...product, ...overrides }))).toBe(message);
  });

  it('list query: defaults page 1 / limit 10, caps limit at 100, blank search means none', () => {
    const branchId = crypto.randomUUID();
    expect(productListQuerySchema.parse({ branchId, search: '  ' })).toEqual({ branchId, page: 1, limit: 10 });
    expect(productListQuerySchema.safeParse({ branchId, limit: '101' }).success).toBe(false);
  });
});

describe('category schema', () => {
  it('requires a name and at least one branch, and dedupes branches', () => {
    const id = crypto.randomUUID();
    expect(firstMessage(createCategorySchema.safeParse({ name: ' ', branchIds: [id] }))).toBe(
      'Category name is required',
    );
    expect(firstMessage(createCategorySchema.safeParse({ name: 'Tea', branchIds: [] }))).toBe(
      'Select at least one branch',
    );
    expect(createCategorySchema.parse({ name: 'Tea', branchIds: [id, id] }).branchIds).toEqual([id]);
  });
});

describe('user schemas', () => {
  const user = { name: 'Sana', email: 's@x', username: 'sana', password: 'secret', roleIds: [3] };
  it.each([
    [{ name: 'S' }, 'Name is required'],
    [{ email: 'nope' }, 'Invalid email'],
    [{ username: 'sa' }, 'Username must be at least 3 characters'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ roleIds: [] }, 'At least one role is required'],
  ])('%j -> %s', (overrides, message) => {
    expect(firstMessage(createUserSchema.safeParse({ ...user, ...overrides }))).toBe(message);
  });

  it('accepts exactly one known role', () => {
    expect(createUserSchema.safeParse(user).success).toBe(true);
    expect(createUserSchema.safeParse({ ...user, roleIds: [2, 3] }).success).toBe(false);
    expect(createUserSchema.safeParse({ ...user, roleIds: [4] }).success).toBe(false);
  });

  it('the edit payload may carry only isActive', () => {
    expect(updateUserSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });
});
