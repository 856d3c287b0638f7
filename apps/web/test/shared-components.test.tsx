import { Table } from '@mantine/core';
import type { TransferDetail } from '@pos/shared';
import { IconCash } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailField } from '../src/components/detail-field';
import { StatCard } from '../src/components/stat-card';
import { ListState, TableStateRow } from '../src/components/table-state';
import { TransferLinesTable } from '../src/features/transfers/components/transfer-lines-table';
import { renderWithProviders } from './render';

function inTable(row: React.ReactElement) {
  return renderWithProviders(
    <Table aria-label="Things">
      <Table.Tbody>{row}</Table.Tbody>
    </Table>,
  );
}

describe('TableStateRow', () => {
  it('is one row across every column with a named loader while loading', () => {
    inTable(<TableStateRow colSpan={5} loading failed errorText="Failed to fetch things" emptyText="No things" />);
    const cell = screen.getByRole('cell');
    expect(cell.getAttribute('colspan')).toBe('5');
    expect(within(cell).getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('Failed to fetch things')).toBeNull();
  });

  it('says the error when the list failed, else the empty text', () => {
    const { unmount } = inTable(
      <TableStateRow colSpan={3} loading={false} failed errorText="Failed to fetch things" emptyText="No things" />,
    );
    expect(screen.getByRole('cell').textContent).toBe('Failed to fetch things');
    unmount();
    inTable(<TableStateRow colSpan={3} loading={false} errorText="Failed to fetch things" emptyText="No things" />);
    expect(screen.getByRole('cell').textContent).toBe('No things');
  });
});

describe('ListState', () => {
  it('shows the loader, then the error or the empty text', () => {
    const first = renderWithProviders(<ListState loading emptyText="No brands found" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    first.unmount();
    const second = renderWithProviders(
      <ListState loading={false} failed errorText="Failed to fetch brands" emptyText="No brands found" />,
    );
    expect(screen.getByText('Failed to fetch brands')).toBeTruthy();
    second.unmount();
    renderWithProviders(<ListState loading={false} emptyText="No brands found" />);
    expect(screen.getByText('No brands found')).toBeTruthy();
  });
});

describe('StatCard and DetailField', () => {
  it('makes the card a region named by its title holding the figure', () => {
    renderWithProviders(
      <StatCard title="Today's Sales" icon={<IconCash />} color="green">
        <span>PKR 10.00</span>
      </StatCard>,
    );
    expect(within(screen.getByRole('region', { name: "Today's Sales" })).getByText('PKR 10.00')).toBeTruthy();
  });

  it('puts the label over the value', () => {
    renderWithProviders(<DetailField label="Cashier">Ali</DetailField>);
    const label = screen.getByText('Cashier');
    expect(label.nextElementSibling?.textContent).toBe('Ali');
  });
});

describe('TransferLinesTable', () => {
  const line = {
    id: 'l1',
    productId: 'p1',
    sku: 'SKU-1',
    name: 'Rice 5kg',
    quantity: 10,
    received: 0,
    damaged: 0,
    missing: 10,
    destinationProductId: null,
  };
  const transfer = (status: TransferDetail['status'], l = line) =>
    ({ status, lines: [l] }) as unknown as TransferDetail;

  it('calls what is not yet received "Still to come" in transit, never "Missing"', () => {
    renderWithProviders(<TransferLinesTable transfer={transfer('in_transit')} />);
    expect(screen.getByRole('columnheader', { name: 'Still to come' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Missing' })).toBeNull();
  });

  it('calls it "Missing" once the transfer is closed', () => {
    renderWithProviders(<TransferLinesTable transfer={transfer('closed', { ...line, received: 8, missing: 2 })} />);
    expect(screen.getByRole('columnheader', { name: 'Missing' })).toBeTruthy();
  });
});
