import { MantineProvider } from '@mantine/core';
import { type Branch, type Category, categoryResponses } from '@pos/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CategoriesPage } from '../src/features/categories/components/categories-page';
import { SelectionContext } from '../src/lib/selection-context';
import { answer, onePage } from './answers';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const categories: Category[] = [
  { id: 'bev', name: 'Beverages', description: 'Drinks aisle', parentId: null },
  { id: 'soft', name: 'Soft Drinks', description: null, parentId: 'bev' },
  { id: 'cola', name: 'Cola', description: 'Fizzy', parentId: 'soft' },
  { id: 'dairy', name: 'Dairy', description: null, parentId: null },
];

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

const list = (data: Category[]) =>
  answer(categoryResponses.list, { success: true, data, meta: onePage(data.length, 1000) });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <SelectionContext.Provider value={selection}>
          <CategoriesPage />
        </SelectionContext.Provider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const rowNames = () =>
  screen.queryAllByTestId('category-row').map((row) => within(row).getAllByText(/.+/)[0]?.textContent);

describe('CategoriesPage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn((url: string) => {
      if (/^\/api\/categories\/[^/]+\/usage/.test(url)) {
        return answer(categoryResponses.usage, { success: true, data: { products: 3, subcategories: 2 } });
      }
      if (url.startsWith('/api/categories')) {
        return list(categories);
      }
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads the branch's whole list once and shows the top level collapsed, with a pager", async () => {
    renderPage();
    await waitFor(() => expect(rowNames()).toEqual(['Beverages', 'Dairy']));
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toContain('branchId=b1');
    expect(url).toContain('limit=1000');
    expect(screen.getByTestId('category-pager')).toBeTruthy();
  });

  it('expands a parent and shows the breadcrumb path of a subcategory', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Expand Beverages' }));
    expect(screen.getByText('Beverages › Soft Drinks')).toBeTruthy();
  });

  it('finds a descendant, expands its parents and hides the pager while searching', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Expand Beverages' });
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'fizzy' } });
    await waitFor(() => expect(rowNames()).toEqual(['Beverages', 'Soft Drinks', 'Cola']));
    expect(screen.getByText('Beverages › Soft Drinks › Cola')).toBeTruthy();
    expect(screen.queryByTestId('category-pager')).toBeNull();

    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No matching categories found')).toBeTruthy();
  });

  it('warns in red that subcategories go too before deleting', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Beverages' }));
    expect(await screen.findByText('This category has 2 subcategories, which will be deleted as well.')).toBeTruthy();
    expect(
      await screen.findByText('3 products use this category (with its subcategories); they will become Uncategorized.'),
    ).toBeTruthy();
  });

  it('says so when the branch has no categories', async () => {
    fetchMock.mockImplementation(() => list([]));
    renderPage();
    expect(await screen.findByText('No categories added yet')).toBeTruthy();
  });

  it('keeps Add Category disabled while the name is blank', async () => {
    renderPage();
    const button = await screen.findByRole('button', { name: 'Add Category' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Category Name/), { target: { value: '   ' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Category Name/), { target: { value: 'Bakery' } });
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
