import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * Deep pages (docs/architecture/lists.md). OFFSET walks every earlier row, and a list that joins
 * before its LIMIT joins every one of them: at 1,000,000 sales page 50,000 took ~0.8 s. A long list
 * therefore reads a page in two steps, behind the same page numbers:
 *
 * 1. the page's ids: a walk of a covering index (migration 0015: the list's whole order, ties included,
 *    plus the columns its filters test), so the walk reads no table rows, started from the nearer end of
 *    the order (`pageWindow`): the last page is as cheap as the first, the middle one walks half;
 * 2. the page's rows by those ids, joined and ordered as the list is.
 *
 * The pages are exactly OFFSET's pages of the same order (the order is total: it ends with a unique key).
 *
 * A list whose rows are counted per local day by a kept table (sales_daily, returns_daily,
 * stock_movements_daily) goes further (`readPageByDays`): the day counts give the total and the day the
 * page starts in, so the walk starts at that day's edge (a narrower date filter) and skips only rows of
 * that one day. Any page then costs about what page 1 does, whatever the filters the counts can answer.
 */

/** Which rows of the order to read: `limit` rows after `offset`, counted from the end when `reverse`. */
export type PageWindow = { offset: number; limit: number; reverse: boolean };

/**
 * The window of page `page` (1-based, `limit` rows) of a list of `total` rows, read from the nearer end;
 * null past the end. `total` must be the count of the same filters (a stale count shifts a reversed window
 * as much as new rows shift an OFFSET page).
 */
export function pageWindow({ page, limit, total }: { page: number; limit: number; total: number }): PageWindow | null {
  const start = (page - 1) * limit;
  if (start >= total) return null;
  const end = Math.min(total, start + limit);
  if (start <= total - end) return { offset: start, limit: end - start, reverse: false };
  return { offset: total - end, limit: end - start, reverse: true };
}

/** One column of a list's order. The last one must make the order total (a unique key). */
export type OrderKey = { column: AnyColumn | SQL; direction: 'asc' | 'desc' };

/** The ORDER BY of the order, or of its reverse (a window read from the end). */
export function orderBy(keys: readonly OrderKey[], reverse = false): SQL[] {
  return keys.map(({ column, direction }) => {
    const ascending = (direction === 'asc') !== reverse;
    return ascending ? asc(column) : desc(column);
  });
}

/** The window as the page's ORDER BY, LIMIT and OFFSET of the id walk. */
export function windowQuery(keys: readonly OrderKey[], window: PageWindow) {
  return { order: orderBy(keys, window.reverse), limit: window.limit, offset: window.offset };
}

/**
 * A page of a list and the list's count: page 1 reads both at once; a later page counts first (the
 * count decides the end the window is read from) and reads nothing past the end.
 */
export async function readPage<Row>({
  page,
  limit,
  count,
  rows,
}: {
  page: number;
  limit: number;
  count: () => Promise<number>;
  rows: (window: PageWindow) => Promise<Row[]>;
}): Promise<[Row[], number]> {
  if (page === 1) return Promise.all([rows({ offset: 0, limit, reverse: false }), count()]);
  const total = await count();
  const window = pageWindow({ page, limit, total });
  return [window ? await rows(window) : [], total];
}

/** How many rows of a list fall on one local day (yyyy-mm-dd, the branch's time zone). */
export type DayCount = { day: string; rows: number };

/** A window narrowed to the days it can fall in: the walk starts at a day's edge, `window.offset` counts from there. */
export type DaySeek = { window: PageWindow; days: { startDate?: string; endDate?: string } };

/**
 * Narrows a window of a list ordered newest first by a timestamp whose local days `counts` counts (every
 * row of the list's filters, each on its day; any order). A window from the newest end skips whole days
 * from the newest and ends the period at the day the window starts in; one from the oldest end (reverse)
 * skips from the oldest and starts the period there. The rows the narrowed window reads are exactly
 * those of the window over the whole list, as long as the counts are exact.
 */
export function seekByDays(window: PageWindow, counts: readonly DayCount[]): DaySeek {
  const days = counts.filter((c) => c.rows > 0).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (!window.reverse) days.reverse();
  let offset = window.offset;
  for (const { day, rows } of days) {
    if (offset < rows) {
      return { window: { ...window, offset }, days: window.reverse ? { startDate: day } : { endDate: day } };
    }
    offset -= rows;
  }
  // Past the counted rows (counts behind the rows): the plain window.
  return { window, days: {} };
}

/**
 * A page of a list counted per local day (see `seekByDays`), and the list's total (the sum of the
 * counts). `rows` gets the window and the period to read it in, to be intersected with the list's own
 * date filter (the period always lies within the counted days, so within that filter).
 */
export async function readPageByDays<Row>({
  page,
  limit,
  counts,
  rows,
}: {
  page: number;
  limit: number;
  counts: () => Promise<DayCount[]>;
  rows: (seek: DaySeek) => Promise<Row[]>;
}): Promise<[Row[], number]> {
  const totalOf = (days: DayCount[]) => days.reduce((n, d) => n + d.rows, 0);
  if (page === 1) {
    const [first, days] = await Promise.all([
      rows({ window: { offset: 0, limit, reverse: false }, days: {} }),
      counts(),
    ]);
    return [first, totalOf(days)];
  }
  const days = await counts();
  const total = totalOf(days);
  const window = pageWindow({ page, limit, total });
  return [window ? await rows(seekByDays(window, days)) : [], total];
}

/** The list's date filter narrowed to a seek's period (the later start, the earlier end). */
export function withinDays<F extends { startDate?: string; endDate?: string }>(filters: F, { days }: DaySeek): F {
  const later = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earlier = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : (a ?? b));
  return {
    ...filters,
    startDate: later(filters.startDate, days.startDate),
    endDate: earlier(filters.endDate, days.endDate),
  };
}

/** A mark of a list's order (a kept cut of it): its key, and how many of the list's rows lie from it up to the next mark. */
export type OrderMark<Key> = { key: Key; rows: number };

/** Where a page starts: `offset` rows after the row at or after `from` (from the start of the list without one). */
export type MarkSeek<Key> = { from?: Key; window: PageWindow };

/**
 * Narrows the rows `start` to `start + limit` of a list cut by `marks` (every row of the list counted
 * under the last mark at or before it, in the list's order) to a walk from the mark of the run `start`
 * falls in: the walk skips at most that run's rows. Past the counted rows, the plain window.
 */
export function seekByMarks<Key>(start: number, limit: number, marks: readonly OrderMark<Key>[]): MarkSeek<Key> {
  let before = 0;
  for (const { key, rows } of marks) {
    if (start < before + rows) return { from: key, window: { offset: start - before, limit, reverse: false } };
    before += rows;
  }
  return { window: { offset: start, limit, reverse: false } };
}

/**
 * A page of a list cut into runs by kept marks (see `seekByMarks`; `marks` in the list's order), and the
 * list's total (the sum of the marks' rows). Any page costs a read of the marks and a walk of one run.
 */
export async function readPageByMarks<Row, Key>({
  page,
  limit,
  marks,
  rows,
}: {
  page: number;
  limit: number;
  marks: () => Promise<OrderMark<Key>[]>;
  rows: (seek: MarkSeek<Key>) => Promise<Row[]>;
}): Promise<[Row[], number]> {
  const totalOf = (all: OrderMark<Key>[]) => all.reduce((n, m) => n + m.rows, 0);
  if (page === 1) {
    const [first, all] = await Promise.all([rows({ window: { offset: 0, limit, reverse: false } }), marks()]);
    return [first, totalOf(all)];
  }
  const all = await marks();
  const total = totalOf(all);
  const start = (page - 1) * limit;
  return [start < total ? await rows(seekByMarks(start, limit, all)) : [], total];
}
