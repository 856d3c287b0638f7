import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import './theme.css';

/**
 * Readability is decided here, once, so every screen inherits it (WCAG 2.1 AA: 4.5:1 for text, 3:1
 * for focus rings and control borders). Mantine's palettes are kept; only their upper shades, the ones
 * used as text and as filled backgrounds, are darkened by one factor per colour (the same mix toward
 * black as Mantine's `darken`), so hover steps and hues stay Mantine's.
 */
export const TEXT_CONTRAST = 4.6;

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const darken = (hex: string, amount: number) => toHex(toRgb(hex).map((v) => v * (1 - amount)) as Rgb);

const WHITE = '#ffffff';

/** The page's neutral backgrounds: white, and gray 0 and 1 (striped and hovered table rows, the sign-in page). */
const NEUTRALS = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

/**
 * A palette whose shades 6-9 read on the page and on the palette's light backgrounds: shades 6 and 7
 * (filled buttons under white text, `c="red"` text, outlines, focus rings, filled hover) on the
 * neutral backgrounds and on shade 0, shades 8 and 9 (light variants: badges, alerts, active nav
 * links) on shade 1 and the neutrals.
 */
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const base = palette.map((c) => c.toLowerCase());
  const at = (amount: number) => base.map((c, i) => (i >= 6 ? darken(c, amount) : c));
  const reads = (color: string, backgrounds: string[]) =>
    backgrounds.every((bg) => contrastRatio(color, bg) >= TEXT_CONTRAST);
  for (let step = 0; step <= 100; step++) {
    const c = at(step / 100) as [string, string, ...string[]];
    const [c0, c1, , , , , c6, c7, c8, c9] = c;
    if (
      reads(c6 as string, [...NEUTRALS, c0]) &&
      reads(c7 as string, [...NEUTRALS, c0]) &&
      reads(c8 as string, [...NEUTRALS, c1]) &&
      reads(c9 as string, [...NEUTRALS, c1])
    ) {
      return c as unknown as MantineColorsTuple;
    }
  }
  return base as unknown as MantineColorsTuple;
}

/**
 * Gray: shade 6 is Mantine's "dimmed" text (secondary labels, captions). Darkened until it reads on
 * white, on the page background (gray 0 and 1) and on the light blue of selected rows and totals.
 */
export function readableGray(palette: MantineColorsTuple, lightBackgrounds: string[]): MantineColorsTuple {
  const base = palette.map((c) => c.toLowerCase());
  const backgrounds = [WHITE, base[0] as string, base[1] as string, ...lightBackgrounds];
  for (let step = 0; step <= 100; step++) {
    const dimmed = darken(base[6] as string, step / 100);
    if (backgrounds.every((bg) => contrastRatio(dimmed, bg) >= TEXT_CONTRAST)) {
      return base.map((c, i) => (i === 6 ? dimmed : c)) as unknown as MantineColorsTuple;
    }
  }
  return base as unknown as MantineColorsTuple;
}

const { dark, gray, ...chromatic } = DEFAULT_THEME.colors;

export const READABLE_COLORS: Record<string, MantineColorsTuple> = {
  ...Object.fromEntries(Object.entries(chromatic).map(([name, palette]) => [name, readablePalette(palette)])),
  gray: readableGray(gray, [DEFAULT_THEME.colors.blue[0]]),
};

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  colors: READABLE_COLORS,
  // Filled buttons of light colours (yellow, lime) get dark text instead of white.
  autoContrast: true,
  // The focus ring (2px, primary shade 6, >= 4.5:1 on white) shows for keyboard focus (theme.css adds
  // it to text fields, which Mantine marks by a border colour only).
  focusRing: 'auto',
  components: {
    // Every icon-only close button (dialogs, toasts, alerts, cart tabs) has a name.
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // A dialog's header is not the page's banner landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close drawer' } } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A select's options sit straight in its listbox, which scrolls itself (theme.css): the combobox drives
    // it by keyboard (arrows move through the options and scroll them into view). Mantine's scroll area put
    // a box between the listbox and its options that axe found unreachable and not allowed in a listbox.
    Select: { defaultProps: { withScrollArea: false } },
    MultiSelect: { defaultProps: { withScrollArea: false } },
    Autocomplete: { defaultProps: { withScrollArea: false } },
    // A list with nothing to offer says so as a disabled option: a listbox must hold options (axe:
    // aria-required-children), and the message is read where the options would be.
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true } },
    // A password or PIN field's show/hide toggle is reached by Tab like any other button (WCAG 2.1.1).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // Every date picker's calendar names its arrows (axe: button-name; the month/year button is named by
    // its text) and shows only the month's days (the other months' greyed days were 2.03:1 on white).
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_LABELS, hideOutsideDates: true } },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS, hideOutsideDates: true } },
    // Every loader is an indeterminate progress bar with a name: "Loading", or what it loads where the screen
    // says (`<Loader aria-label="Loading products" />`). A name on Mantine's plain span is not allowed (axe:
    // aria-prohibited-attr, the screen loader of every first visit) and a loader without one says nothing.
    // Buttons hide theirs (their own label stays their name).
    Loader: { defaultProps: { role: 'progressbar', 'aria-label': 'Loading' } },
    // A menu opens with the focus on its first item (arrows then move through the items), by mouse or keyboard.
    // Mantine's default put an unnamed placeholder (role presentation) first in the menu for the focus to land
    // on: the focus sat on nothing, and axe found the menu holding a child it may not (aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    },
  },
});
