/**
 * The product form's category and brand pickers (spec 02, sections 2 and 9): pages of 10 loaded on
 * demand, at most 50 options in the dropdown.
 */

export const PICKER_PAGE_SIZE = 10;
export const PICKER_DROPDOWN_LIMIT = 50;
export const PICKER_DEBOUNCE_MS = 800;

export type PickerItem = { id: string; name: string };
export type PickerPage = { data: ReadonlyArray<PickerItem>; meta?: { page: number; totalPages: number } };
export type PickerOption = { value: string; label: string };

/** The page to load next, or undefined when the list is complete or the dropdown is full. */
export function nextPickerPage(
  lastPage: PickerPage,
  allPages: ReadonlyArray<PickerPage>,
  dropdownLimit = PICKER_DROPDOWN_LIMIT,
): number | undefined {
  const loaded = allPages.reduce((sum, page) => sum + page.data.length, 0);
  if (loaded >= dropdownLimit || lastPage.data.length === 0) return undefined;
  const page = lastPage.meta?.page ?? allPages.length;
  const totalPages = lastPage.meta?.totalPages ?? page;
  return page < totalPages ? page + 1 : undefined;
}

/**
 * The options of the loaded pages, without duplicates (a row can shift pages while loading), capped at
 * the dropdown limit. The current value stays selectable although its page is not loaded (an edited
 * product's category may be the 300th): it is put first when missing.
 */
export function pickerOptions({
  pages,
  selected,
  limit = PICKER_DROPDOWN_LIMIT,
}: {
  pages: ReadonlyArray<PickerPage>;
  selected?: PickerItem | null;
  limit?: number;
}): PickerOption[] {
  const seen = new Set<string>();
  const options: PickerOption[] = [];
  const add = (item: PickerItem) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    options.push({ value: item.id, label: item.name });
  };
  for (const page of pages) for (const item of page.data) add(item);
  const capped = options.slice(0, limit);
  if (selected && !capped.some((o) => o.value === selected.id)) {
    return [{ value: selected.id, label: selected.name }, ...capped.slice(0, Math.max(0, limit - 1))];
  }
  return capped;
}
