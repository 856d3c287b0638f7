import { UNIT_SYMBOLS, type Unit } from '@pos/shared';
import { formatMoney } from '../../../lib/format';

const MEASURES: Partial<Record<Unit, string>> = { kg: 'Weight', g: 'Weight', l: 'Volume', ml: 'Volume', m: 'Length' };

/** What a quantity of the unit measures, as the quantity dialog names it: 'Weight' for kg, else 'Quantity'. */
export const measureOf = (unit: string | null | undefined): string => MEASURES[unit as Unit] ?? 'Quantity';

/** The unit's symbol ('kg', 'L'); '' for pieces. */
export const unitSymbol = (unit: string | null | undefined): string => UNIT_SYMBOLS[unit as Unit] ?? '';

/** A price per unit as the register shows it: 'PKR 320.00 / kg', 'PKR 180.00 each'. */
export function pricePer(price: number, unit: string | null | undefined): string {
  const symbol = unitSymbol(unit);
  return symbol ? `${formatMoney(price)} / ${symbol}` : `${formatMoney(price)} each`;
}
