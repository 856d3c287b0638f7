import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CartLines } from '../src/features/pos/components/cart-lines';
import { cartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import { closeLinePrice } from '../src/features/pos/store/line-price';
import { renderWithProviders } from './render';

const cola = { id: 'p-cola', name: 'Cola 1.5L', sku: 'BEV-COLA-15', price: 180, stockQuantity: 10 };
const line = () => selectActiveCart(cartStore.getState()).items[0];

// The dialog is a lazy chunk: loaded once here, so the tests wait for rendering, not for the transform.
beforeAll(async () => {
  await import('../src/features/pos/components/line-price-modal');
});

afterEach(() => {
  act(() => closeLinePrice());
  cartStore.getState().resetForBranch(`b-${Math.random()}`);
});

describe("a cart line's price", () => {
  it('is changed from the keyboard in the Change price dialog; the line shows both prices', async () => {
    cartStore.getState().addProduct(cola, 2);
    renderWithProviders(<CartLines />);
    screen.getByRole('button', { name: 'Change price of Cola 1.5L' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Change price' }, { timeout: 5000 });
    const field = await screen.findByLabelText('New price');
    // A scan in this dialog goes to the cart, never into the price (use-barcode-scanner.ts).
    expect(dialog.querySelector('[data-scan-hold]')).not.toBeNull();
    expect(field).toHaveProperty('value', '180');
    fireEvent.change(field, { target: { value: '149.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change price' })).toBeNull());
    expect(line()).toMatchObject({ price: 180, unitPrice: 149.5 });
    const row = screen.getByTestId('cart-line');
    expect(row.textContent).toContain('PKR 149.50 each');
    expect(row.textContent).toContain('was PKR 180.00');
    expect(row.textContent).toContain('PKR 299.00');
  });

  it('goes back to the product price; an empty field is refused', async () => {
    cartStore.getState().addProduct(cola, 1);
    cartStore.getState().setLinePrice('p-cola', 99);
    renderWithProviders(<CartLines />);
    screen.getByRole('button', { name: 'Change price of Cola 1.5L' }).click();
    const field = await screen.findByLabelText('New price');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter a price')).toBeTruthy();
    expect(line()?.unitPrice).toBe(99);
    fireEvent.click(screen.getByRole('button', { name: 'Use product price' }));
    await waitFor(() => expect(line()).not.toHaveProperty('unitPrice'));
  });

  it("keeps the register's shortcuts (mod+P, F2) from acting while it is open", async () => {
    cartStore.getState().addProduct(cola, 1);
    renderWithProviders(<CartLines />);
    screen.getByRole('button', { name: 'Change price of Cola 1.5L' }).click();
    const field = await screen.findByLabelText('New price');
    const reached: string[] = [];
    const listener = (event: KeyboardEvent) => reached.push(event.key);
    document.documentElement.addEventListener('keydown', listener);
    try {
      fireEvent.keyDown(field, { key: 'p', ctrlKey: true });
      fireEvent.keyDown(field, { key: 'F2' });
      fireEvent.keyDown(field, { key: 'Tab' });
    } finally {
      document.documentElement.removeEventListener('keydown', listener);
    }
    expect(reached).toEqual(['Tab']);
  });
});
