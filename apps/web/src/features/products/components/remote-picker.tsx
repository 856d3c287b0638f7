import { Loader, type OptionsFilter, Select } from '@mantine/core';
import type { PickerSource } from '../hooks/use-remote-picker';
import { useRemotePicker } from '../hooks/use-remote-picker';
import { PICKER_DROPDOWN_LIMIT, type PickerItem } from '../utils/picker-options';

type Props = {
  source: PickerSource;
  branchId: string | null;
  label: string;
  placeholder: string;
  nothingFound: string;
  value: string | null;
  selected: PickerItem | null;
  onChange: (item: PickerItem | null) => void;
  error?: React.ReactNode;
};

/** The server already filtered the options; Select must not filter them again. */
const keepAll: OptionsFilter = ({ options }) => options;

/** A searchable Select over GET /categories or /brands that loads 10 at a time on demand. */
export function RemotePicker({
  source,
  branchId,
  label,
  placeholder,
  nothingFound,
  value,
  selected,
  onChange,
  error,
}: Props) {
  const picker = useRemotePicker({ source, branchId, selected });

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={picker.options}
      value={value}
      onChange={(next, option) => onChange(next && option ? { id: next, name: option.label } : null)}
      searchable
      clearable
      searchValue={picker.search}
      onSearchChange={picker.setSearch}
      filter={keepAll}
      limit={PICKER_DROPDOWN_LIMIT}
      maxDropdownHeight={220}
      onDropdownOpen={picker.open}
      onDropdownClose={picker.close}
      scrollAreaProps={{ onBottomReached: picker.loadMore }}
      nothingFoundMessage={picker.isLoading ? 'Loading...' : picker.isError ? 'Failed to load' : nothingFound}
      rightSection={picker.isOpen && picker.isLoading ? <Loader size={14} /> : undefined}
      error={error}
    />
  );
}
