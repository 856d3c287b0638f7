/**
 * The users table footer: 'Showing x - y of z items' (spec 02, section 2). With no items it reads
 * 'Showing 0 - 0 of 0 items'; a page past the end is clamped to the last item.
 */
export function showingRange({ page, limit, total }: { page: number; limit: number; total: number }): string {
  if (total <= 0 || limit <= 0) return 'Showing 0 - 0 of 0 items';
  const first = Math.min((Math.max(1, page) - 1) * limit + 1, total);
  const last = Math.min(first + limit - 1, total);
  return `Showing ${first} - ${last} of ${total} items`;
}
