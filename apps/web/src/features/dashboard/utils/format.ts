import { changeVsYesterday, formatReturnRate, moreItemsText } from '@pos/shared';

export { formatDollars } from '../../../lib/format';
export { changeVsYesterday, formatReturnRate, moreItemsText };

/** The 'vs yesterday' line: '+12.5%', '-3.0%', or '—' when yesterday had no sales. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}

/** Green up arrow at 0 or more, red down arrow below (no arrow without a figure). */
export function changeTone(change: number | null): 'up' | 'down' | 'none' {
  if (change === null) return 'none';
  return change >= 0 ? 'up' : 'down';
}

/** A status badge colour of the dashboard table: green for completed, yellow for anything else. */
export const statusColor = (status: string) => (status === 'completed' ? 'green' : 'yellow');

/** '2024-05-15' -> '15 May' for the chart's axis. */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
