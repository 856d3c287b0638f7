import { SHIFT_MSG } from '@pos/shared';
import { REFUSALS } from '../db/refusals';
import { AppError, conflict, notFound } from '../lib/errors';
import { refusalOf } from '../lib/pg-errors';

/**
 * Shifts on the sale and refund paths (docs/architecture/shifts.md). The shift a sale or refund belongs
 * to is chosen inside its insert by the triggers of db/triggers/sales.sql and returns.sql (functions
 * pos_sales_shift and pos_returns_shift: the register's open shift, or the cashier's open shift in the
 * branch; a named shift must be of the sale's branch; an offline sale naming a closed shift is a late sale
 * of it, counted in the register's next shift), which hold the shift row FOR SHARE so a close cannot pass
 * a sale. Their refusals carry a hint (REFUSALS); `shiftErrorOf` turns it into the answer.
 */
export const SHIFT_REQUIRED = 'SHIFT_REQUIRED';
export const SHIFT_CLOSED = 'SHIFT_CLOSED';

export function shiftErrorOf(error: unknown): AppError | undefined {
  const refusal = refusalOf(error);
  if (refusal === REFUSALS.shiftRequired) return new AppError(409, SHIFT_REQUIRED, SHIFT_MSG.noShiftForCash);
  if (refusal === REFUSALS.shiftClosed) return new AppError(409, SHIFT_CLOSED, SHIFT_MSG.shiftClosed);
  // A named shift outside the sale's company and branch: 404, as any id out of reach.
  if (refusal === REFUSALS.shiftUnknown) return notFound('Shift');
  return undefined;
}

/** Rethrows a shift refusal of the database as its 409; any other error as it is. */
export function rethrowShiftError(error: unknown): never {
  throw shiftErrorOf(error) ?? error;
}

export const shiftClosed = () => conflict(SHIFT_MSG.shiftClosed);
