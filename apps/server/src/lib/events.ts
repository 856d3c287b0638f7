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

/** The events of one read of the outbox for the listener's branch, and where that read left the outbox. */
type Listener = (events: LiveEvent[], position: Horizon) => void;

export type EventHub = {
  /**
   * Delivers the branch's events of every transaction that commits after the answered `position` (where
   * the hub's next read starts) until `unsubscribe` is called.
   */
  subscribe: (
    key: { companyId: string; branchId: string },
    listener: Listener,
  ) => Promise<{ unsubscribe: () => void; position: Horizon }>;
  close: () => Promise<void>;
};

/**
 * A stream's position as its events' SSE `id` (docs/architecture/offline.md, 'Live events'): the horizon and
 * when it was taken, `<ms>.<xmax>.<running ids joined by ->`. A register that reconnects (its stream's
 * process died, the network dropped) sends the last one back as `since`, and the new stream first sends
 * what the branch's outbox holds after it.
 */
export function encodePosition(position: Horizon, at = Date.now()): string {
  return `${at}.${position.xmax}.${position.running.join('-')}`;
}

/**
 * The position in a `since`, or undefined when it is malformed or older than the outbox keeps its events
 * (less a minute's margin): then the stream cannot say what was missed and the register syncs its catalogue.
 */
export function decodePosition(text: string, now = Date.now()): Horizon | undefined {
  const match = /^(\d{1,15})\.(\d{1,20})\.((?:\d{1,20}(?:-\d{1,20})*)?)$/.exec(text);
  if (!match) return undefined;
  const at = Number(match[1]);
  if (at > now + 60_000 || now - at > (LIVE_EVENTS_KEEP_MINUTES - 1) * 60_000) return undefined;
  return { xmax: Number(match[2]), running: match[3] ? match[3].split('-').map(Number) : [] };
}

/** The branch's events committed after `after` (a stream resuming at a position), and the new position. */
export async function readBranchEventsAfter(
  db: Db,
  branchId: string,
  after: Horizon,
): Promise<{ events: LiveEvent[]; position: Horizon }> {
  const read = await readLiveEvents(db, { after, branchIds: [branchId] });
  return { events: read.events.flatMap(eventsOf), position: read.horizon };
}

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
  let reading: Promise<void> | undefined;
  let closed = false;

  const cleanup = setInterval(() => {
    deleteOldLiveEvents(db, LIVE_EVENTS_KEEP_MINUTES).catch((error: Error) =>
      log(`events: clean-up failed (${error.message})`),
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();

  const branchIds = () => [...listeners.keys()].map((key) => key.split(':')[1] as string);

  /** A read's rows to the listeners of their branches: one call per branch with all of its events. */
  const dispatch = (rows: LiveEventRow[], position: Horizon) => {
    const byKey = new Map<string, LiveEvent[]>();
    for (const row of rows) {
      const key = `${row.companyId}:${row.branchId}`;
      if (!listeners.has(key)) continue;
      const events = byKey.get(key) ?? [];
      events.push(...eventsOf(row));
      byKey.set(key, events);
    }
    for (const [key, events] of byKey) for (const listener of listeners.get(key) ?? []) listener(events, position);
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
    let done = () => {};
    reading = new Promise((resolve) => {
      done = resolve;
    });
    let next = EVENTS_POLL_MS;
    try {
      const read = await readLiveEvents(db, { after: since, branchIds: branchIds() });
      // Nobody listens any more: the next first subscriber starts at its own now, not at this read.
      since = listeners.size === 0 ? undefined : read.horizon;
      dispatch(read.events, read.horizon);
    } catch (error) {
      if (!closed) log(`events: reading the outbox failed (${(error as Error).message}); retrying`);
      next = RETRY_AFTER_MS;
    } finally {
      reading = undefined;
      done();
    }
    schedule(next);
  }

  return {
    async subscribe({ companyId, branchId }, listener) {
      const key = `${companyId}:${branchId}`;
      // A read in flight was asked for the branches listened to when it began: the answered position is the
      // one after it, from which the next read includes this branch.
      while (reading) await reading;
      // The first subscriber starts the reads at now: every write that commits after this answers is delivered.
      if (since === undefined) since = await liveEventsHorizon(db);
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      schedule(EVENTS_POLL_MS);
      const unsubscribe = () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
        if (listeners.size === 0 && !reading) since = undefined;
      };
      return { unsubscribe, position: since };
    },
    async close() {
      closed = true;
      listeners.clear();
      clearTimeout(timer);
      clearInterval(cleanup);
    },
  };
}
