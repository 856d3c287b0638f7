// Counting the drawer. No zod in this module: the register's Open shift prompt, which can show on
// the register's first load, takes it without the schemas (the first-load JavaScript budget).

/** The total of a denomination count (`{ "<minor units>": count }`, a DenominationCount), in minor units. */
export function denominationTotalMinor(count: Readonly<Record<string, number>>): number {
  return Object.entries(count).reduce((sum, [value, n]) => sum + Number(value) * n, 0);
}
