import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterOptions, PICKER_SEARCH_DEBOUNCE_MS, SearchablePicker } from '../src/components/searchable-picker';
import { renderWithProviders } from './render';

const data = [
  { value: 'main', label: 'Main Branch' },
  { value: 'gulberg', label: 'Gulberg Branch' },
  { value: 'dha', label: 'DHA Outlet' },
];

describe('filterOptions', () => {
  it('matches labels case-insensitively and keeps everything for an empty query', () => {
    expect(filterOptions(data, 'branch').map((o) => o.value)).toEqual(['main', 'gulberg']);
    expect(filterOptions(data, ' dha ').map((o) => o.value)).toEqual(['dha']);
    expect(filterOptions(data, '')).toHaveLength(3);
  });
});

describe('SearchablePicker', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('is a labelled textbox showing the selected option', () => {
    renderWithProviders(<SearchablePicker label="Branch" data={data} value="gulberg" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Branch' }) as HTMLInputElement;
    expect(input.value).toBe('Gulberg Branch');
  });

  it('filters the options only after the 300 ms debounce', async () => {
    expect(PICKER_SEARCH_DEBOUNCE_MS).toBe(300);
    renderWithProviders(<SearchablePicker label="Branch" data={data} value="main" onChange={() => {}} />);
    // The list's code loads at the first click (components/popups), then the list opens.
    fireEvent.click(screen.getByRole('textbox', { name: 'Branch' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    const input = screen.getByRole('textbox', { name: 'Branch' });

    fireEvent.change(input, { target: { value: 'dha' } });
    act(() => vi.advanceTimersByTime(PICKER_SEARCH_DEBOUNCE_MS - 50));
    expect(screen.getAllByRole('option')).toHaveLength(3);

    act(() => vi.advanceTimersByTime(100));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['DHA Outlet']);
  });

  it('reports the picked option and stays put when disabled', async () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(
      <SearchablePicker label="Branch" data={data} value="main" onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('textbox', { name: 'Branch' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DHA Outlet' }));
    expect(onChange).toHaveBeenCalledWith('dha');
    unmount();

    renderWithProviders(<SearchablePicker label="Your branch" data={data} value="main" disabled />);
    const fixed = screen.getByRole('textbox', { name: 'Your branch' }) as HTMLInputElement;
    expect(fixed.disabled).toBe(true);
    fireEvent.click(fixed);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
