import type {
  CashMovement,
  CashMovementKind,
  CurrentShift,
  OfflineCashMovementInput,
  PendingShiftSale,
  ShiftReport,
} from '@pos/shared';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getMeta, isMovementEntry, type MovementOutboxEntry, type OutboxEntry, registerDb, setMeta } from './db';

/**
 * The register's shift offline (docs/architecture/offline.md): the server's last answers
 * about it (the open shift, its report) kept in IndexedDB, so a reload without the server still shows the
 * Shift menu and an X report; and the paid in / paid out recorded without the server, queued in the
 * outbox beside the sales and synced the same way.
 */

/** A server answer as kept: with when it was received (ms since epoch). */
export type Saved<T> = { value: T; savedAt: number };

const currentKey = (registerId: string) => `currentShift:${registerId}`;
const reportKey = (shiftId: string) => `shiftReport:${shiftId}`;

export const saveCurrentShift = (registerId: string, value: CurrentShift) =>
  setMeta(currentKey(registerId), { value, savedAt: Date.now() } satisfies Saved<CurrentShift>);
export const savedCurrentShift = (registerId: string) => getMeta<Saved<CurrentShift>>(currentKey(registerId));

/** The shift's report as the server last answered it; the one of the shift before is dropped. */
export async function saveShiftReport(report: ShiftReport): Promise<void> {
  const db = registerDb();
  await db.transaction('rw', db.meta, async () => {
    const stale = await db.meta
      .where('key')
      .startsWith('shiftReport:')
      .filter((row) => row.key !== reportKey(report.shift.id))
      .primaryKeys();
    await db.meta.bulkDelete(stale);
    await db.meta.put({ key: reportKey(report.shift.id), value: { value: report, savedAt: Date.now() } });
  });
}
export const savedShiftReport = (shiftId: string) => getMeta<Saved<ShiftReport>>(reportKey(shiftId));

/** What waits in the outbox for one shift: its sales (their figures) and its cash movements (as report rows). */
export type PendingShift = { sales: PendingShiftSale[]; movements: CashMovement[] };

function pendingOf(entries: OutboxEntry[], shiftId: string): PendingShift {
  const sales: PendingShiftSale[] = [];
  const movements: CashMovement[] = [];
  for (const entry of entries) {
    if (entry.payload.shift_id !== shiftId) continue;
    if (isMovementEntry(entry)) {
      const { id, kind, amount, reason, at } = entry.payload;
      movements.push({ id, kind, amount, reason, at, userName: entry.cashierName, offline: true, flags: [] });
    } else sales.push(entry.payload);
  }
  return { sales, movements };
}

/** The shift's entries in the outbox now (waiting or refused: neither is in the server's figures yet). */
export async function pendingForShift(branchId: string, shiftId: string): Promise<PendingShift> {
  return pendingOf(await registerDb().outbox.where('branchId').equals(branchId).toArray(), shiftId);
}

/** The same as it changes (while a report is on screen). */
export function usePendingShift(branchId: string | null, shiftId: string | null, enabled: boolean): PendingShift {
  const [pending, setPending] = useState<PendingShift>({ sales: [], movements: [] });
  useEffect(() => {
    if (!branchId || !shiftId || !enabled) return;
    const subscription = liveQuery(() => pendingForShift(branchId, shiftId)).subscribe({
      next: setPending,
      error: () => {},
    });
    return () => subscription.unsubscribe();
  }, [branchId, shiftId, enabled]);
  return pending;
}

/** What the header and the sync errors call a queued movement: 'Paid out PKR 25.00' (the amount as formatted). */
export const movementLabel = (kind: CashMovementKind, formattedAmount: string) =>
  `${kind === 'paid_in' ? 'Paid in' : 'Paid out'} ${formattedAmount}`;

/**
 * A paid in / paid out made without the server, into the outbox (before the drawer opens). Its id is the
 * one the register tried online with, if it did: a movement whose online answer was lost is recorded once.
 */
export async function queueCashMovement(input: {
  movement: Omit<OfflineCashMovementInput, 'offline' | 'at'>;
  branchId: string;
  userName: string;
  label: string;
}): Promise<MovementOutboxEntry> {
  const at = new Date().toISOString();
  const payload: OfflineCashMovementInput = { ...input.movement, at, offline: true };
  const entry: MovementOutboxEntry = {
    type: 'cash_movement',
    id: payload.id,
    idempotencyKey: payload.id,
    branchId: input.branchId,
    registerId: payload.register_id,
    receiptNumber: input.label,
    cashierId: payload.user_id,
    cashierName: input.userName,
    soldAt: at,
    payload,
    status: 'waiting',
    attempts: 0,
    lastError: null,
  };
  entry.seq = await registerDb().outbox.add(entry);
  return entry;
}
