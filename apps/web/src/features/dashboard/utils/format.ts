import { changeVsYesterday, formatReturnRate, moreItemsText } from '@pos/shared';
import { NOT_AVAILABLE } from '../../../lib/format';

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

/**
 * How long ago an instant was, in its two largest units: '45 min', '3 h 12 min', '2 d 4 h'; 'under a minute'
 * below one; 'N/A' for an unreadable instant (a clock ahead of the server's reads as under a minute).
 */
export function formatAge(since: string, now: number = Date.now()): string {
  const at = new Date(since).getTime();
  if (Number.isNaN(at)) return NOT_AVAILABLE;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
