import { toMilli, toQuantity } from './money';

/**
 * Units and quantities (DESIGN.md section 11). An item is sold in one unit; a unit that allows decimals
 * (weight, volume, length) takes quantities with up to 3 decimals (0.750 kg), the others whole numbers.
 * Every quantity (sold, returned, on hand, moved, ordered, counted) is a JSON number with at most 3
 * decimals, numeric(12,3) in the database; arithmetic on quantities goes through thousandths
 * (toMilli, addQuantities in money.ts, which the register's first load imports alone) so 0.1 + 0.2 is 0.3.
 */
export const UNITS = ['piece', 'kg', 'g', 'l', 'ml', 'm', 'pack'] as const;
export type Unit = (typeof UNITS)[number];

export const UNIT_LABELS: Record<Unit, string> = {
  piece: 'Piece',
  kg: 'Kilogram (kg)',
  g: 'Gram (g)',
  l: 'Litre (L)',
  ml: 'Millilitre (mL)',
  m: 'Metre (m)',
  pack: 'Pack',
};

/** What a receipt or cart prints after a quantity: "0.750 kg"; nothing for pieces. */
export const UNIT_SYMBOLS: Record<Unit, string> = { piece: '', kg: 'kg', g: 'g', l: 'L', ml: 'mL', m: 'm', pack: 'pk' };

/** Units counted in fractions: a scale or a measure reads them. */
export const DECIMAL_UNITS: readonly Unit[] = ['kg', 'l', 'm'];

export const allowsDecimals = (unit: string | null | undefined): boolean => DECIMAL_UNITS.includes(unit as Unit);

export const QUANTITY_DECIMALS = 3;

export const QUANTITY_MSG = {
  decimals: `A quantity has at most ${QUANTITY_DECIMALS} decimals`,
  whole: (name: string, unit: string) =>
    `${name} is sold by the ${UNIT_LABELS[unit as Unit] ?? unit}: the quantity must be a whole number`,
} as const;

/** Whether a number has at most 3 decimals. */
export const hasQuantityDecimals = (quantity: number): boolean =>
  Number.isFinite(quantity) && Math.abs(quantity * 1000 - toMilli(quantity)) < 1e-6;

/** Why a quantity does not fit the unit of the product it counts (a whole number for pieces), or null. */
export function quantityProblem(quantity: number, product: { name: string; unit?: string | null }): string | null {
  if (!hasQuantityDecimals(quantity)) return QUANTITY_MSG.decimals;
  if (!Number.isInteger(quantity) && !allowsDecimals(product.unit)) {
    return QUANTITY_MSG.whole(product.name, product.unit ?? 'piece');
  }
  return null;
}

/** "0.750 kg", "3", "2 pk": a quantity as the receipt and the cart print it. */
export function formatQuantity(quantity: number, unit?: string | null): string {
  const text = allowsDecimals(unit) ? quantity.toFixed(QUANTITY_DECIMALS) : String(toQuantity(quantity));
  const symbol = UNIT_SYMBOLS[unit as Unit];
  return symbol ? `${text} ${symbol}` : text;
}
