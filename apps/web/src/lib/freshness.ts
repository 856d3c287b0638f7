import type { Freshness } from '@pos/shared';

/**
 * How old the figures on a screen are when the server read them from a replica that was behind
 * (docs/architecture/database.md, 'Reads from a replica'): the stalest of the screen's answers, or null
 * when none is stale (the server says so in `meta.freshness.stale`).
 */
export function stalestFreshness(answers: readonly (Freshness | null | undefined)[]): Freshness | null {
  let stalest: Freshness | null = null;
  for (const freshness of answers) {
    if (freshness?.stale && (!stalest || freshness.lagSeconds > stalest.lagSeconds)) stalest = freshness;
  }
  return stalest;
}

/** "12 s", "3 min", "2 h": how far behind, rounded down to the unit that reads best. */
export function formatLag(lagSeconds: number): string {
  const seconds = Math.max(0, Math.round(lagSeconds));
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 2 * 60 * 60) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** The notice under a screen's title: "Figures as of 12 s ago (read from a replica)". */
export const freshnessText = (freshness: Freshness) =>
  `Figures as of ${formatLag(freshness.lagSeconds)} ago (read from a replica)`;
