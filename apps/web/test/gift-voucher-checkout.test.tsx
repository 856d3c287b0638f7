import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Branch, VOUCHER_MSG, VOUCHER_REFUSED } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { useCheckout } from '../src/features/pos/hooks/use-checkout';
import { cartStore } from '../src/features/pos/store/cart-store';
import { voucherDeskStore } from '../src/features/pos/store/voucher-desk';
import { SelectionContext } from '../src/lib/selection-context';
import { failure } from './answers';

// No register enrolled here (its enrolment would call the server).
vi.mock('../src/features/pos/hooks/use-register', () => ({ useRegister: () => null }));

const branch: Branch = {
  id: 'b1',
  name: 'Main Branch',
  address: 'Mall Road',
  phone: '03001234567',
  companyId: 'c1',
  isMain: true,
  isActive: true,
  timezone: 'Asia/Karachi',
};
const selection = { company: { id: 'c1', name: 'Demo Mart' }, branch, branches: [branch], isLoading: false };
const CODE = 'GV7K2M9P4QXR';

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <SelectionContext.Provider value={selection}>{children}</SelectionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Complete Payment with a gift voucher', () => {
  it('sends voucher_code; a 409 VOUCHER_REFUSED says why, keeps the cart and the dialog (failed), and has the voucher read again', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (String(input).startsWith('/api/transactions') && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return failure(409, VOUCHER_MSG.short, VOUCHER_REFUSED);
        }
        return failure(404, 'Not found', 'NOT_FOUND');
      }),
    );
    const shown = vi.spyOn(notifications, 'show');
    cartStore.getState().setTaxRate(0);
    cartStore.getState().addProduct({ id: 'p-tea', name: 'Tea 900g', sku: 'TEA-900', price: 85, stockQuantity: 9 }, 1);
    const cartId = cartStore.getState().activeCartId;
    const before = voucherDeskStore.getState().refusals;
    const onPaid = vi.fn();
    const { result } = renderHook(() => useCheckout(), { wrapper });

    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.pay(cartId, { method: 'voucher', amountReceived: 85, voucherCode: CODE }, onPaid);
    });
    expect(outcome).toBe('failed');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ payment_method: 'voucher', total: 85, voucher_code: CODE });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: VOUCHER_MSG.short, color: 'red' }));
    expect(voucherDeskStore.getState().refusals).toBe(before + 1);
    expect(onPaid).not.toHaveBeenCalled();
    expect(cartStore.getState().carts.find((c) => c.id === cartId)?.items).toHaveLength(1);
    expect(result.current.isPaying).toBe(false);
  });
});
