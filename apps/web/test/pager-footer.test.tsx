import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagerFooter } from '../src/components/pager-footer';
import { renderWithProviders } from './render';

describe('PagerFooter', () => {
  it('shows the label and the pages, and reports the page chosen', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<PagerFooter label="42 brands" page={1} totalPages={5} onPageChange={onPageChange} />);
    expect(screen.getByText('42 brands').textContent).toBe('42 brands');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows a page past the end (the list shrank) as the last page', () => {
    renderWithProviders(<PagerFooter label="2 brands" page={4} totalPages={2} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');
  });

  it('names the controls for screen readers when asked', () => {
    renderWithProviders(<PagerFooter label="x" page={2} totalPages={3} onPageChange={() => {}} labelledControls />);
    expect(screen.getAllByRole('button', { name: /^(next|previous) page$/ })).toHaveLength(2);
  });
});
