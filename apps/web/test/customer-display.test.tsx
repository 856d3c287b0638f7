import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerDisplayPage } from '../src/features/customer-display/components/customer-display-page';
import { useCustomerDisplay } from '../src/features/pos/hooks/use-customer-display';
import { cartStore, selectActiveCart } from '../src/features/pos/store/cart-store';
import {
  clearThanksOnDisplay,
  customerDisplayStore,
  showPaymentOnDisplay,
  showThanksOnDisplay,
  THANKS_MS,
} from '../src/features/pos/store/customer-display';
import { displayScreenOf } from '../src/features/pos/store/display-screen';
import {
  CUSTOMER_DISPLAY_CHANNEL,
  type DisplayMessage,
  type DisplayScreen,
  isDisplayMessage,
} from '../src/lib/customer-display';
import { setDisplayCurrency } from '../src/lib/format';
import { textLangProps } from '../src/lib/text-direction';
import { renderWithProviders } from './render';

const cola = { id: 'p-cola', name: 'Cola 1.5L', sku: 'BEV-COLA-15', price: 180, stockQuantity: 10 };
const tea = { id: 'p-tea', name: 'چائے کی پتی', sku: 'TEA-250', price: 250, stockQuantity: 10 };

const resetStores = () => {
  cartStore.getState().resetForBranch(`b-${Math.random()}`);
  customerDisplayStore.setState({ payment: null, thanks: null });
};

afterEach(() => {
  resetStores();
  setDisplayCurrency(null);
});

describe('what the register shows the customer', () => {
  it('the active cart: lines at the price charged, discount, tax and total, with the Payment figures', () => {
    resetStores();
    const cart = cartStore.getState();
    cart.addProduct(cola, 2);
    cart.addProduct(tea, 1);
    cart.setLinePrice('p-tea', 199.5);
    cart.setTaxRate(10);
    cart.setDiscountType('amount');
    cart.setDiscountValue(9.5);
    showPaymentOnDisplay({ method: 'cash', amountReceived: 600, total: 605 });
    expect(displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState())).toEqual({
      kind: 'cart',
      cart: {
        lines: [
          { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, total: 360 },
          { name: 'چائے کی پتی', quantity: 1, unitPrice: 199.5, total: 199.5 },
        ],
        subtotal: 559.5,
        discount: 9.5,
        taxes: [{ rate: 10, included: false, tax: 55 }],
        tax: 55,
        total: 605,
      },
      // 600 does not cover 605: no change yet.
      payment: { method: 'cash', tendered: 600, change: null },
    });
    showPaymentOnDisplay({ method: 'cash', amountReceived: 1000, total: 605 });
    expect(customerDisplayStore.getState().payment).toEqual({ method: 'cash', tendered: 1000, change: 395 });
    showPaymentOnDisplay({ method: 'card', amountReceived: null, total: 605 });
    expect(customerDisplayStore.getState().payment).toEqual({ method: 'card', tendered: null, change: null });
  });

  it("a cart of two tax classes shows each rate's tax, as the cart charges it", () => {
    const cart = cartStore.getState();
    cart.addProduct({ ...cola, taxRate: 0 }, 1);
    cart.addProduct({ ...tea, taxRate: 17 }, 1);
    cart.setTaxRate(5);
    const screen = displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState());
    // Cola exempt; the tea at 17 %: 42.50. The cart's own 5 % applies to neither.
    expect(screen.kind === 'cart' && [screen.cart.taxes, screen.cart.tax]).toEqual([
      [
        { rate: 0, included: false, tax: 0 },
        { rate: 17, included: false, tax: 42.5 },
      ],
      42.5,
    ]);
  });

  it('an exchange: what the returned items pay, and what is due or goes back, as the register shows them', () => {
    const cart = cartStore.getState();
    cart.setTaxRate(0);
    cart.addProduct(tea, 1);
    const exchange = {
      originalTransactionId: 's1',
      receiptNumber: 'RCP-000001',
      credit: 180,
      items: [],
      reason: 'wrong_item' as const,
      hasCustomer: false,
      paidByCard: true,
    };
    cart.setExchange(exchange);
    const due = displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState());
    expect(due.kind === 'cart' && due.cart.exchange).toEqual({ applied: 180, due: 70, back: 0 });
    cart.setExchange({ ...exchange, credit: 300 });
    const back = displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState());
    expect(back.kind === 'cart' && back.cart.exchange).toEqual({ applied: 250, due: 0, back: 50 });
    cart.setExchange(null);
    const plain = displayScreenOf(selectActiveCart(cartStore.getState()), customerDisplayStore.getState());
    expect(plain.kind === 'cart' && plain.cart.exchange).toBeUndefined();
  });

  it('after the sale the thank-you with the change while the cart is empty; nothing: the welcome', () => {
    resetStores();
    const empty = selectActiveCart(cartStore.getState());
    expect(displayScreenOf(empty, customerDisplayStore.getState())).toEqual({ kind: 'idle' });
    showThanksOnDisplay({ paymentMethod: 'cash', total: 605, amountPaid: 1000, changeAmount: 395 });
    const at = customerDisplayStore.getState().thanks?.at ?? 0;
    expect(displayScreenOf(empty, customerDisplayStore.getState(), at + THANKS_MS - 1)).toEqual({
      kind: 'thanks',
      method: 'cash',
      total: 605,
      paid: 1000,
      change: 395,
    });
    // An old sale's thank-you is not shown to a display opened later.
    expect(displayScreenOf(empty, customerDisplayStore.getState(), at + THANKS_MS)).toEqual({ kind: 'idle' });
  });
});

/** Messages of the display channel, as a display would receive them. */
function listen() {
  const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
  const screens: DisplayScreen[] = [];
  let waiting: (() => void) | null = null;
  channel.onmessage = (event: MessageEvent) => {
    if (isDisplayMessage(event.data) && event.data.type === 'screen') screens.push(event.data.screen);
    waiting?.();
  };
  /** Resolves once `count` screens have come. */
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      if (screens.length >= count) return resolve();
      waiting = () => {
        if (screens.length >= count) resolve();
      };
    });
  return { channel, screens, until };
}

function Register() {
  useCustomerDisplay();
  return null;
}

describe('the register feeds the display over the BroadcastChannel', () => {
  it('posts each change once, answers a display that opens, thanks after the sale, and leaves it on the welcome', async () => {
    resetStores();
    const display = listen();
    const view = renderWithProviders(<Register />);
    await display.until(1);
    expect(display.screens[0]).toEqual({ kind: 'idle' });

    act(() => {
      cartStore.getState().addProduct(cola, 1);
      cartStore.getState().increment('p-cola');
    });
    await display.until(2);
    expect(display.screens[1]).toMatchObject({ kind: 'cart', cart: { total: 360, lines: [{ quantity: 2 }] } });

    // A display opening now asks and gets the same screen.
    display.channel.postMessage({ type: 'hello' } satisfies DisplayMessage);
    await display.until(3);
    expect(display.screens[2]).toEqual(display.screens[1]);

    // The sale: the cart empties and the thanks come in one go, one message.
    act(() => {
      cartStore.getState().clearAfterSale(selectActiveCart(cartStore.getState()).id);
      showThanksOnDisplay({ paymentMethod: 'cash', total: 360, amountPaid: 500, changeAmount: 140 });
    });
    await display.until(4);
    expect(display.screens[3]).toEqual({ kind: 'thanks', method: 'cash', total: 360, paid: 500, change: 140 });

    // The next customer's first item ends the thank-you.
    act(() => {
      cartStore.getState().addProduct(tea, 1);
    });
    await display.until(5);
    expect(display.screens[4]).toMatchObject({ kind: 'cart', cart: { total: 250 } });
    expect(customerDisplayStore.getState().thanks).toBeNull();

    view.unmount();
    await display.until(6);
    expect(display.screens[5]).toEqual({ kind: 'idle' });
    expect(display.screens).toHaveLength(6);
    display.channel.close();
    clearThanksOnDisplay();
  });
});

describe('the thank-you', () => {
  it('goes back to the welcome THANKS_MS after the sale while the register is open', () => {
    resetStores();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const view = renderWithProviders(<Register />);
      act(() => showThanksOnDisplay({ paymentMethod: 'cash', total: 100, amountPaid: 100, changeAmount: 0 }));
      act(() => vi.advanceTimersByTime(THANKS_MS - 1));
      expect(customerDisplayStore.getState().thanks).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(customerDisplayStore.getState().thanks).toBeNull();
      view.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the display page (/display)', () => {
  const send = (channel: BroadcastChannel, screen: DisplayScreen) =>
    channel.postMessage({ type: 'screen', screen, shop: 'Demo Mart', currency: 'PKR' } satisfies DisplayMessage);

  it('asks for the screen, then shows the lines (Urdu names marked ur/rtl), the total, tendered and change', async () => {
    const register = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    const asked = new Promise<unknown>((resolve) => {
      register.onmessage = (event: MessageEvent) => resolve(event.data);
    });
    renderWithProviders(<CustomerDisplayPage />, { route: '/display' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(await asked).toEqual({ type: 'hello' });

    send(register, {
      kind: 'cart',
      cart: {
        lines: [
          { name: 'Cola 1.5L', quantity: 2, unitPrice: 180, total: 360 },
          { name: 'چائے کی پتی', quantity: 1, unitPrice: 199.5, total: 199.5 },
        ],
        subtotal: 559.5,
        discount: 0,
        taxes: [
          { rate: 0, tax: 0 },
          { rate: 17, tax: 33.92 },
        ],
        tax: 33.92,
        total: 559.5,
      },
      payment: { method: 'cash', tendered: 1000, change: 440.5 },
    });
    const urdu = await screen.findByText('چائے کی پتی');
    expect(urdu.getAttribute('lang')).toBe('ur');
    expect(urdu.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('Cola 1.5L').getAttribute('lang')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Your items' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Total' }).textContent ?? '';
    expect(figures).toContain('TotalPKR 559.50');
    // Items of two tax classes: the tax of each rate.
    expect(figures).toContain('Tax (0%)PKR 0.00');
    expect(figures).toContain('Tax (17%)PKR 33.92');
    expect(figures).toContain('Amount tenderedPKR 1,000.00');
    expect(figures).toContain('ChangePKR 440.50');

    send(register, { kind: 'thanks', method: 'cash', total: 559.5, paid: 1000, change: 440.5 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
    expect(screen.getByTestId('display-change').textContent).toBe('PKR 440.50');
    register.close();
  });
});

describe('language and direction of a product name', () => {
  it('Urdu (Arabic script first): ur, rtl; anything else: auto', () => {
    expect(textLangProps('چائے کی پتی 250g')).toEqual({ lang: 'ur', dir: 'rtl' });
    expect(textLangProps('250 چائے')).toEqual({ lang: 'ur', dir: 'rtl' });
    expect(textLangProps('Tapal چائے')).toEqual({ dir: 'auto' });
    expect(textLangProps('Cola 1.5L')).toEqual({ dir: 'auto' });
    expect(textLangProps('')).toEqual({ dir: 'auto' });
  });
});
