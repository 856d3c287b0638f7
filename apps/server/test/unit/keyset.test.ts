import { describe, expect, it } from 'vitest';
import {
  type DayCount,
  type MarkSeek,
  pageWindow,
  seekByDays,
  seekByMarks,
  withinDays,
} from '../../src/lib/keyset.repo';

/** The rows of a list newest first: each day's rows, newest day first (rows within a day: 0 newest). */
function listOf(counts: DayCount[]) {
  return [...counts]
    .sort((a, b) => (a.day < b.day ? 1 : -1))
    .flatMap(({ day, rows }) => Array.from({ length: rows }, (_, i) => `${day}#${i}`));
}

/** What a seek reads: the rows within its period, the window applied to them as the repo does. */
function read(counts: DayCount[], seek: ReturnType<typeof seekByDays>) {
  const rows = listOf(counts).filter((r) => {
    const day = r.slice(0, 10);
    return (!seek.days.startDate || day >= seek.days.startDate) && (!seek.days.endDate || day <= seek.days.endDate);
  });
  const { offset, limit, reverse } = seek.window;
  if (!reverse) return rows.slice(offset, offset + limit);
  const end = rows.length - offset;
  return rows.slice(Math.max(0, end - limit), end);
}

describe('seekByDays (lib/keyset.repo.ts)', () => {
  const counts: DayCount[] = [
    { day: '2024-01-03', rows: 4 },
    { day: '2024-01-01', rows: 3 },
    { day: '2024-01-02', rows: 0 },
    { day: '2024-01-05', rows: 1 },
    { day: '2024-01-04', rows: 5 },
  ];
  const total = 13;

  it('reads exactly the page OFFSET reads, for every page and size, from either end', () => {
    const all = listOf(counts);
    for (const limit of [1, 2, 3, 4, 5, 13, 20]) {
      for (let page = 1; page <= Math.ceil(total / limit); page += 1) {
        const window = pageWindow({ page, limit, total });
        if (!window) throw new Error('window');
        const seek = seekByDays(window, counts);
        expect(read(counts, seek), `page ${page} of ${limit}`).toEqual(all.slice((page - 1) * limit, page * limit));
        // The walk skips only rows of the day it starts in.
        const startDay = seek.days.endDate ?? seek.days.startDate;
        const inDay = counts.find((c) => c.day === startDay)?.rows ?? 0;
        expect(seek.window.offset).toBeLessThan(Math.max(1, inDay));
      }
    }
  });

  it('starts the period at the day a window from the newest end starts in, or from the oldest end', () => {
    expect(seekByDays({ offset: 0, limit: 2, reverse: false }, counts).days).toEqual({ endDate: '2024-01-05' });
    expect(seekByDays({ offset: 1, limit: 2, reverse: false }, counts)).toEqual({
      window: { offset: 0, limit: 2, reverse: false },
      days: { endDate: '2024-01-04' },
    });
    expect(seekByDays({ offset: 4, limit: 2, reverse: true }, counts)).toEqual({
      window: { offset: 1, limit: 2, reverse: true },
      days: { startDate: '2024-01-03' },
    });
  });

  it('keeps the plain window past the counted rows, and intersects the period with the list filter', () => {
    expect(seekByDays({ offset: 20, limit: 2, reverse: false }, counts)).toEqual({
      window: { offset: 20, limit: 2, reverse: false },
      days: {},
    });
    const seek = { window: { offset: 0, limit: 2, reverse: false }, days: { endDate: '2024-01-04' } };
    expect(withinDays({ startDate: '2024-01-02', endDate: '2024-01-09', x: 1 }, seek)).toEqual({
      startDate: '2024-01-02',
      endDate: '2024-01-04',
      x: 1,
    });
    expect(withinDays({}, { ...seek, days: { startDate: '2024-01-03' } })).toEqual({
      startDate: '2024-01-03',
      endDate: undefined,
    });
  });
});

describe('seekByMarks: a page from the mark of the run it starts in', () => {
  // 22 rows a..w without o, cut into runs at a (5 rows), f (9), o (0: its row gone since the cut), p (8).
  const all = 'abcdefghijklmnpqrstuvw'.split('');
  const marks = [
    { key: 'a', rows: 5 },
    { key: 'f', rows: 9 },
    { key: 'o', rows: 0 },
    { key: 'p', rows: 8 },
  ];
  const read = (seek: MarkSeek<string>) => {
    const from = seek.from ?? '';
    return all.filter((r) => r >= from).slice(seek.window.offset, seek.window.offset + seek.window.limit);
  };

  it('reads every page exactly as OFFSET does, walking less than a run', () => {
    for (const limit of [1, 2, 3, 5, 7, 10]) {
      for (let start = 0; start < all.length; start += limit) {
        const seek = seekByMarks(start, limit, marks);
        expect(read(seek), `rows ${start} + ${limit}`).toEqual(all.slice(start, start + limit));
        expect(seek.window.offset).toBeLessThan(9);
        expect(seek.window.reverse).toBe(false);
      }
    }
  });

  it('starts at the run the first row falls in, and keeps the plain window past the counted rows', () => {
    expect(seekByMarks(5, 2, marks)).toEqual({ from: 'f', window: { offset: 0, limit: 2, reverse: false } });
    expect(seekByMarks(14, 2, marks)).toEqual({ from: 'p', window: { offset: 0, limit: 2, reverse: false } });
    expect(seekByMarks(13, 2, marks)).toEqual({ from: 'f', window: { offset: 8, limit: 2, reverse: false } });
    expect(seekByMarks(30, 2, marks)).toEqual({ window: { offset: 30, limit: 2, reverse: false } });
  });
});
