import { useState } from 'react';
import { toDay } from '../utils/format';

export type DateValue = string | null;

/** A history tab's date range and page; a new date goes back to page 1. */
export function useHistoryRange() {
  const [start, setStart] = useState<DateValue>(null);
  const [end, setEnd] = useState<DateValue>(null);
  const [page, setPage] = useState(1);
  const params = { page, limit: HISTORY_PAGE_SIZE, startDate: toDay(start), endDate: toDay(end) };
  return {
    start,
    end,
    page,
    setPage,
    params,
    setStart: (v: DateValue) => {
      setStart(v);
      setPage(1);
    },
    setEnd: (v: DateValue) => {
      setEnd(v);
      setPage(1);
    },
  };
}

export type HistoryRange = ReturnType<typeof useHistoryRange>;

/** Customer histories list 10 a page (spec 02). */
export const HISTORY_PAGE_SIZE = 10;
