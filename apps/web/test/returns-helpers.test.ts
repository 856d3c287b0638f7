import { RETURNS_MSG } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  defaultRefundMethod,
  draftLine,
  draftRefund,
  lineRefund,
  normalizeFee,
  refundAsPaid,
  refundLinesText,
  refundMethodOptions,
  remainingQuantity,
  restockableByDefault,
  returnableStatus,
  returnPayload,
  returnStatusColor,
  totalRefund,
  validateReturn,
  withCondition,
} from '../src/lib/returns';

const sold = (over: Partial<{ id: string; quantity: number; returnedQuantity: number; unitPrice: number }> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  productName: 'Widget',
  productSku: 'W-1',
  quantity: 3,
  unitPrice: 120.5,
  returnedQuantity: 1,
  ...over,
});

describe('returns helpers', () => {
  it('remaining quantity is sold minus already returned, never below 0', () => {
    expect(remainingQuantity({ quantity: 3, returnedQuantity: 1 })).toBe(2);
    expect(remainingQuantity({ quantity: 3, returnedQuantity: 3 })).toBe(0);
    expect(remainingQuantity({ quantity: 3, returnedQuantity: 5 })).toBe(0);
  });

  it("a transaction is 'Returnable' while any line has units left, else 'Fully Returned'", () => {
    expect(returnableStatus([sold(), sold({ returnedQuantity: 3 })])).toBe('Returnable');
    expect(returnableStatus([sold({ returnedQuantity: 3 }), sold({ quantity: 1, returnedQuantity: 1 })])).toBe(
      'Fully Returned',
    );
    expect(returnableStatus([])).toBe('Fully Returned');
    expect(returnableStatus(undefined)).toBe('Fully Returned');
  });

  it('a new line defaults to quantity 0, condition new, restockable, no fee', () => {
    expect(draftLine(sold())).toMatchObject({
      quantity: 0,
      condition: 'new',
      isRestockable: true,
      restockingFee: 0,
      remaining: 2,
      sold: 3,
    });
  });

  it('restockable default per condition; a condition change applies it, the toggle can override', () => {
    expect(restockableByDefault('new')).toBe(true);
    expect(restockableByDefault('opened')).toBe(true);
    expect(restockableByDefault('damaged')).toBe(false);
    expect(restockableByDefault('defective')).toBe(false);
    const damaged = withCondition(draftLine(sold()), 'damaged');
    expect(damaged.isRestockable).toBe(false);
    const toggled = { ...damaged, isRestockable: true };
    expect(withCondition(toggled, 'opened').isRestockable).toBe(true);
  });

  it('clamps quantities to 0..remaining whole units and fees to >= 0 with 2 decimals', () => {
    expect(clampQuantity(5, 2)).toBe(2);
    expect(clampQuantity(-1, 2)).toBe(0);
    expect(clampQuantity('', 2)).toBe(0);
    expect(clampQuantity(1.7, 2)).toBe(1);
    expect(normalizeFee(-3)).toBe(0);
    expect(normalizeFee(1.005)).toBe(1.01);
    expect(normalizeFee('2.345')).toBe(2.35);
    expect(normalizeFee('')).toBe(0);
  });

  const noDiscountNoTax = { discountAmount: 0, taxAmount: 0 };

  it('without discount and tax a line refunds quantity x unit price - fee; the total sums the included lines', () => {
    const a = { ...draftLine(sold({ id: 'a' })), quantity: 2, restockingFee: 10.25 };
    const b = { ...draftLine(sold({ id: 'b', unitPrice: 0.1 })), quantity: 2, restockingFee: 0 };
    const c = { ...draftLine(sold({ id: 'c', unitPrice: 99 })), quantity: 0, restockingFee: 5 };
    const refund = draftRefund(noDiscountNoTax, [a, b, c]);
    expect(lineRefund(refund, 'a')).toBe(230.75);
    expect(lineRefund(refund, 'b')).toBe(0.2);
    expect(lineRefund(refund, 'c')).toBe(0);
    expect(totalRefund(refund)).toBe(230.95);
  });

  it("refunds what the customer paid: the line's share of the discount and its tax (a worked example)", () => {
    // 940.00 sold, 50.00 off, 5 % tax (44.50): the 180.00 item cost the customer 178.95.
    const item = { ...draftLine(sold({ id: 'a', quantity: 1, returnedQuantity: 0, unitPrice: 180 })), quantity: 1 };
    const other = draftLine(sold({ id: 'b', quantity: 2, returnedQuantity: 0, unitPrice: 380 }));
    const refund = draftRefund({ discountAmount: 50, taxAmount: 44.5 }, [item, other]);
    expect(totalRefund(refund)).toBe(178.95);
    expect(refund.total).toMatchObject({ goods: 18_000, discount: 957, tax: 852, fee: 0, refund: 17_895 });
    // The second unit of the other line, after the first was returned, takes the rounding remainder.
    const rest = { ...draftLine(sold({ id: 'b', quantity: 2, returnedQuantity: 1, unitPrice: 380 })), quantity: 1 };
    const returnedA = draftLine(sold({ id: 'a', quantity: 1, returnedQuantity: 1, unitPrice: 180 }));
    expect(totalRefund(draftRefund({ discountAmount: 50, taxAmount: 44.5 }, [returnedA, rest]))).toBe(377.78);
  });

  it('validates in the order of spec 02 section 5', () => {
    const line = draftLine(sold());
    expect(validateReturn({ transactionId: null, lines: [line], reason: 'defective' })).toBe(RETURNS_MSG.noItems);
    expect(validateReturn({ transactionId: 't', lines: [], reason: 'defective' })).toBe(RETURNS_MSG.noItems);
    expect(validateReturn({ transactionId: 't', lines: [line], reason: 'defective' })).toBe(RETURNS_MSG.noQuantities);
    const full = { ...draftLine(sold({ returnedQuantity: 3 })), quantity: 1 };
    expect(validateReturn({ transactionId: 't', lines: [full], reason: 'defective' })).toBe(RETURNS_MSG.noQuantities);
    const one = { ...line, quantity: 1 };
    expect(validateReturn({ transactionId: 't', lines: [one], reason: null })).toBe(RETURNS_MSG.noReason);
    expect(validateReturn({ transactionId: 't', lines: [one], reason: 'other' })).toBeNull();
    expect(RETURNS_MSG.noItems).toBe('Please select a transaction and add return items');
    expect(RETURNS_MSG.noQuantities).toBe(
      'Please specify return quantities for at least one item that has remaining quantity',
    );
    expect(RETURNS_MSG.noReason).toBe('Please provide a return reason');
  });

  it('builds the payload from the lines with a quantity', () => {
    const a = { ...withCondition(draftLine(sold({ id: 'a' })), 'damaged'), quantity: 1, restockingFee: 0.5 };
    const b = draftLine(sold({ id: 'b', unitPrice: 10 }));
    const payload = returnPayload({
      sale: noDiscountNoTax,
      transactionId: 'sale-1',
      lines: [a, b],
      reason: 'defective',
      branchId: 'branch-1',
      refundMethod: 'store_credit',
      description: '  broke  ',
      notes: '',
    });
    expect(payload).toEqual({
      originalTransactionId: 'sale-1',
      branchId: 'branch-1',
      items: [
        {
          original_transaction_item_id: a.saleItemId,
          return_quantity: 1,
          reason: 'defective',
          condition: 'damaged',
          restocking_fee: 0.5,
          is_restockable: false,
        },
      ],
      refund_method: 'store_credit',
      refund_amount: 120,
      reason: 'defective',
      reason_description: 'broke',
      notes: null,
    });
  });

  it('status colours: pending yellow, approved blue, completed green, rejected red', () => {
    expect(['pending', 'approved', 'completed', 'rejected', 'other'].map(returnStatusColor)).toEqual([
      'yellow',
      'blue',
      'green',
      'red',
      'gray',
    ]);
  });
});

describe('a refund back the way the sale was paid', () => {
  const split = {
    paymentMethod: 'mixed',
    tenders: [
      { method: 'card', amount: 30 },
      { method: 'cash', amount: 55 },
    ],
    refunded: [],
  };

  it('starts as paid: a split sale As paid, a card sale to the card, store credit to the balance, cash in cash', () => {
    expect(defaultRefundMethod(split)).toBe('mixed');
    expect(defaultRefundMethod({ paymentMethod: 'card', tenders: [{ method: 'card', amount: 10 }] })).toBe(
      'card_refund',
    );
    expect(defaultRefundMethod({ paymentMethod: 'store_credit', tenders: [] })).toBe('store_credit');
    expect(defaultRefundMethod({ paymentMethod: 'cash', tenders: [] })).toBe('cash');
    // 'As paid' is offered only for a sale paid several ways.
    const offered = (sale: object) => refundMethodOptions({ customer: null, ...sale }).map((o) => o.value);
    expect(offered(split)).toContain('mixed');
    expect(offered({ paymentMethod: 'card', tenders: [{ method: 'card', amount: 10 }] })).not.toContain('mixed');
  });

  it('a sale on account or by gift voucher goes back there; those ways are offered only when they paid', () => {
    const onAccount = { paymentMethod: 'account', tenders: [{ method: 'account', amount: 40 }] };
    expect(defaultRefundMethod(onAccount)).toBe('account');
    expect(defaultRefundMethod({ paymentMethod: 'voucher', tenders: [{ method: 'voucher', amount: 5 }] })).toBe(
      'voucher',
    );
    const offered = (sale: object) =>
      refundMethodOptions({ customer: { name: 'Rashid' }, ...sale }).map((o) => o.value);
    expect(offered(onAccount)).toContain('account');
    expect(offered(onAccount)).not.toContain('voucher');
    const mixed = {
      paymentMethod: 'mixed',
      tenders: [
        { method: 'voucher', amount: 5 },
        { method: 'cash', amount: 5 },
      ],
    };
    expect(offered(mixed)).toContain('voucher');
    expect(offered(mixed)).not.toContain('account');
    expect(offered({ paymentMethod: 'card', tenders: [{ method: 'card', amount: 10 }] })).not.toContain('account');
    expect(refundAsPaid({ ...mixed, refunded: [] }, 10)).toEqual([
      { method: 'cash', amount: 5 },
      { method: 'voucher', amount: 5 },
    ]);
  });

  it('splits the refund over the tenders less what earlier returns gave back, and says it', () => {
    expect(refundAsPaid(split, 42.5)).toEqual([
      { method: 'card_refund', amount: 15 },
      { method: 'cash', amount: 27.5 },
    ]);
    // The card already got its 30.00 back: the rest goes back in cash.
    expect(refundAsPaid({ ...split, refunded: [{ method: 'card_refund', amount: 30 }] }, 20)).toEqual([
      { method: 'cash', amount: 20 },
    ]);
    expect(refundLinesText(refundAsPaid(split, 85))).toBe('Card refund PKR 30.00 · Cash PKR 55.00');
  });
});
