/** Header pickers: the label sits left of the input so both fit the 60px header. */
export const inlinePickerStyles = {
  root: { display: 'flex', alignItems: 'center', gap: 8 },
  label: { marginBottom: 0, whiteSpace: 'nowrap' as const, fontSize: 'var(--mantine-font-size-xs)' },
  wrapper: { flex: 1, minWidth: 0 },
};

/**
 * A fixed picker stays readable, and lets the pointer through to its wrapper so the tooltip
 * explaining why it is fixed can open (a disabled input receives no mouse events).
 */
export const disabledPickerStyles = {
  ...inlinePickerStyles,
  input: { pointerEvents: 'none' as const, color: 'var(--mantine-color-gray-7)', opacity: 1 },
};
