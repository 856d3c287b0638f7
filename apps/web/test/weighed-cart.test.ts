import { lineSubtotal, type ReceiptData, receiptLines, scaleLabelFor } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { type CartProduct, cartTotals, createCartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { displayScreenOf } from '../src/features/pos/store/display-screen';
import { buildSalePayload } from '../src/features/pos/store/sale-payload';
import { saleReceiptData } from '../src/lib/printing/receipt-data';

// Demo data: loose basmati rice at 320.00 a kg, 42.5 kg in stock; a cola by the piece.
const rice: CartProduct = {
  id: 'p-rice',
  name: 'Basmati Rice (loose)',
  sku: 'GRO-RICE-KG',
  price: 320,
  stockQuantity: 42.5,
  unit: 'kg',
};
const cola: CartProduct = { id: 'p-cola', name: 'Cola 1.5L', sku: 'BEV-COLA-15', price: 180, stockQuantity: 9 };

function setup() {
  const store = createCartStore();
  return { state: () => store.getState(), active: () => selectActiveCart(store.getState()) };
}

describe('weighed goods in the cart', () => {
  it('prices a weight with the shared money module: 0.750 kg at 320.00 is 240.00, 1.25 kg is 400.00', () => {
    const { state, active } = setup();
    expect(state().addProduct(rice, 0.75, { separate: true })).toBe('added');
    expect(state().addProduct(rice, 1.25)).toBe('added');
    expect(state().addProduct(cola, 2)).toBe('added');
    const [label, typed, pieces] = active().items;
    expect(label).toMatchObject({ productId: 'p-rice', quantity: 0.75, unit: 'kg' });
    expect(label?.lineId).toMatch(/^line-/);
    expect(typed).toMatchObject({ productId: 'p-rice', quantity: 1.25, unit: 'kg' });
    expect(typed).not.toHaveProperty('lineId');
    expect(pieces).not.toHaveProperty('unit');
    expect(lineSubtotal({ price: 320, quantity: 0.75 })).toBe(240);
    expect(lineSubtotal({ price: 320, quantity: 1.25 })).toBe(400);
    expect(cartTotals(active())).toMatchObject({ subtotal: 1000, total: 1000 });
    // Half up to the minor unit: 0.333 kg at 320.00 is 106.56.
    state().setQuantity('p-rice', 0.333);
    expect(active().items[1]?.quantity).toBe(0.333);
    expect(cartTotals(active()).subtotal).toBe(240 + 106.56 + 360);
  });

  it('keeps each scale label on its own line; a typed weight adds to the product line', () => {
    const { state, active } = setup();
    state().addProduct(rice, 0.75, { separate: true });
    state().addProduct(rice, 0.75, { separate: true });
    state().addProduct(rice, 0.1);
    state().addProduct(rice, 0.2);
    expect(active().items.map((i) => i.quantity)).toEqual([0.75, 0.75, 0.3]);
    // The sale sends each line as it is, with its decimals.
    const payload = buildSalePayload(active(), 'b1', { method: 'card', amountReceived: 0 });
    expect(payload.items).toEqual([
      { product_id: 'p-rice', quantity: 0.75, price: 320 },
      { product_id: 'p-rice', quantity: 0.75, price: 320 },
      { product_id: 'p-rice', quantity: 0.3, price: 320 },
    ]);
    expect(payload.subtotal).toBe(576);
  });

  it('checks the stock over all of a product’s lines, to the gram', () => {
    const { state, active } = setup();
    const little = { ...rice, stockQuantity: 1.05 };
    state().addProduct(little, 0.75, { separate: true });
    // 0.75 + 0.3 is 1.05 exactly (no 1.0499999 in floating point): it fits.
    expect(state().addProduct(little, 0.3)).toBe('added');
    // A label's weight is not cut to the stock left: the pack is refused whole.
    expect(state().addProduct(little, 0.25, { separate: true })).toBe('stock-limit');
    expect(active().items.map((i) => i.quantity)).toEqual([0.75, 0.3]);
    // A typed weight is capped at what is left.
    const key = active().items[0]?.lineId ?? '';
    expect(state().setQuantity(key, 2)).toBe('stock-limit');
    expect(active().items[0]?.quantity).toBe(0.75);
    // Pieces stay whole numbers.
    state().addProduct(cola, 1.7);
    expect(active().items[2]?.quantity).toBe(1);
    state().setQuantity('p-cola', 2.5);
    expect(active().items[2]?.quantity).toBe(2);
  });

  it('a changed price is the product’s on every one of its lines (one price per product in a sale)', () => {
    const { state, active } = setup();
    state().addProduct(rice, 0.5, { separate: true });
    state().addProduct(rice, 1);
    state().setLinePrice('p-rice', 300);
    expect(active().items.map((i) => i.unitPrice)).toEqual([300, 300]);
    state().addProduct(rice, 0.25, { separate: true });
    expect(active().items[2]?.unitPrice).toBe(300);
    expect(cartTotals(active()).subtotal).toBe(525);
  });

  it('shows the customer and prints the receipt with the unit: "0.750 kg x 320.00"', () => {
    const { state, active } = setup();
    state().addProduct(rice, 0.75, { separate: true });
    state().addProduct(cola, 1);
    const screen = displayScreenOf(active(), { payment: null, thanks: null });
    expect(screen.kind === 'cart' && screen.cart.lines[0]).toEqual({
      name: 'Basmati Rice (loose)',
      quantity: 0.75,
      unit: 'kg',
      unitPrice: 320,
      total: 240,
    });

    // The sale answers each line with the unit it was sold in.
    const sale = {
      receiptNumber: 'RCP-1',
      transactionDate: '2025-01-15T09:30:00Z',
      items: [
        { productId: 'p-rice', productName: rice.name, quantity: 0.75, unit: 'kg', unitPrice: 320, subtotal: 240 },
        { productId: 'p-cola', productName: cola.name, quantity: 1, unit: 'piece', unitPrice: 180, subtotal: 180 },
      ],
    } as unknown as Parameters<typeof saleReceiptData>[0];
    const data = saleReceiptData(sale, null);
    expect(data.items.map((i) => i.unit)).toEqual(['kg', 'piece']);
    const lines = receiptLines({ ...(data as ReceiptData), subtotal: 420, total: 420 });
    const at = lines.indexOf('Basmati Rice (loose)');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^ {2}0\.750 kg x 320\.00 +240\.00$/);
    expect(lines[at + 1]).toHaveLength(48);
    expect(lines[at + 2]).toMatch(/^Cola 1\.5L +1 +180\.00 +180\.00$/);
  });

  it('reads the demo rice label: 0.750 kg of the item barcode 2100123000005', () => {
    expect(scaleLabelFor('2100123000005', 0.75)).toBe('2100123007509');
  });
});
