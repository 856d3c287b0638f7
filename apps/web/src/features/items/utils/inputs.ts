import type { CSSProperties } from 'react';
import { getDisplayCurrency } from '../../../lib/format';

/** An amount field: two decimals and the company's currency code in front, as every amount shows it. */
export const moneyInputProps = () => ({
  decimalScale: 2,
  fixedDecimalScale: true,
  min: 0,
  thousandSeparator: ',',
  allowNegative: false,
  prefix: `${getDisplayCurrency()} `,
});

/**
 * The first column of a wide grid stays in view while the rest scrolls sideways (a phone's width); it needs
 * the page's background, or the scrolled cells would show through it.
 */
const STICKY_WIDTH = 'clamp(104px, 30vw, 200px)';

export const STICKY_CELL: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  // Narrow on a phone, so most of the width is left for the columns that scroll.
  width: STICKY_WIDTH,
  overflowWrap: 'anywhere',
};

/**
 * The grid's scrolling box: a control reached by Tab is scrolled into view beside the sticky column, not
 * under it.
 */
export const STICKY_SCROLL: CSSProperties = { scrollPaddingInlineStart: STICKY_WIDTH };
