/** numeric(14,2) arrives from the drivers as a string; the API sends numbers with 2 decimals. */
export function toMoney(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return Math.round(Number(value) * 100) / 100;
}
