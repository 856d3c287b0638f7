import { CREDIT_SHORT, CUSTOMER_MSG } from '@pos/shared';
import { REFUSALS } from '../db/refusals';
import { AppError } from '../lib/errors';
import { refusalOf } from '../lib/pg-errors';

/**
 * Store credit (docs/architecture/returns.md, 'Store credit'): a customer's balance is the sum of their
 * ledger entries (store-credit.repo.ts, addCreditEntry, the one writer); the entries' trigger refuses an
 * online spend or adjustment below 0, which `creditErrorOf` answers as a 409.
 */
export function creditErrorOf(error: unknown): AppError | undefined {
  if (refusalOf(error) === REFUSALS.creditShort) return new AppError(409, CREDIT_SHORT, CUSTOMER_MSG.creditShort);
  return undefined;
}
