import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FreshnessNotice } from '../src/components/freshness-notice';
import { formatLag, freshnessText, stalestFreshness } from '../src/lib/freshness';
import { renderWithProviders } from './render';

/** Figures read from a replica that was behind (docs/architecture/database.md, 'Reads from a replica'). */
const replica = (lagSeconds: number, stale = lagSeconds > 5) => ({ source: 'replica' as const, lagSeconds, stale });

describe('stalestFreshness and formatLag', () => {
  it('picks the stalest stale answer; none when every answer is fresh or came from the primary', () => {
    expect(stalestFreshness([undefined, null, replica(2)])).toBeNull();
    expect(stalestFreshness([replica(8), undefined, replica(40), replica(3)])).toEqual(replica(40));
  });

  it('says the lag in seconds, then minutes, then hours', () => {
    expect(formatLag(12)).toBe('12 s');
    expect(formatLag(119)).toBe('119 s');
    expect(formatLag(185)).toBe('3 min');
    expect(formatLag(3 * 3600 + 10)).toBe('3 h');
    expect(freshnessText(replica(12))).toBe('Figures as of 12 s ago (read from a replica)');
  });
});

describe('FreshnessNotice', () => {
  it('shows nothing while the figures are fresh', () => {
    renderWithProviders(<FreshnessNotice answers={[undefined, replica(1)]} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/read from a replica/)).toBeNull();
  });

  it('says how old the stalest figures are, in a status region', () => {
    renderWithProviders(<FreshnessNotice answers={[replica(12), replica(7), undefined]} />);
    expect(screen.getByRole('status').textContent).toBe('Figures as of 12 s ago (read from a replica)');
  });
});
