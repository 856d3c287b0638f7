import { type GiftVoucher, normaliseVoucherCode, VOUCHER_CODE_INVALID } from '@pos/shared';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { fetchVoucherByCode } from '../../../lib/api/gift-vouchers.api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { connectivityStore, isNetworkFailure, isOnline } from '../offline/connectivity';
import { localVoucher, type OfflineVoucher } from '../offline/voucher-sync';
import type { TenderVoucher } from '../store/split-tender';
import { listenForVoucher, useVoucherDesk } from '../store/voucher-desk';

export const VOUCHER_TENDER_TEXT = {
  code: 'Voucher code',
  placeholder: 'Scan or type the code, then Enter',
  codeFirst: "Scan or type the voucher's code",
  failed: 'The gift voucher could not be checked: try again',
  notKnownOffline:
    "This gift voucher is not known offline (not in this register's last sync): take another tender, or check it once the server is back",
} as const;

/**
 * A voucher the dialog found: from the server (online), or offline from the register's synced vouchers with
 * `offline` saying what it knew (the balance at the last sync, what this register's queued sales spent since).
 */
export type FoundVoucher = Pick<GiftVoucher, 'code' | 'balance' | 'expiresOn' | 'status'> & {
  offline?: Pick<OfflineVoucher, 'syncedBalance' | 'queued'>;
};

/** The register's own word on a code offline (malformed, not known here). */
class OfflineVoucherProblem extends Error {}

/** What a failed look-up says: the server's word on the code (malformed, unknown), the register's offline, else a retry. */
function lookupProblem(error: unknown): string {
  if (error instanceof OfflineVoucherProblem) return error.message;
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return VOUCHER_TENDER_TEXT.failed;
  return error.message;
}

/** What a voucher can pay: its balance while active; nothing once expired or used up. */
export const spendable = (voucher: FoundVoucher | null): TenderVoucher | null =>
  voucher && { code: voucher.code, balance: voucher.status === 'active' ? Math.max(voucher.balance, 0) : 0 };

/**
 * Offline (or the server out of reach): the voucher of the code among the company's synced vouchers, by its code's
 * digest (offline/voucher-sync.ts); what is wrong otherwise (thrown as the field's message).
 */
async function findOffline(code: string, companyId: string): Promise<FoundVoucher> {
  const found = await localVoucher(code, companyId);
  if (found === 'invalid') throw new OfflineVoucherProblem(VOUCHER_CODE_INVALID);
  if (!found) throw new OfflineVoucherProblem(VOUCHER_TENDER_TEXT.notKnownOffline);
  const { syncedBalance, queued, ...voucher } = found;
  return { ...voucher, offline: { syncedBalance, queued } };
}

/** Online the server's word (GET /gift-vouchers/code/{code}); offline, or when it cannot be reached, the register's. */
async function findVoucher(code: string, branch: { id: string; companyId: string }): Promise<FoundVoucher> {
  if (!isOnline()) return findOffline(code, branch.companyId);
  try {
    return await fetchVoucherByCode(branch.id, code);
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    connectivityStore.getState().markOffline();
    return findOffline(code, branch.companyId);
  }
}

/**
 * The Payment dialog's gift voucher: the code as typed or scanned, the voucher found for it (its balance and expiry:
 * the server's online, GET /gift-vouchers/code/{code}; offline the register's synced vouchers less what its queued
 * sales spent), or what is wrong. While `listening` (Gift voucher chosen) a scan anywhere in the dialog is the
 * voucher's code (store/voucher-desk.ts); after a sale refused for the voucher the voucher is read again, so the
 * dialog shows what is left on it now. `onFound` runs after a code found a voucher.
 */
export function useVoucherTender({ listening, onFound }: { listening: boolean; onFound: () => void }) {
  const { branch } = useCurrentSelection();
  const [voucher, setVoucher] = useState<FoundVoucher | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Only the last look-up's answer counts (a second scan before the first answered).
  const latest = useRef(0);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  const lookup = async (typed: string, { again = false } = {}) => {
    const wanted = normaliseVoucherCode(typed);
    setCode(wanted);
    if (!wanted || !branch) {
      setProblem(VOUCHER_TENDER_TEXT.codeFirst);
      return;
    }
    const mine = ++latest.current;
    setChecking(true);
    setProblem(null);
    try {
      const found = await findVoucher(wanted, branch);
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
