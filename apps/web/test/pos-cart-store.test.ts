import { describe, expect, it } from 'vitest';
import { type CartProduct, cartTotals, createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { buildSalePayload, canCompletePayment } from '../src/features/pos/store/sale-payload';

const cola: CartProduct = { id: 'p-cola', name: 'Cola 1.5L', sku: 'BEV-COLA-15', price: 180, stockQuantity: 3 };
const chips: CartProduct = {
  id: 'p-chips',
  name: 'Salted Chips 70g',
  sku: 'SNK-CHIP-70',
  price: 90,
  stockQuantity: 10,
};

function setup() {
  const store = createCartStore();
  const state = () => store.getState();
  const active = () => selectActiveCart(store.getState());
  return { store, state, active };
}

describe('cart tabs', () => {
  it('starts with one cart, active', () => {
    const { state, active } = setup();
    expect(state().carts).toHaveLength(1);
    expect(active().label).toBe('Cart 1');
  });

  it('a new tab becomes active and inherits the first tab’s tax rate, not the active one’s', () => {
    const { state, active } = setup();
    state().setTaxRate(17);
    state().addCart();
    expect(active().label).toBe('Cart 2');
    expect(active().taxRate).toBe(17);
    state().setTaxRate(5); // cart 2
    state().addCart();
    expect(active().label).toBe('Cart 3');
    expect(active().taxRate).toBe(17);
    expect(active().items).toEqual([]);
    expect(active().discountType).toBe('percentage');
  });

  it('never removes the last tab', () => {
    const { state } = setup();
    const only = state().carts[0]?.id ?? '';
    state().removeCart(only);
    expect(state().carts).toHaveLength(1);
    expect(state().activeCartId).toBe(only);
  });

  it('removing the active tab activates the first; removing another keeps the active one', () => {
    const { state, active } = setup();
    const first = state().activeCartId;
    const second = state().addCart();
    const third = state().addCart();
    state().removeCart(third);
    expect(state().activeCartId).toBe(first);
    state().setActiveCart(second);
    state().addCart();
    state().setActiveCart(second);
    state().removeCart(state().carts[2]?.id ?? '');
    expect(state().activeCartId).toBe(second);
    state().removeCart(second);
    expect(active().id).toBe(first);
  });

  it('keeps each tab’s lines to itself', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().addCart();
    state().addProduct(chips);
    expect(active().items.map((i) => i.productId)).toEqual(['p-chips']);
    state().setActiveCart(state().carts[0]?.id ?? '');
    expect(active().items.map((i) => i.productId)).toEqual(['p-cola']);
  });
});

describe('cart lines', () => {
  it('adding the same product again raises its quantity', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().addProduct(cola);
    expect(active().items).toHaveLength(1);
    expect(active().items[0]?.quantity).toBe(2);
  });

  it('never goes above the stock', () => {
    const { state, active } = setup();
    expect(state().addProduct(cola, 2)).toBe('added');
    expect(state().addProduct(cola, 5)).toBe('stock-limit');
    expect(active().items[0]?.quantity).toBe(3);
    expect(state().increment('p-cola')).toBe('stock-limit');
    expect(active().items[0]?.quantity).toBe(3);
    expect(state().addProduct({ ...chips, stockQuantity: 0 })).toBe('out-of-stock');
    expect(active().items).toHaveLength(1);
  });

  it('quantity 0 (or minus at 1) removes the line; never below 0', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().addProduct(chips);
    state().decrement('p-cola');
    expect(active().items.map((i) => i.productId)).toEqual(['p-chips']);
    state().setQuantity('p-chips', 0);
    expect(active().items).toEqual([]);
    state().addProduct(chips);
    state().setQuantity('p-chips', -4);
    expect(active().items).toEqual([]);
  });

  it('remove takes the line out', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().removeItem('p-cola');
    expect(active().items).toEqual([]);
  });
});

describe('tax and discount', () => {
  it('tax percent stays within 0-100', () => {
    const { state, active } = setup();
    state().setTaxRate(150);
    expect(active().taxRate).toBe(100);
    state().setTaxRate(-3);
    expect(active().taxRate).toBe(0);
    state().setTaxRate(17.5);
    expect(active().taxRate).toBe(17.5);
  });

  it('changing the discount type resets the value to 0', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().setDiscountValue(10);
    expect(active().discountValue).toBe(10);
    state().setDiscountType('amount');
    expect(active().discountType).toBe('amount');
    expect(active().discountValue).toBe(0);
  });

  it('a percent discount is whole and at most 100; an amount is capped at the subtotal', () => {
    const { state, active } = setup();
    state().addProduct(cola); // 180
    state().setDiscountValue(140);
    expect(active().discountValue).toBe(100);
    state().setDiscountValue(12.6);
    expect(active().discountValue).toBe(13);
    state().setDiscountType('amount');
    state().setDiscountValue(500);
    expect(active().discountValue).toBe(180);
    state().setDiscountValue(20.255);
    expect(active().discountValue).toBe(20.26);
    // Fewer items, smaller subtotal: the amount follows it down.
    state().setDiscountValue(180);
    state().addProduct(chips);
    state().removeItem('p-cola');
    expect(active().discountValue).toBe(90);
  });

  it('totals: subtotal less discount is taxed; total is that plus tax', () => {
    const { state, active } = setup();
    state().addProduct(cola, 2); // 360
    state().addProduct(chips); // 90 -> 450
    state().setTaxRate(10);
    state().setDiscountValue(10); // 45
    const totals = cartTotals(active());
    expect(totals).toMatchObject({ subtotal: 450, discountAmount: 45, tax: 40.5, total: 445.5 });
  });

  it('applies the branch tax rate to every cart once per branch', () => {
    const { state } = setup();
    state().resetForBranch('b1');
    state().addCart();
    state().applyBranchTaxRate('b1', 16);
    expect(state().carts.map((c) => c.taxRate)).toEqual([16, 16]);
    state().setTaxRate(5);
    state().applyBranchTaxRate('b1', 16);
    expect(state().carts.map((c) => c.taxRate)).toEqual([16, 5]);
  });

  it('a new branch starts fresh carts', () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().addProduct(cola);
    state().addCart();
    state().resetForBranch('b2');
    expect(state().carts).toHaveLength(1);
    expect(active().items).toEqual([]);
  });
});

describe('after a sale', () => {
  it('clears items, discount value and customer, keeps tax rate and discount type', () => {
    const { state, active } = setup();
    state().addProduct(cola);
    state().setTaxRate(12.5);
    state().setDiscountType('amount');
    state().setDiscountValue(20);
    state().setCustomer({ customerName: 'Ayesha', customerPhone: '03001234567', customerEmail: 'a@x.pk' });
    state().ensurePaymentKey();
    state().clearAfterSale(active().id);
    expect(active()).toMatchObject({
      items: [],
      discountValue: 0,
      customerName: '',
      customerPhone: '',
      customerEmail: '',
      taxRate: 12.5,
      discountType: 'amount',
      paymentKey: null,
    });
  });

  it('clears only the cart that was sold', () => {
    const { state } = setup();
    const first = state().activeCartId;
    state().addProduct(cola);
    state().addCart();
    state().addProduct(chips);
    state().clearAfterSale(first);
    expect(state().carts.map((c) => c.items.length)).toEqual([0, 1]);
  });
});

describe('payment key', () => {
  it('is made once and reused until the cart changes', () => {
    const { state } = setup();
    state().addProduct(cola);
    const key = state().ensurePaymentKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(state().ensurePaymentKey()).toBe(key);
    state().addProduct(chips);
    const next = state().ensurePaymentKey();
    expect(next).not.toBe(key);
    state().setCustomer({ customerName: 'Bilal' });
    expect(state().ensurePaymentKey()).not.toBe(next);
  });
});

describe('sale payload', () => {
  it("charges the branch's POS service fee on every cart of the branch, and sends it inside the total", () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().addProduct(cola, 2);
    state().setTaxRate(10);
    // Another branch's fee is not this one's.
    state().applyBranchServiceFee('b2', 1);
    expect(cartTotals(active()).serviceFee).toBe(0);
    state().applyBranchServiceFee('b1', 1);
    expect(cartTotals(active())).toMatchObject({ subtotal: 360, tax: 36, serviceFee: 1, total: 397 });
    const payload = buildSalePayload(active(), 'b1', { method: 'cash', amountReceived: 400 });
    expect(payload).toMatchObject({ service_fee: 1, total: 397, amount_paid: 400, change: 3 });
    // A new tab charges it too; a branch that stops charging it takes it off every cart.
    state().addCart();
    expect(active().serviceFee).toBe(1);
    state().applyBranchServiceFee('b1', 0);
    expect(state().carts.map((c) => c.serviceFee)).toEqual([0, 0]);
    expect(buildSalePayload(state().carts[0] as never, 'b1', { method: 'card', amountReceived: 0 })).not.toHaveProperty(
      'service_fee',
    );
  });

  it('is the spec payload, with the customer only when given', () => {
    const { state, active } = setup();
    state().addProduct(cola, 2);
    state().setTaxRate(10);
    const cash = buildSalePayload(active(), 'b1', { method: 'cash', amountReceived: 500 });
    expect(cash).toEqual({
      branchId: 'b1',
      items: [{ product_id: 'p-cola', quantity: 2, price: 180 }],
      subtotal: 360,
      tax: 36,
      tax_rate: 10,
      discount_type: 'percentage',
      discount_value: 0,
      discount_amount: 0,
      total: 396,
      payment_method: 'cash',
      amount_paid: 500,
      change: 104,
    });
    state().setCustomer({ customerPhone: ' 03001234567 ' });
    const card = buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 });
    expect(card).toMatchObject({ payment_method: 'card', amount_paid: 396, change: 0 });
    expect(card.customer).toEqual({ name: null, phone: '03001234567', email: null });
  });

  it('cash needs at least the total; card is always exact', () => {
    expect(canCompletePayment(396, { method: 'cash', amountReceived: 395.99 })).toBe(false);
    expect(canCompletePayment(396, { method: 'cash', amountReceived: 396 })).toBe(true);
    expect(canCompletePayment(396, { method: 'card', amountReceived: 0 })).toBe(true);
    expect(canCompletePayment(0, { method: 'card', amountReceived: 0 })).toBe(false);
  });
});

describe('a price changed at the register', () => {
  it('charges the line its changed price (2 decimals), keeps the product price, and sends it as unit_price', () => {
    const { state, active } = setup();
    state().addProduct(cola, 2);
    state().addProduct(chips, 1);
    state().setLinePrice('p-cola', 149.999);
    expect(active().items[0]).toMatchObject({ price: 180, unitPrice: 150 });
    expect(cartTotals(active()).subtotal).toBe(390);
    const payload = buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 });
    expect(payload.items).toEqual([
      { product_id: 'p-cola', quantity: 2, price: 180, unit_price: 150 },
      { product_id: 'p-chips', quantity: 1, price: 90 },
    ]);
    expect(payload.total).toBe(390);
  });

  it('the product price again, or null, is no change; a change drops the payment key', () => {
    const { state, active } = setup();
    state().addProduct(cola, 1);
    const key = state().ensurePaymentKey();
    state().setLinePrice('p-cola', 180);
    expect(active().items[0]).not.toHaveProperty('unitPrice');
    expect(active().paymentKey).toBe(key);
    state().setLinePrice('p-cola', 99.5);
    expect(active().paymentKey).toBeNull();
    state().setLinePrice('p-cola', null);
    expect(active().items[0]).not.toHaveProperty('unitPrice');
    expect(buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 }).items[0]).not.toHaveProperty(
      'unit_price',
    );
  });

  it('stays through a scan of the same product; an amount discount is kept within the lower subtotal', () => {
    const { state, active } = setup();
    state().addProduct(cola, 1);
    state().setDiscountType('amount');
    state().setDiscountValue(150);
    state().setLinePrice('p-cola', 100);
    expect(active().discountValue).toBe(100);
    state().addProduct(cola);
    expect(active().items[0]).toMatchObject({ quantity: 2, unitPrice: 100 });
    expect(cartTotals(active()).subtotal).toBe(200);
  });
});

describe('tax classes at the register', () => {
  const milk: CartProduct = {
    id: 'p-milk',
    name: 'Fresh Milk 1L',
    sku: 'DAI-MILK-1L',
    price: 240,
    stockQuantity: 9,
    taxRate: 0,
  };

  it("a line of a tax class is taxed at the class's rate, the others at the cart's; the sale sends each class rate", () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().setTaxRate(17);
    state().addProduct(cola, 2);
    state().addProduct(milk, 3);
    const totals = cartTotals(active());
    // 17 % of the cola's 360.00 only; the milk's 720.00 is exempt.
    expect(totals.tax).toBe(61.2);
    expect(totals.taxes.map((g) => [g.rate, g.tax])).toEqual([
      [0, 0],
      [17, 6120],
    ]);
    const payload = buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 });
    expect(payload.items).toEqual([
      { product_id: 'p-cola', quantity: 2, price: 180 },
      { product_id: 'p-milk', quantity: 3, price: 240, tax_rate: 0 },
    ]);
    expect(payload.total).toBe(1141.2);
  });

  it("a refresh after a 409 takes the product's new class rate and says so", () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().setTaxRate(17);
    state().addProduct(cola, 1);
    const changes = state().refreshFromServer(
      active().id,
      new Map([['p-cola', { name: cola.name, price: 180, stockQuantity: 3, taxRate: 0 }]]),
    );
    expect(changes).toEqual([{ kind: 'tax', name: 'Cola 1.5L', to: 0 }]);
    expect(active().items[0]?.taxRate).toBe(0);
    expect(cartTotals(active()).tax).toBe(0);
  });

  const shampoo: CartProduct = {
    id: 'p-shampoo',
    name: 'Shampoo 400ml',
    sku: 'SHAMPOO-400',
    price: 590,
    stockQuantity: 5,
    taxRate: 18,
    taxIncluded: true,
  };

  it('a retail-price line charges its printed price with the tax inside, and the sale says the tax is inside', () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().setTaxRate(17);
    state().addProduct(shampoo, 2);
    state().addProduct(cola, 1);
    const totals = cartTotals(active());
    // 1,180.00 holds 1,000.00 of goods and 180.00 of tax; the cola's 180.00 takes 17 % on top.
    expect(totals.minor).toEqual({ subtotal: 118_000, discountAmount: 0, tax: 21_060, serviceFee: 0, total: 139_060 });
    const payload = buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 });
    expect(payload.items).toEqual([
      { product_id: 'p-shampoo', quantity: 2, price: 590, tax_rate: 18, tax_included: true },
      { product_id: 'p-cola', quantity: 1, price: 180 },
    ]);
    expect(payload.total).toBe(1390.6);
  });

  it('a refresh after a 409 takes a class whose tax became included in the price', () => {
    const { state, active } = setup();
    state().resetForBranch('b1');
    state().addProduct({ ...shampoo, taxIncluded: false }, 1);
    const changes = state().refreshFromServer(
      active().id,
      new Map([['p-shampoo', { name: shampoo.name, price: 590, stockQuantity: 5, taxRate: 18, taxIncluded: true }]]),
    );
    expect(changes).toEqual([{ kind: 'tax', name: 'Shampoo 400ml', to: 18, included: true }]);
    expect(active().items[0]?.taxIncluded).toBe(true);
    expect(cartTotals(active()).total).toBe(590);
  });
});
