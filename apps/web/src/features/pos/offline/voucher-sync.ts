// Only zod-free modules of @pos/shared at runtime (voucher-digest.ts, money.ts): the register's first load takes it.
import { fromMinor, normaliseVoucherCode, toMinor, VOUCHER_CODE_PATTERN, voucherCodeDigest } from '@pos/shared';
import { isApiError } from '../../../lib/api';
import { fetchVoucherSync } from '../../../lib/api/sync.api';
import { payloadTenderLines } from '../store/sale-payload';
import { getMeta, isMovementEntry, type LocalVoucher, registerDb } from './db';
import { drainOutbox, syncStore } from './outbox';

/** Vouchers per page of the sync (the server's maximum is 5,000). */
const VOUCHER_SYNC_PAGE = 5000;
const voucherCursorKey = (branchId: string) => `voucherCursor:${branchId}`;

let running: Promise<void> = Promise.resolve();

/**
 * The company's gift vouchers into IndexedDB (GET /sync/gift-vouchers, the customers' cursor way): without a stored
 * cursor those with something left, then every voucher changed since (a spent-out one as 0). Each page is written
 * with the cursor it leads to. First the outbox drains, so the balances read include every sale of this register
 * the server has recorded: what is still queued comes off when a voucher is read (localVoucher), what was uploaded
 * is in the server's balance. One sync at a time (a second waits for the first), so an older answer never
 * overwrites a newer one. A cursor the server refuses starts a full sync. Run after the catalogue's sync (on
 * opening and on every reconnect) and after every drain that recorded sales (hooks/use-offline-register.ts).
 */
export function syncVouchers(branchId: string, signal?: AbortSignal): Promise<void> {
  const next = running.then(() => runVoucherSync(branchId, signal));
  running = next.catch(() => {});
  return next;
}

async function runVoucherSync(branchId: string, signal?: AbortSignal): Promise<void> {
  await drainOutbox();
  const db = registerDb();
  let cursor = await getMeta<string>(voucherCursorKey(branchId));
  for (let guard = 0; guard < 10_000; guard++) {
    let page: Awaited<ReturnType<typeof fetchVoucherSync>>;
    try {
      page = await fetchVoucherSync({ branchId, cursor, limit: VOUCHER_SYNC_PAGE }, signal);
    } catch (error) {
      if (cursor && isApiError(error) && error.status === 400) {
        cursor = undefined;
        continue;
      }
      throw error;
    }
    const rows: LocalVoucher[] = page.vouchers.map((v) => ({
      digest: v.digest,
      id: v.id,
      balance: v.balance,
      expiresOn: v.expiresOn,
    }));
    await db.transaction('rw', [db.vouchers, db.meta], async () => {
      if (rows.length) await db.vouchers.bulkPut(rows);
      await db.meta.put({ key: voucherCursorKey(branchId), value: page.nextCursor });
    });
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }
  syncStore.setState({ vouchersSyncedAt: Date.now() });
}

/** A voucher as the offline register reads it: what is left of it here, and why. */
export type OfflineVoucher = {
  code: string;
  /** As last synced, less what this register's queued sales spent from it (never below 0). */
  balance: number;
  syncedBalance: number;
  /** What the sales waiting in this register's outbox (or refused there) spent from it. */
  queued: number;
  expiresOn: string | null;
  status: 'active' | 'used' | 'expired';
};

/** Today in the register's own calendar (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the sales queued on this register (waiting, or refused and kept) spent from the voucher `code`, minor units. */
async function queuedSpendMinor(code: string): Promise<number> {
  let minor = 0;
  await registerDb().outbox.each((entry) => {
    if (isMovementEntry(entry)) return;
    const named = entry.payload.voucher_code;
    if (!named || normaliseVoucherCode(named) !== code) return;
    for (const line of payloadTenderLines(entry.payload)) if (line.method === 'voucher') minor += toMinor(line.amount);
  });
  return minor;
}

/**
 * The voucher of a typed or scanned code, offline: found by its code's digest in the company's synced vouchers
 * ('invalid': not a voucher's code; null: not known here). It pays at most its balance as last synced less what
 * this register's queued sales spent from it; expired after its last day in the register's calendar.
 */
export async function localVoucher(
  typed: string,
  companyId: string,
  today = localToday(),
): Promise<OfflineVoucher | 'invalid' | null> {
  const code = normaliseVoucherCode(typed);
  if (!VOUCHER_CODE_PATTERN.test(code)) return 'invalid';
  const row = await registerDb().vouchers.get(await voucherCodeDigest(code, companyId));
  if (!row) return null;
  const queued = await queuedSpendMinor(code);
  const left = Math.max(toMinor(row.balance) - queued, 0);
  const status = row.expiresOn && row.expiresOn < today ? 'expired' : left <= 0 ? 'used' : 'active';
  return {
    code,
    balance: fromMinor(left),
    syncedBalance: row.balance,
    queued: fromMinor(queued),
    expiresOn: row.expiresOn,
    status,
  };
}
