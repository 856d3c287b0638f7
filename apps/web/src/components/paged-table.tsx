import { Stack, Table, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedRows } from '../lib/use-paged-list';
import { PagerFooter } from './pager-footer';
import { ListState } from './table-state';

/** A column header: its text, or the text with the header cell's props. `false` leaves the column out. */
export type Column = ReactNode | ({ label: ReactNode } & Omit<TableThProps, 'children'>);

type PagedTableProps<T> = {
  list: PagedRows<T>;
  /** The table's accessible name ('Shifts'). */
  label?: string;
  columns: Column[];
  /** One row: a `Table.Tr` with a key (with `body`, whatever one item shows as, with a key). */
  row: (item: T) => ReactNode;
  /** The page in another shape than a table (the product cards' grid), around the rendered items. */
  body?: (items: ReactNode[]) => ReactNode;
  /** Below this width the table scrolls sideways (without it, it never does). */
  minWidth?: number;
  /** Loading besides the list's own query (the selection still resolving). */
  loading?: boolean;
  emptyText: ReactNode;
  /** Shown when the page failed; without it the empty text. */
  errorText?: ReactNode;
  /** The pager's count ('12 brands', 'Showing 1 - 10 of 42 items'). */
  summary: (range: { page: number; limit: number; total: number }) => ReactNode;
};

const isColumn = (column: Column) => column !== false && column !== null && column !== undefined;
function headerOf(column: Column, index: number) {
  if (typeof column === 'object' && column !== null && 'label' in column) {
    const { label, ...cell } = column;
    return (
      <Table.Th key={index} {...cell}>
        {label}
      </Table.Th>
    );
  }
  return <Table.Th key={index}>{column}</Table.Th>;
}

/**
 * The one table of a paged list: the header and the page's rows (dimmed while the next page loads), or in
 * their place a loader, the error or the empty text (no table: an empty one would scroll sideways on a
 * phone with nothing the keyboard can reach), and below the pager with the count once the list has rows.
 */
export function PagedTable<T>({
  list,
  label,
  columns,
  row,
  body,
  minWidth,
  loading = false,
  emptyText,
  errorText,
  summary,
}: PagedTableProps<T>) {
  const shown = columns.filter(isColumn);
  const isLoading = loading || list.query.isLoading;
  const hasRows = !isLoading && list.rows.length > 0;
  const busy = list.query.isPlaceholderData;
  const state = { loading: isLoading, failed: list.query.isError, errorText, emptyText };
  const dimmed = { opacity: list.query.isPlaceholderData ? 0.6 : 1 };
  return (
    <Stack gap="md">
      {!hasRows ? (
        <ListState {...state} />
      ) : body ? (
        <div style={dimmed} aria-busy={busy || undefined}>
          {body(list.rows.map(row))}
        </div>
      ) : (
        <Table.ScrollContainer minWidth={minWidth ?? 0}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label={label}
            aria-busy={busy || undefined}
            style={dimmed}
          >
            <Table.Thead>
              <Table.Tr>{shown.map(headerOf)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.rows.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.total > 0 ? (
        <PagerFooter
          label={summary({ page: Math.min(list.page, list.totalPages), limit: list.pageSize, total: list.total })}
          page={list.page}
          totalPages={list.totalPages}
          onPageChange={list.setPage}
          labelledControls
        />
      ) : null}
    </Stack>
  );
}
