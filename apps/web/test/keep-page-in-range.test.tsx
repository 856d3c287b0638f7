import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useKeepPageInRange } from '../src/lib/use-paged-list';

const answer = (totalPages: number, isPlaceholderData = false) => ({
  data: { meta: { totalPages } },
  isPlaceholderData,
});

describe('useKeepPageInRange: a page past the end of a list moves to its last page', () => {
  it('moves page 3 of a list now 2 pages long (its last rows deleted) to page 2', () => {
    const setPage = vi.fn();
    renderHook(() => useKeepPageInRange(3, setPage, answer(2)));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('moves to page 1 when the list is now empty (0 pages)', () => {
    const setPage = vi.fn();
    renderHook(() => useKeepPageInRange(2, setPage, answer(0)));
    expect(setPage).toHaveBeenCalledWith(1);
  });

  it('waits while the previous page stands in for the answer, or before any answer', () => {
    const setPage = vi.fn();
    const { rerender } = renderHook(({ query }) => useKeepPageInRange(3, setPage, query), {
      initialProps: { query: answer(2, true) as ReturnType<typeof answer> | { isPlaceholderData: boolean } },
    });
    rerender({ query: { isPlaceholderData: false } });
    expect(setPage).not.toHaveBeenCalled();
    rerender({ query: answer(2) });
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('leaves a page within the list alone', () => {
    const setPage = vi.fn();
    renderHook(() => useKeepPageInRange(2, setPage, answer(2)));
    expect(setPage).not.toHaveBeenCalled();
  });
});
