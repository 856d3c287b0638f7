import { Button, Table, TextInput } from '@mantine/core';
import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedTable } from '../src/components/paged-table';
import { notifyError } from '../src/lib/notify';
import { type PageRequest, usePagedList } from '../src/lib/use-paged-list';
import { renderWithProviders } from './render';

vi.mock('../src/lib/notify', () => ({ notifyError: vi.fn() }));

type Row = { id: string; name: string };
type Filters = { kind: string };
type Request = PageRequest<Filters> & { scope: string };

/** What the stub server was asked, in order, and what it answers: `total` rows named by their number. */
let asked: Request[];
let total: number;
let fail: boolean;

function fetchPage(scope: string, request: PageRequest<Filters>) {
  asked.push({ scope, ...request });
  if (fail) return Promise.reject(new Error('down'));
  // A search finds nothing here: enough to tell its answer from the whole list's.
  const rows = request.search ? 0 : total;
  const first = (request.page - 1) * request.limit;
  const count = Math.max(0, Math.min(request.limit, rows - first));
  const data: Row[] = Array.from({ length: count }, (_, i) => ({
    id: String(first + i + 1),
    name: `Row ${first + i + 1}`,
  }));
  return Promise.resolve({
    data,
    meta: { total: rows, page: request.page, limit: request.limit, totalPages: Math.ceil(rows / request.limit) },
  });
}

function List({ scope }: { scope: string }) {
  const list = usePagedList({
    scope,
    filters: { kind: 'all' },
    query: (request) =>
      queryOptions({
        queryKey: ['rows', scope, request],
        queryFn: () => fetchPage(scope, request),
      }),
    errorToast: { id: 'fetch-rows', message: 'Failed to fetch rows' },
  });
  return (
    <>
      <TextInput aria-label="Search rows" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      <Button onClick={() => list.setFilter('kind', 'special')}>Special only</Button>
      <Button onClick={list.clearFilters}>Clear filters</Button>
      <PagedTable
        list={list}
        label="Rows"
        columns={['Name']}
        row={(r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{r.name}</Table.Td>
          </Table.Tr>
        )}
        errorText="The rows could not be loaded"
        emptyText="No rows"
        summary={({ total: count }) => `${count} rows`}
      />
    </>
  );
}

/** The list in a branch that a button switches. */
function Branches() {
  const [scope, setScope] = useState('b1');
  return (
    <>
      <Button onClick={() => setScope('b2')}>Branch 2</Button>
      <List scope={scope} />
    </>
  );
}

const last = () => asked[asked.length - 1];

beforeEach(() => {
  asked = [];
  total = 25;
  fail = false;
  vi.mocked(notifyError).mockClear();
});

describe('usePagedList and PagedTable', () => {
  it('shows the first page with its count, then the page picked in the pager', async () => {
    renderWithProviders(<List scope="b1" />);
    expect(await screen.findByText('Row 1')).toBeTruthy();
    expect(screen.getByText('25 rows')).toBeTruthy();
    expect(last()).toEqual({ scope: 'b1', page: 1, limit: 10, search: '', filters: { kind: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Row 21')).toBeTruthy();
    expect(last()).toMatchObject({ page: 3 });
  });

  it('starts again at page 1 when a filter changes, without asking for that page of the new list', async () => {
    renderWithProviders(<List scope="b1" />);
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Row 11');
    fireEvent.click(screen.getByRole('button', { name: 'Special only' }));
    await waitFor(() => expect(last()).toMatchObject({ page: 1, filters: { kind: 'special' } }));
    expect(asked.some((r) => r.filters.kind === 'special' && r.page !== 1)).toBe(false);
  });

  it('starts again at page 1 in another scope (another branch)', async () => {
    renderWithProviders(<Branches />);
    await screen.findByText('Row 1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Row 11');
    fireEvent.click(screen.getByRole('button', { name: 'Branch 2' }));
    await waitFor(() => expect(last()).toMatchObject({ scope: 'b2', page: 1 }));
    expect(asked.some((r) => r.scope === 'b2' && r.page !== 1)).toBe(false);
  });

  it('sends the search after the debounce, and an emptied search (Clear filters) at once', async () => {
    renderWithProviders(<List scope="b1" />);
    await screen.findByText('Row 1');
    fireEvent.change(screen.getByLabelText('Search rows'), { target: { value: ' milk ' } });
    expect(asked.some((r) => r.search === 'milk')).toBe(false);
    expect(await screen.findByText('No rows', {}, { timeout: 2000 })).toBeTruthy();
    expect(last()).toMatchObject({ search: 'milk', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Well within the 500 ms debounce: the whole list is back.
    expect(await screen.findByText('Row 1', {}, { timeout: 250 })).toBeTruthy();
    expect((screen.getByLabelText('Search rows') as HTMLInputElement).value).toBe('');
  });

  it('says the list is empty, without a table or a pager', async () => {
    total = 0;
    renderWithProviders(<List scope="b1" />);
    expect(await screen.findByText('No rows')).toBeTruthy();
    expect(screen.queryByText('0 rows')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loader first, then the error text and one toast under the list id when the page fails', async () => {
    fail = true;
    renderWithProviders(<List scope="b1" />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByText('The rows could not be loaded')).toBeTruthy();
    expect(notifyError).toHaveBeenCalledWith('Failed to fetch rows', 'Error', 'fetch-rows');
  });
});
