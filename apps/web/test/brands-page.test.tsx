import { MantineProvider } from '@mantine/core';
import { type Branch, type Brand, brandResponses } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandsPage } from '../src/features/brands/components/brands-page';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, onePage } from './answers';

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

const page = (data: Brand[]) => answer(brandResponses.list, { success: true, data, meta: onePage(data.length) });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <SelectionContext.Provider value={selection}>
          <BrandsPage />
        </SelectionContext.Provider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('BrandsPage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? answer(brandResponses.one, { success: true, data: { id: 'n', name: 'New', branchId: 'b1' } }, 201)
        : page([]),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the branch has no brands', async () => {
    renderPage();
    expect(await screen.findByText('No brands added yet')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('branchId=b1');
  });

  it('requires a name', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Brand' }));
    expect(await screen.findByText('Brand name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([, init]) => init?.method !== 'POST')).toBe(true);
  });

  it('adds a trimmed brand to the selected branch', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Brand Name/), { target: { value: '  Nestle ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Brand' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Nestle', branchId: 'b1' });
  });

  it('opens the Edit Brand modal with the name', async () => {
    fetchMock.mockImplementation(() => page([{ id: 'x', name: 'FizzCo', branchId: 'b1' }]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit FizzCo' }));
    expect(await screen.findByText('Edit Brand')).toBeTruthy();
    expect((screen.getByDisplayValue('FizzCo') as HTMLInputElement).value).toBe('FizzCo');
  });
});
