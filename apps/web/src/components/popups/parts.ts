// The Mantine parts built on Floating UI, in a chunk of their own: loaded on the first interaction with the page
// (./load.ts), not with the first screen.
export { Combobox, Menu, Popover, Select, Tooltip, useCombobox } from '@mantine/core';
