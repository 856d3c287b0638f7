import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProductFormModal } from '../src/features/products/components/product-form-modal';

// Mantine's autosize Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

function renderForm({ isCashier, onSubmit = vi.fn() }: { isCashier: boolean; onSubmit?: () => Promise<unknown> }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <ProductFormModal
          opened
          product={null}
          isCashier={isCashier}
          branchId="b1"
          isSaving={false}
          onClose={() => {}}
          onSubmit={onSubmit}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onSubmit };
}

describe('ProductFormModal', () => {
  it('is titled Add Product and shows a buying price to a manager', async () => {
    renderForm({ isCashier: false });
    expect(await screen.findByText('Add Product', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByLabelText(/Buying Price/)).toBeTruthy();
    expect(screen.getByLabelText(/Selling Price/)).toBeTruthy();
  });

  it('has no buying price field at all for a cashier', async () => {
    renderForm({ isCashier: true });
    await screen.findByLabelText(/Selling Price/);
    expect(screen.queryByLabelText(/Buying Price/)).toBeNull();
    expect(screen.queryByText(/Buying Price/)).toBeNull();
  });

  it('shows the spec messages and does not submit an empty form', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm({ isCashier: false, onSubmit });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByText('Product name is required')).toBeTruthy());
    expect(screen.getByText('Buying price must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Selling price must be greater than 0')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits a cashier's form without a buying price", async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm({ isCashier: true, onSubmit });
    fireEvent.change(await screen.findByLabelText(/Product Name/), { target: { value: 'Tea' } });
    fireEvent.change(screen.getByLabelText(/Selling Price/), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
