import { SHIFT_MSG } from '@pos/shared';
import { AppError, conflict, notFound } from './errors';
import { pgErrorOf } from './pg-errors';

/**
 * Shifts on the sale and refund paths (docs/ARCHITECTURE.md, "Shifts and the cash drawer"). The shift a
 * sale or refund belongs to is chosen inside its insert by the triggers of migrations 0013/0014 (the
 * register's open shift, or the cashier's open shift in the branch; a named shift must be of the sale's
 * branch, migration 0022; an offline sale naming a closed shift is a late sale of it, counted in the
 * register's next shift, migration 0029), which hold the shift row FOR SHARE
 * so a close cannot pass a sale. Their refusals carry a hint; `shiftErrorOf` turns it into the answer.
 */
export const SHIFT_REQUIRED = 'SHIFT_REQUIRED';
export const SHIFT_CLOSED = 'SHIFT_CLOSED';

export function shiftErrorOf(error: unknown): AppError | undefined {
  const hint = (pgErrorOf(error) as { hint?: string } | undefined)?.hint ?? (error as { hint?: string })?.hint;
  if (hint === 'pos_shift:required') return new AppError(409, SHIFT_REQUIRED, SHIFT_MSG.noShiftForCash);
  if (hint === 'pos_shift:closed') return new AppError(409, SHIFT_CLOSED, SHIFT_MSG.shiftClosed);
  // A named shift outside the sale's company and branch (migration 0022): 404, as any id out of reach.
  if (hint === 'pos_shift:unknown') return notFound('Shift');
  return undefined;
}

/** Rethrows a shift refusal of the database as its 409; any other error as it is. */
export function rethrowShiftError(error: unknown): never {
  throw shiftErrorOf(error) ?? error;
}

export const shiftClosed = () => conflict(SHIFT_MSG.shiftClosed);
