import { type ComboboxItem, getDefaultZIndex, InputBase, type InputBaseProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CSSProperties, useMemo, useState } from 'react';
import { PickerInput, Swap, useOpenWhenLoaded } from './popups/deferred';
import { type PopupParts, usePopupParts } from './popups/load';

export const PICKER_SEARCH_DEBOUNCE_MS = 300;

/** Filters by label, case-insensitive; an empty query keeps every option. */
export function filterOptions(data: ComboboxItem[], query: string): ComboboxItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return data;
  return data.filter((item) => item.label.toLowerCase().includes(needle));
}

type Props = Pick<InputBaseProps, 'label' | 'size' | 'disabled' | 'styles' | 'w'> & {
  data: ComboboxItem[];
  value: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  nothingFound?: string;
  debounceMs?: number;
  'aria-label'?: string;
};

/**
 * A searchable picker (company, branch). The list is filtered only once typing pauses for
 * `debounceMs`. Its input keeps the textbox role, with the label as its name; the options are
 * listbox options, the listbox named like the field.
 */
export function SearchablePicker(props: Props) {
  const parts = usePopupParts();
  const [openWhenLoaded, open] = useOpenWhenLoaded();
  const { data, value, placeholder, disabled, label, size, styles, w } = props;
  // A disabled picker never opens: its read-only field is all it needs.
  if (parts && !disabled) {
    return (
      <Swap loaded>
        <LoadedPicker {...props} parts={parts} defaultOpened={openWhenLoaded} />
      </Swap>
    );
  }
  return (
    <Swap loaded={false}>
      <PickerInput
        label={label}
        size={size}
        styles={styles}
        w={w}
        aria-label={props['aria-label']}
        disabled={disabled}
        placeholder={placeholder}
        value={data.find((item) => item.value === value)?.label ?? ''}
        onOpen={disabled ? undefined : open}
      />
    </Swap>
  );
}

function LoadedPicker({
  data,
  value,
  onChange,
  placeholder,
  nothingFound = 'Nothing found',
  debounceMs = PICKER_SEARCH_DEBOUNCE_MS,
  disabled,
  parts: { Combobox, useCombobox },
  defaultOpened,
  ...inputProps
}: Props & { parts: PopupParts; defaultOpened: boolean }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, debounceMs);
  const combobox = useCombobox({
    defaultOpened,
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const selectedLabel = data.find((item) => item.value === value)?.label ?? '';
  const options = useMemo(() => filterOptions(data, debouncedSearch), [data, debouncedSearch]);
  const isOpen = combobox.dropdownOpened;

  return (
    <Combobox
      store={combobox}
      withinPortal
      // Above the toasts (Mantine's notifications sit at the overlay layer): the header's pickers open at the top
      // right, where a toast (the sign-in's) shows below the header, and their options must take the click.
      zIndex={getDefaultZIndex('overlay') + 1}
      onOptionSubmit={(next) => {
        if (next !== value) onChange?.(next);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          {...inputProps}
          disabled={disabled}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          value={isOpen ? search : selectedLabel}
          placeholder={isOpen ? selectedLabel || placeholder : placeholder}
          onChange={(event) => {
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            setSearch(event.currentTarget.value);
          }}
          onClick={() => !disabled && combobox.openDropdown()}
          onFocus={() => !disabled && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          autoComplete="off"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options
          // The list is named like its field (axe: a listbox needs a name).
          aria-label={typeof inputProps.label === 'string' ? inputProps.label : inputProps['aria-label']}
          mah={280}
          style={{ overflowY: 'auto' } satisfies CSSProperties}
        >
          {options.length > 0 ? (
            options.map((item) => (
              <Combobox.Option value={item.value} key={item.value} active={item.value === value}>
                {item.label}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{nothingFound}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
