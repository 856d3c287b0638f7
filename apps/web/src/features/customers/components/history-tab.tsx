import type { ReactNode } from 'react';
import { type Column, PagedTable } from '../../../components/paged-table';
import { showingRange } from '../../../lib/format';
import type { PagedRows } from '../../../lib/use-paged-list';
import { toDay } from '../utils/format';
import { type HistoryDates, HistoryRangeFilter } from './history-range-filter';

/** Customer histories list 10 a page (spec 02). */
export const HISTORY_PAGE_SIZE = 10;

/** A history's first range: none (every date). */
export const ALL_DATES: HistoryDates = { start: null, end: null };

/** The range a history's request carries: its days, or nothing for an open end. */
export const historyRange = ({ start, end }: HistoryDates) => ({ startDate: toDay(start), endDate: toDay(end) });

type HistoryTabProps<T> = {
  /** The history's paged list (`usePagedList` with the dates as its filters). */
  list: PagedRows<T> & {
    filters: HistoryDates;
    setFilter: <K extends keyof HistoryDates>(key: K, value: HistoryDates[K]) => void;
  };
  /** The table's accessible name ('Transaction History'). */
  label: string;
  /** What the rows are, for the footer ('transactions'). */
  noun: string;
  emptyText: string;
  columns: Column[];
  minWidth: number;
  row: (item: T) => ReactNode;
};

/** A customer history: the date range, the page of rows (or the empty text) and the pager. */
export function HistoryTab<T>({ list, label, noun, emptyText, columns, minWidth, row }: HistoryTabProps<T>) {
  return (
    <>
      <HistoryRangeFilter dates={list.filters} onChange={list.setFilter} />
      <PagedTable
        list={list}
        label={label}
        columns={columns}
        row={row}
        minWidth={minWidth}
        emptyText={emptyText}
        summary={(range) => showingRange({ ...range, noun })}
      />
    </>
  );
}
