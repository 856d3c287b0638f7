import { Table } from '@mantine/core';
import type { PageMeta } from '@pos/shared';
import type { ReactNode } from 'react';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { showingRange } from '../../../lib/format';
import { HISTORY_PAGE_SIZE, type HistoryRange } from '../hooks/use-history-range';
import { HistoryRangeFilter } from './history-range-filter';

type HistoryTabProps<T> = {
  range: HistoryRange;
  page: { data: T[]; meta: PageMeta } | undefined;
  loading: boolean;
  /** The table's accessible name ('Transaction History'). */
  label: string;
  /** What the rows are, for the footer ('transactions'). */
  noun: string;
  emptyText: string;
  columns: ReactNode[];
  minWidth: number;
  row: (item: T) => ReactNode;
};

/** A customer history: the date range, the page of rows (or the empty text) and the pager. */
export function HistoryTab<T>({
  range,
  page,
  loading,
  label,
  noun,
  emptyText,
  columns,
  minWidth,
  row,
}: HistoryTabProps<T>) {
  const rows = page?.data ?? [];
  return (
    <>
      <HistoryRangeFilter range={range} />
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>{columns}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <TableStateRow colSpan={columns.length} loading={loading} emptyText={emptyText} />
            ) : (
              rows.map(row)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page ? (
        <PagerFooter
          mt="sm"
          label={showingRange({ page: range.page, limit: HISTORY_PAGE_SIZE, total: page.meta.total, noun })}
          page={range.page}
          totalPages={Math.max(1, page.meta.totalPages)}
          onPageChange={range.setPage}
        />
      ) : null}
    </>
  );
}
