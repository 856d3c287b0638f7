import { VOUCHER_MSG, VOUCHER_REFUSED } from '@pos/shared';
import { REFUSALS } from '../db/refusals';
import { AppError } from '../lib/errors';
import { refusalOf } from '../lib/pg-errors';

/**
 * Gift vouchers (docs/architecture/returns.md, 'Gift vouchers'): a voucher's balance is the sum of its entries
 * (gift-vouchers.repo.ts); the entries' trigger refuses an online redeem past the balance or after the expiry
 * day, which `voucherErrorOf` answers as a 409 the register reads (VOUCHER_REFUSED: it reads the voucher again).
 */
export function voucherErrorOf(error: unknown): AppError | undefined {
  const refusal = refusalOf(error);
  if (refusal === REFUSALS.voucherShort) {
    return new AppError(409, VOUCHER_REFUSED, VOUCHER_MSG.short, { voucher_code: VOUCHER_MSG.short });
  }
  if (refusal === REFUSALS.voucherExpired) {
    return new AppError(409, VOUCHER_REFUSED, VOUCHER_MSG.expired, { voucher_code: VOUCHER_MSG.expired });
  }
  return undefined;
}
