import { INVENTORY_MSG } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import {
  adjustedQuantity,
  adjustmentRequest,
  decreaseHitsFloor,
  movementTypeLabel,
  stockAdjustedMessage,
  stockStatusColor,
  stockStatusLabel,
  stockStatusOf,
} from '../src/features/inventory/utils/inventory';

const level = (stockQuantity: number, lowStockThreshold = 10, maxStock = 100) =>
  stockStatusOf({ stockQuantity, lowStockThreshold, maxStock });

describe('stock status', () => {
  it('is low at or below the threshold (red), out at 0, over at or above maxStock (orange), else normal (green)', () => {
    expect(level(0)).toBe('out');
    expect(level(1)).toBe('low');
    expect(level(10)).toBe('low');
    expect(level(11)).toBe('normal');
    expect(level(99)).toBe('normal');
    expect(level(100)).toBe('over');
    expect(level(250)).toBe('over');
    expect(stockStatusColor(level(0))).toBe('red');
    expect(stockStatusColor(level(5))).toBe('red');
    expect(stockStatusColor(level(100))).toBe('orange');
    expect(stockStatusColor(level(50))).toBe('green');
    expect(stockStatusLabel('over')).toBe('Overstock');
  });

  it('counts a product that is both low and over as low', () => {
    expect(level(5, 10, 5)).toBe('low');
  });
});

describe('adjusted quantity', () => {
  it('adds an increase and subtracts a decrease, flooring at 0', () => {
    expect(adjustedQuantity(20, 'increase', 5)).toBe(25);
    expect(adjustedQuantity(20, 'decrease', 3)).toBe(17);
    expect(adjustedQuantity(20, 'decrease', 20)).toBe(0);
    expect(adjustedQuantity(20, 'decrease', 25)).toBe(0);
  });

  it('warns only when a decrease goes past 0', () => {
    expect(decreaseHitsFloor(20, 'decrease', 25)).toBe(true);
    expect(decreaseHitsFloor(20, 'decrease', 20)).toBe(false);
    expect(decreaseHitsFloor(20, 'increase', 25)).toBe(false);
    expect(INVENTORY_MSG.floorWarning).toBe('This will set stock to 0 (cannot go below 0)');
  });
});

describe('adjustment request', () => {
  const scope = { branchId: 'b1', currentStock: 20 };
  const values = { productId: 'p1', type: 'decrease' as const, quantity: 30, reason: '  Broken  ' };

  it('sends the computed newQuantity and the trimmed reason', () => {
    expect(adjustmentRequest(values, scope)).toEqual({
      ok: true,
      body: { productId: 'p1', branchId: 'b1', newQuantity: 0, reason: 'Broken' },
    });
    expect(adjustmentRequest({ ...values, type: 'increase', quantity: '5' }, scope)).toMatchObject({
      body: { newQuantity: 25 },
    });
  });

  it("needs a product, a quantity of at least 1 and a reason: 'Please fill in all required fields'", () => {
    const missing = { ok: false, message: 'Please fill in all required fields' };
    expect(adjustmentRequest({ ...values, productId: null }, scope)).toEqual(missing);
    expect(adjustmentRequest({ ...values, quantity: '' }, scope)).toEqual(missing);
    expect(adjustmentRequest({ ...values, quantity: 0 }, scope)).toEqual(missing);
    expect(adjustmentRequest({ ...values, quantity: 1.5 }, scope)).toEqual(missing);
    expect(adjustmentRequest({ ...values, reason: '   ' }, scope)).toEqual(missing);
    expect(adjustmentRequest(values, { branchId: 'b1', currentStock: null })).toEqual(missing);
  });
});

describe('texts', () => {
  it('words the success toast as the spec does', () => {
    expect(stockAdjustedMessage(5)).toBe('Stock increased by 5 units successfully');
    expect(stockAdjustedMessage(-3)).toBe('Stock decreased by 3 units successfully');
  });

  it('labels movement types', () => {
    expect(movementTypeLabel('initial_stock')).toBe('Initial Stock');
    expect(movementTypeLabel('adjustment')).toBe('Adjustment');
    expect(movementTypeLabel('mystery')).toBe('mystery');
  });
});
