import {
  addQuantities,
  type CreateSaleInput,
  fromMinor,
  lineNet,
  offlineReceiptNumber,
  SALE_BATCH_MAX,
  type Sale,
  type SaleBatchResult,
  type SessionUser,
  toMinor,
  type Unit,
} from '@pos/shared';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { ApiError, isApiError } from '../../../lib/api';
import { createSaleBatch } from '../../../lib/api/transactions.api';
import { useSessionStore } from '../../../lib/session-store';
import { payloadTenderLines } from '../store/sale-payload';
import { connectivityStore, isNetworkFailure } from './connectivity';
import { isMovementEntry, type OutboxEntry, registerDb, type SaleOutboxEntry } from './db';
import { signCashMovement, signSale } from './device-trust';

const sequenceKey = (registerId: string) => `receiptSeq:${registerId}`;
const openShiftKey = (registerId: string) => `openShift:${registerId}`;

/** The register's open shift as the server last named it (null: none open); sales made offline name it. */
export async function rememberOpenShift(registerId: string, shiftId: string | null): Promise<void> {
  await registerDb().meta.put({ key: openShiftKey(registerId), value: shiftId });
}

export type QueuedSale = { entry: SaleOutboxEntry; receipt: Sale };

/**
 * A sale made offline goes into the outbox, in one IndexedDB transaction: the register's next receipt
 * sequence (`R2-000017`), the outbox row (its own sale id, which is also its Idempotency-Key), the
 * local stock of its products and the customer (so the phone lookup knows them; store credit spent comes off
 * their local balance). Only then does the
 * receipt print: a sale on paper is a sale in the outbox.
 */
export async function queueOfflineSale(input: {
  payload: CreateSaleInput;
  register: { registerId: string; code: string };
  cashier: Pick<SessionUser, 'id' | 'name'>;
  branchName: string;
  /** The sale's id and Idempotency-Key (the payment key of the cart). */
  saleId: string;
}): Promise<QueuedSale> {
  const { payload, register, cashier } = input;
  const db = registerDb();
  const id = input.saleId;
  const soldAt = new Date().toISOString();
  return db.transaction('rw', [db.outbox, db.meta, db.products, db.customers], async () => {
    const last = ((await db.meta.get(sequenceKey(register.registerId)))?.value as number | undefined) ?? 0;
    const sequence = last + 1;
    await db.meta.put({ key: sequenceKey(register.registerId), value: sequence });
    const receiptNumber = offlineReceiptNumber(register.code, sequence);
    // The shift it was made in (the drawer its cash went into), whatever is open when it uploads.
    const shiftId = (await db.meta.get(openShiftKey(register.registerId)))?.value as string | null | undefined;
    const body = {
      ...payload,
      id,
      offline: true,
      sold_at: soldAt,
      register_id: register.registerId,
      ...(shiftId && { shift_id: shiftId }),
      receipt_number: receiptNumber,
      cashier_id: cashier.id,
      // The price charged: one changed at the register, else the product's as the register knew it.
      items: payload.items.map((item) => ({ ...item, unit_price: item.unit_price ?? item.price })),
    };
    const entry: SaleOutboxEntry = {
      type: 'sale',
      id,
      idempotencyKey: id,
      branchId: payload.branchId,
      registerId: register.registerId,
      receiptNumber,
      cashierId: cashier.id,
      cashierName: cashier.name,
      soldAt,
      payload: body,
      status: 'waiting',
      attempts: 0,
      lastError: null,
    };
    entry.seq = await db.outbox.add(entry);
    const names = new Map<string, { name: string; sku: string | null; unit: Unit }>();
    for (const item of payload.items) {
      const product = await db.products.get(item.product_id);
      if (!product) continue;
      // A product stored before units came has none: it was sold by the piece.
      names.set(item.product_id, { name: product.name, sku: product.sku, unit: product.unit ?? 'piece' });
      await db.products.update(item.product_id, {
        stockQuantity: addQuantities(product.stockQuantity, -item.quantity),
      });
    }
    const phone = payload.customer?.phone?.trim();
    if (phone) {
      const known = await db.customers.where('[branchId+phone]').equals([payload.branchId, phone]).first();
      // Store credit spent here is gone from the local copy too, so the next offline sale cannot spend it again.
      const spent = toMinor(
        payloadTenderLines(payload)
          .filter((line) => line.method === 'store_credit')
          .reduce((sum, line) => sum + line.amount, 0),
      );
      if (known && spent > 0) {
        const left = Math.max(toMinor(known.creditBalance ?? 0) - spent, 0);
        await db.customers.update(known.id, { creditBalance: fromMinor(left) });
      }
      // And what is charged to the account is owed, so the next offline sale sees less of the limit left.
      const charged = toMinor(
        payloadTenderLines(payload)
          .filter((line) => line.method === 'account')
          .reduce((sum, line) => sum + line.amount, 0),
      );
      if (known && charged > 0) {
        await db.customers.update(known.id, {
          accountBalance: fromMinor(toMinor(known.accountBalance ?? 0) + charged),
        });
      }
      if (!known) {
        await db.customers.put({
          id: `local-${id}`,
          branchId: payload.branchId,
          phone,
          name: payload.customer?.name ?? null,
          email: payload.customer?.email ?? null,
        });
      }
    }
    return { entry, receipt: receiptOf(entry, input.branchName, names) };
  });
}

/** The receipt of a queued sale: what the server will record, with the number printed now. */
function receiptOf(
  entry: SaleOutboxEntry,
  branchName: string,
  names: Map<string, { name: string; sku: string | null; unit: Unit }>,
): Sale {
  const p = entry.payload;
  return {
    id: entry.id,
    receiptNumber: entry.receiptNumber,
    transactionDate: entry.soldAt,
    cashierName: entry.cashierName,
    customer:
      p.customer?.name || p.customer?.phone
        ? { id: '', name: p.customer?.name ?? '', phone: p.customer?.phone ?? null }
        : null,
    paymentMethod: p.payment_method,
    status: 'completed',
    subtotal: p.subtotal,
    discountType: p.discount_type,
    discountValue: p.discount_value,
    discountAmount: p.discount_amount,
    taxRate: p.tax_rate,
    taxAmount: p.tax,
    serviceFee: p.service_fee ?? 0,
    total: p.total,
    amountPaid: p.amount_paid,
    changeAmount: p.change,
    // Each tender's part of the total, as the server will record it (its receipt prints them for a mixed sale).
    tenders: payloadTenderLines(p),
    refunded: [],
    branch: { id: entry.branchId, name: branchName },
    items: p.items.map((item, index) => ({
      id: `${entry.id}-${index}`,
      productId: item.product_id,
      productName: names.get(item.product_id)?.name ?? '',
      productSku: names.get(item.product_id)?.sku ?? null,
      quantity: item.quantity,
      unit: names.get(item.product_id)?.unit ?? 'piece',
      unitPrice: item.unit_price ?? item.price,
      subtotal: fromMinor(
        lineNet(toMinor(item.unit_price ?? item.price), item.quantity, {
          rate: item.tax_rate ?? p.tax_rate,
          taxIncluded: item.tax_included,
        }).goods,
      ),
      taxRate: item.tax_rate ?? p.tax_rate,
      taxIncluded: Boolean(item.tax_included),
      returnedQuantity: 0,
      flags: [],
    })),
    sold_at: entry.soldAt,
    register_id: entry.registerId,
    register_code: entry.receiptNumber.split('-')[0] ?? null,
    shift_id: (p.shift_id as string | undefined) ?? null,
    offline: true,
    flags: [],
  } as Sale;
}

// ---------------------------------------------------------------- draining

type SyncState = {
  syncing: boolean;
  lastSyncedAt: number | null;
  /** When the branch's catalogue last reached IndexedDB (the register can then sell offline). */
  catalogueSyncedAt: number | null;
  /** When the company's gift vouchers last reached IndexedDB (offline/voucher-sync.ts). */
  vouchersSyncedAt: number | null;
};
export const syncStore = createStore<SyncState>()(() => ({
  syncing: false,
  lastSyncedAt: null,
  catalogueSyncedAt: null,
  vouchersSyncedAt: null,
}));
export const useSyncState = <T>(selector: (s: SyncState) => T) => useStore(syncStore, selector);

export const DRAIN_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
let draining: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

/** Listeners told when a queued sale was recorded (the register refreshes its stock figures). */
const recordedListeners = new Set<() => void>();
export function onSaleRecorded(listener: () => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * Uploads the waiting sales in queue order under the current session (any staff of the branch: the
 * sale keeps its cashier_id), in batches (POST /transactions/batch: up to 50 sales of one branch, each
 * with its own id and Idempotency-Key, recorded in order by the server), so a retry after a lost answer
 * is recorded once. A network failure or a 5xx stops the drain and retries later with backoff (the batch
 * is sent again: the sales already recorded answer as replays); a 401 (the session expired) stops until
 * a new session signs in; a refusal (4xx) marks that sale an error with the server's reason (listed,
 * retried by hand) and the drain goes on. Nothing is deleted unless the server recorded it.
 */
export function drainOutbox(): Promise<void> {
  draining ??= runDrain().finally(() => {
    draining = null;
  });
  return draining;
}

/** The JSON one batch may carry (the server takes 1 MiB a request): sales of big carts go fewer at a time. */
const BATCH_MAX_CHARS = 512 * 1024;

async function runDrain(): Promise<void> {
  if (!useSessionStore.getState().token) return;
  const db = registerDb();
  syncStore.setState({ syncing: true });
  let recorded = 0;
  // After a refusal of a whole batch (not of one sale in it), its sales go one at a time, so each gets
  // its own answer (a malformed row refuses only itself); the next recorded batch restores the size.
  let batchSize: number = SALE_BATCH_MAX;
  try {
    for (;;) {
      const batch = await nextBatch(batchSize);
      const first = batch[0];
      if (!first) break;
      let results: SaleBatchResult[];
      try {
        results = await sendBatch(first.branchId, batch);
        if (results.length !== batch.length) throw new ApiError({ status: 502, message: 'Incomplete answer' });
      } catch (error) {
        if (isNetworkFailure(error) || (isApiError(error) && error.status >= 500)) {
          if (isNetworkFailure(error)) connectivityStore.getState().markOffline();
          const lastError = describe(error);
          await db.outbox.bulkUpdate(
            batch.map((e) => ({ key: e.seq as number, changes: { attempts: e.attempts + 1, lastError } })),
          );
          scheduleRetry();
          return;
        }
        if (isApiError(error) && error.status === 401) return;
        if (batch.length > 1) {
          batchSize = 1;
          continue;
        }
        await markRefused([{ entry: first, reason: describe(error) }]);
        continue;
      }
      const done: number[] = [];
      const refused: { entry: OutboxEntry; reason: string }[] = [];
      batch.forEach((entry, i) => {
        const result = results[i] as SaleBatchResult;
        if (result.status === 201) done.push(entry.seq as number);
        else refused.push({ entry, reason: `${result.message} (${result.status})` });
      });
      await db.transaction('rw', db.outbox, async () => {
        await db.outbox.bulkDelete(done);
        await markRefused(refused);
      });
      batchSize = SALE_BATCH_MAX;
      failures = 0;
      connectivityStore.getState().markOnline();
      if (done.length > 0) syncStore.setState({ lastSyncedAt: Date.now() });
      recorded += done.length;
    }
  } finally {
    syncStore.setState({ syncing: false });
    // Once per drain (not per sale): the register's stock figures come from the server again.
    if (recorded > 0) for (const listener of recordedListeners) listener();
  }
}

/**
 * One batch upload, each entry signed by this register: what it claims (offline, its time, number,
 * cashier, approval; a movement's shift, user and time) counts only with the register's signature. A
 * batch is all sales or all cash movements (nextBatch), so the server records them in queue order.
 */
async function sendBatch(branchId: string, batch: OutboxEntry[]): Promise<SaleBatchResult[]> {
  const movements = batch.filter(isMovementEntry);
  if (movements.length > 0) {
    const cash_movements = await Promise.all(
      movements.map(async (e) => {
        const signature = await signCashMovement(e.payload);
        return { cash_movement: e.payload, ...(signature && { signature }) };
      }),
    );
    return (await createSaleBatch({ branchId, cash_movements })).movementResults;
  }
  const sales = await Promise.all(
    batch.map(async (e) => {
      const signature = await signSale(e.payload);
      return { idempotency_key: e.idempotencyKey, sale: e.payload, ...(signature && { signature }) };
    }),
  );
  return (await createSaleBatch({ branchId, sales })).results;
}

/**
 * The next batch: the waiting entries in queue order, at most `size`, all of the first one's branch and
 * kind (a sale of another branch, or a cash movement after sales, waits for the next batch, so the order
 * holds) and within BATCH_MAX_CHARS.
 */
async function nextBatch(size: number): Promise<OutboxEntry[]> {
  const waiting = await registerDb()
    .outbox.orderBy('seq')
    .filter((e) => e.status === 'waiting')
    .limit(size)
    .toArray();
  const batch: OutboxEntry[] = [];
  let chars = 0;
  for (const entry of waiting) {
    const head = waiting[0] as OutboxEntry;
    if (entry.branchId !== head.branchId || isMovementEntry(entry) !== isMovementEntry(head)) break;
    chars += JSON.stringify(entry.payload).length;
    if (batch.length > 0 && chars > BATCH_MAX_CHARS) break;
    batch.push(entry);
  }
  return batch;
}

/** Sales the server refused: kept as errors with its reason (listed in the header, retried by hand). */
async function markRefused(refused: { entry: OutboxEntry; reason: string }[]): Promise<void> {
  if (refused.length === 0) return;
  await registerDb().outbox.bulkUpdate(
    refused.map(({ entry, reason }) => ({
      key: entry.seq as number,
      changes: { status: 'error' as const, attempts: entry.attempts + 1, lastError: reason },
    })),
  );
}

function describe(error: unknown): string {
  if (isApiError(error)) return error.status ? `${error.message} (${error.status})` : error.message;
  return error instanceof Error ? error.message : 'Upload failed';
}

function scheduleRetry() {
  if (retryTimer) return;
  const delay = DRAIN_BACKOFF_MS[Math.min(failures, DRAIN_BACKOFF_MS.length - 1)] as number;
  failures++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void drainOutbox();
  }, delay);
}

/** A sale the server refused, sent again (after its cause was fixed). */
export async function retryOutboxEntry(seq: number): Promise<void> {
  await registerDb().outbox.update(seq, { status: 'waiting' });
  await drainOutbox();
}

/** The outbox of a branch as it changes: waiting count (`movements` of them cash movements) and the refused ones. */
export function useOutbox(branchId: string | null): { waiting: number; movements: number; errors: OutboxEntry[] } {
  const [state, setState] = useState<{ waiting: number; movements: number; errors: OutboxEntry[] }>({
    waiting: 0,
    movements: 0,
    errors: [],
  });
  useEffect(() => {
    if (!branchId) return;
    // Counted through the indexes (no sale row is read for the count): the query reruns on every outbox
    // write, a thousand times while a thousand sales drain. Cash movements are few: read to be counted.
    const subscription = liveQuery(async () => {
      const outbox = registerDb().outbox;
      const [total, errors, movements] = await Promise.all([
        outbox.where('branchId').equals(branchId).count(),
        outbox
          .where('status')
          .equals('error')
          .filter((r) => r.branchId === branchId)
          .toArray(),
        outbox
          .where('type')
          .equals('cash_movement')
          .filter((r) => r.branchId === branchId && r.status === 'waiting')
          .count(),
      ]);
      return { waiting: total - errors.length, movements, errors };
    }).subscribe({ next: setState, error: () => {} });
    return () => subscription.unsubscribe();
  }, [branchId]);
  return state;
}

/** How many sales of any branch wait in this browser (the sign-out warning). */
export async function unsyncedCount(): Promise<number> {
  return registerDb().outbox.count();
}
