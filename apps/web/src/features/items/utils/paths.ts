/** Where the Items screens live: the list, /new, and /:id for one item. */
export const ITEMS_PATH = '/dashboard/items';

export const itemPath = (id: string) => `${ITEMS_PATH}/${encodeURIComponent(id)}`;
