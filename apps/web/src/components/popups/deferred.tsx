import {
  ComboboxChevron,
  type ComboboxItem,
  InputBase,
  type MenuProps,
  type PopoverProps,
  type SelectProps,
  type TooltipProps,
} from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { loadPopupParts, type PopupParts, usePopupParts } from './load';

// Tooltips, menus, popovers and selects whose Floating UI code loads on the first interaction with the page
// (./load.ts). Until then each shows as its plain control (the button, the input) and a click on it opens the
// popup as soon as it has loaded. The register's first load carries none of it.

/** Keeps the keyboard focus on a control when its plain stand-in is replaced by the loaded one. */
export function Swap({ loaded, children }: { loaded: boolean; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const wasLoaded = useRef(loaded);
  const hadFocus = useRef(false);
  // Read while the stand-in is still in the page: the swap replaces its element.
  if (loaded && !wasLoaded.current) hadFocus.current = ref.current?.contains(document.activeElement) ?? false;
  useLayoutEffect(() => {
    if (!loaded || wasLoaded.current) return;
    wasLoaded.current = true;
    if (hadFocus.current) ref.current?.querySelector<HTMLElement>('input, button, [tabindex]')?.focus();
  }, [loaded]);
  return (
    <span ref={ref} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/** A click on the stand-in: remember to open once loaded, and load. */
export function useOpenWhenLoaded() {
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const open = () => {
    setOpenWhenLoaded(true);
    void loadPopupParts();
  };
  return [openWhenLoaded, open] as const;
}

type Target = ReactElement<Record<string, unknown>>;

/** Mantine's Tooltip around `children`. */
export function Hint({ children, ...props }: TooltipProps) {
  const parts = usePopupParts();
  return <Swap loaded={parts !== null}>{parts ? <parts.Tooltip {...props}>{children}</parts.Tooltip> : children}</Swap>;
}

type PopupMenuProps = Omit<MenuProps, 'children' | 'defaultOpened'> & {
  /** The button that opens the menu. */
  target: Target;
  /** The menu's items, made with the loaded Menu (`Menu.Item`, `Menu.Label`, `Menu.Divider`). */
  children: (menu: PopupParts['Menu']) => ReactNode;
};

/** Mantine's Menu: `target` opens a dropdown of `children(Menu)`. */
export function PopupMenu({ target, children, ...props }: PopupMenuProps) {
  const parts = usePopupParts();
  const [openWhenLoaded, open] = useOpenWhenLoaded();
  if (!parts) {
    return (
      <Swap loaded={false}>
        {cloneElement(target, { 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: open })}
      </Swap>
    );
  }
  const { Menu } = parts;
  return (
    <Swap loaded>
      <Menu {...props} defaultOpened={openWhenLoaded}>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
      </Menu>
    </Swap>
  );
}

type PopupPanelProps = Omit<PopoverProps, 'children' | 'defaultOpened'> & { target: Target; children: ReactNode };

/** Mantine's Popover: `target` opens a panel holding `children`. */
export function PopupPanel({ target, children, ...props }: PopupPanelProps) {
  const parts = usePopupParts();
  const [openWhenLoaded, open] = useOpenWhenLoaded();
  if (!parts) {
    return (
      <Swap loaded={false}>
        {cloneElement(target, { 'aria-haspopup': 'dialog', 'aria-expanded': false, onClick: open })}
      </Swap>
    );
  }
  const { Popover } = parts;
  return (
    <Swap loaded>
      <Popover {...props} defaultOpened={openWhenLoaded}>
        <Popover.Target>{target}</Popover.Target>
        <Popover.Dropdown>{children}</Popover.Dropdown>
      </Popover>
    </Swap>
  );
}

type PickerInputProps = {
  label?: ReactNode;
  placeholder?: string;
  value: string;
  size?: SelectProps['size'];
  disabled?: boolean;
  styles?: SelectProps['styles'];
  w?: SelectProps['w'];
  'aria-label'?: string;
  onOpen?: () => void;
};

/** A select's input before its list has loaded, or for good when it is disabled: the same field, read-only. */
export function PickerInput({ onOpen, styles, ...props }: PickerInputProps) {
  return (
    <InputBase
      {...props}
      // The select's styles name its input, wrapper and label: the same parts as an InputBase.
      styles={styles as never}
      readOnly
      // Like the loaded select's field: it opens a list (Enter, arrow down or a click).
      aria-haspopup="listbox"
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      autoComplete="off"
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === ' ') onOpen?.();
      }}
    />
  );
}

type PopupSelectProps = Omit<SelectProps, 'data' | 'defaultDropdownOpened'> & { data: ComboboxItem[] };

/** Mantine's Select over a list of options. */
export function PopupSelect(props: PopupSelectProps) {
  const parts = usePopupParts();
  const [openWhenLoaded, open] = useOpenWhenLoaded();
  if (parts) {
    return (
      <Swap loaded>
        <parts.Select {...props} defaultDropdownOpened={openWhenLoaded} />
      </Swap>
    );
  }
  const selected = props.data.find((item) => item.value === props.value)?.label ?? '';
  return (
    <Swap loaded={false}>
      <PickerInput
        label={props.label}
        placeholder={props.placeholder}
        value={selected}
        size={props.size}
        disabled={props.disabled}
        onOpen={open}
      />
    </Swap>
  );
}
