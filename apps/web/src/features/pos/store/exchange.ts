// Only zod-free modules of @pos/shared at runtime (money.ts): the register's first load takes this module.
import { fromMinor, toMinor } from '@pos/shared';
import { type Cart, cartTotals } from './cart-store';

/**
 * A cart that is the new side of an exchange, in figures: what the returned items pay of its total (`applied`),
 * what is left to pay (`due`) and what goes back when they are worth more (`back`); null for a plain sale.
 */
export function exchangeFigures(cart: Cart): { applied: number; due: number; back: number } | null {
  if (!cart.exchange) return null;
  const total = cartTotals(cart).minor.total;
  const credit = toMinor(cart.exchange.credit);
  const applied = Math.min(credit, total);
  return { applied: fromMinor(applied), due: fromMinor(total - applied), back: fromMinor(credit - applied) };
}
