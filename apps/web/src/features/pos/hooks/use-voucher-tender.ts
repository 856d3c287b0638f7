import type { GiftVoucher } from '@pos/shared';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { fetchVoucherByCode } from '../../../lib/api/gift-vouchers.api';
import { useCurrentSelection } from '../../../lib/selection-context';
import type { TenderVoucher } from '../store/split-tender';
import { listenForVoucher, useVoucherDesk } from '../store/voucher-desk';

export const VOUCHER_TENDER_TEXT = {
  code: 'Voucher code',
  placeholder: 'Scan or type the code, then Enter',
  codeFirst: "Scan or type the voucher's code",
  failed: 'The gift voucher could not be checked: try again',
  offline: 'Gift vouchers need the server: the register cannot check a voucher offline.',
} as const;

/** What a failed look-up says: the server's word on the code (malformed, unknown), else a retry. */
function lookupProblem(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return VOUCHER_TENDER_TEXT.failed;
  return error.message;
}

/** What a voucher can pay: its balance while active; nothing once expired or used up. */
export const spendable = (voucher: GiftVoucher | null): TenderVoucher | null =>
  voucher && { code: voucher.code, balance: voucher.status === 'active' ? Math.max(voucher.balance, 0) : 0 };

/**
 * The Payment dialog's gift voucher: the code as typed or scanned, the voucher the server found for it (its balance
 * and expiry, GET /gift-vouchers/code/{code}), or what is wrong. While `listening` (Gift voucher chosen) a scan
 * anywhere in the dialog is the voucher's code (store/voucher-desk.ts); after a sale refused for the voucher the
 * voucher is read again, so the dialog shows what is left on it now. `onFound` runs after a code found a voucher.
 */
export function useVoucherTender({ listening, onFound }: { listening: boolean; onFound: () => void }) {
  const { branch } = useCurrentSelection();
  const [voucher, setVoucher] = useState<GiftVoucher | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the last look-up's answer counts (a second scan before the first answered).
  const latest = useRef(0);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  const lookup = async (typed: string, { again = false } = {}) => {
    const wanted = typed.trim().toUpperCase();
    setCode(wanted);
    if (!wanted || !branch) {
      setProblem(VOUCHER_TENDER_TEXT.codeFirst);
      return;
    }
    const mine = ++latest.current;
    setChecking(true);
    setProblem(null);
    try {
      const found = await fetchVoucherByCode(branch.id, wanted);
      if (mine !== latest.current) return;
      setVoucher(found);
      setCode(found.code);
      if (!again) onFoundRef.current();
    } catch (error) {
      if (mine !== latest.current) return;
      // Read again after a refusal: the voucher stays as last known when the server cannot say more.
      if (!again || isApiError(error)) setProblem(lookupProblem(error));
      if (!again) setVoucher(null);
    } finally {
      if (mine === latest.current) setChecking(false);
    }
  };
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;

  useEffect(() => {
    listenForVoucher(listening);
  }, [listening]);
  useEffect(() => () => listenForVoucher(false), []);

  const scanned = useVoucherDesk((s) => s.scanned);
  useEffect(() => {
    if (scanned) void lookupRef.current(scanned.code);
  }, [scanned]);

  // A sale refused for the voucher (spent elsewhere meanwhile, or expired): its balance as it is now.
  const refusals = useVoucherDesk((s) => s.refusals);
  const seenRefusals = useRef(refusals);
  const voucherCode = voucher?.code;
  useEffect(() => {
    if (refusals === seenRefusals.current) return;
    seenRefusals.current = refusals;
    if (voucherCode) void lookupRef.current(voucherCode, { again: true });
  }, [refusals, voucherCode]);

  return { voucher, code, setCode, problem, checking, lookup: (typed: string) => void lookup(typed) };
}
