import type { LiveEvent } from '@pos/shared';
import type { Db } from '../db/client';
import { deleteOldLiveEvents, type Horizon, type LiveEventRow, liveEventsHorizon, readLiveEvents } from './events.repo';

/**
 * Live events for registers (docs/architecture/offline.md, 'Live events'). Product writes add rows to the
 * outbox live_events from triggers, in the writing transaction, so an event exists when (and only if) the
 * write commits, whichever server process made it. Each process with subscribers reads the outbox every
 * EVENTS_POLL_MS (the rows of the transactions that have committed since its last read, events.repo.ts) and
 * fans the events out to the subscribers of their branch. Polling, not LISTEN/NOTIFY: a NOTIFY holds a global lock through its
 * transaction's commit, which queued every sale's commit behind the others' (bench/README.md, 'The sale
 * write'); a read goes through any pooler and needs no connection of its own.
 */

/** How often a process with subscribers reads the outbox. */
export const EVENTS_POLL_MS = 250;
/** How long events are kept (the clean-up runs every minute in every process). */
export const LIVE_EVENTS_KEEP_MINUTES = 5;
const CLEANUP_EVERY_MS = 60_000;
const RETRY_AFTER_MS = 1_000;

type Listener = (event: LiveEvent) => void;

export type EventHub = {
  subscribe: (key: { companyId: string; branchId: string }, listener: Listener) => Promise<() => void>;
  close: () => Promise<void>;
};

/** The events of one outbox row, stock first. */
export function eventsOf(row: Pick<LiveEventRow, 'stock' | 'products' | 'resync'>): LiveEvent[] {
  if (row.resync) return [{ type: 'resync', data: {} }];
  const events: LiveEvent[] = [];
  for (const [productId, stockQuantity] of row.stock ?? []) {
    events.push({ type: 'stock', data: { productId, stockQuantity } });
  }
  for (const id of row.products ?? []) events.push({ type: 'product', data: { id } });
  return events;
}

export function createEventHub(db: Db, log: (message: string) => void = () => {}): EventHub {
  const listeners = new Map<string, Set<Listener>>();
  /** Where the next read starts; undefined while nobody listens (a new first subscriber starts at now). */
  let since: Horizon | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** A read in flight: never two at once (both would deliver the same events). */
  let reading = false;
  let closed = false;

  const cleanup = setInterval(() => {
    deleteOldLiveEvents(db, LIVE_EVENTS_KEEP_MINUTES).catch((error: Error) =>
      log(`events: clean-up failed (${error.message})`),
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();

  const branchIds = () => [...listeners.keys()].map((key) => key.split(':')[1] as string);

  const dispatch = (row: LiveEventRow) => {
    const set = listeners.get(`${row.companyId}:${row.branchId}`);
    if (!set) return;
    for (const event of eventsOf(row)) for (const listener of set) listener(event);
  };

  const schedule = (delay: number) => {
    if (closed || timer || reading || listeners.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void poll();
    }, delay);
    timer.unref();
  };

  async function poll(): Promise<void> {
    if (listeners.size === 0 || since === undefined) {
      since = undefined;
      return;
    }
    reading = true;
    let next = EVENTS_POLL_MS;
    try {
      const read = await readLiveEvents(db, { after: since, branchIds: branchIds() });
      since = read.horizon;
      for (const row of read.events) dispatch(row);
    } catch (error) {
      if (!closed) log(`events: reading the outbox failed (${(error as Error).message}); retrying`);
      next = RETRY_AFTER_MS;
    } finally {
      reading = false;
    }
    schedule(next);
  }

  return {
    async subscribe({ companyId, branchId }, listener) {
      const key = `${companyId}:${branchId}`;
      // The first subscriber starts the reads at now: every write that commits after this answers is delivered.
      if (since === undefined) since = await liveEventsHorizon(db);
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      schedule(EVENTS_POLL_MS);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      clearTimeout(timer);
      clearInterval(cleanup);
    },
  };
}
