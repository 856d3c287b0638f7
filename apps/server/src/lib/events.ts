import { PGlite } from '@electric-sql/pglite';
import type { LiveEvent } from '@pos/shared';
import type pg from 'pg';
import type { Db } from '../db/client';

/**
 * Live events for registers (issue 14; docs/ARCHITECTURE.md, 'Registers and offline sales'). Product
 * writes NOTIFY channel `pos_events` from triggers (migration 0018), in the writing transaction, so
 * an event goes out when (and only if) the write commits, whichever server process made it. Each
 * process keeps one LISTEN connection (PostgreSQL: a client taken from the pool for good, reconnected
 * on error; PGlite: the embedded database's own listen), opened at the first subscriber, and fans the
 * notifications out to the subscribers of the branch.
 */

export const EVENTS_CHANNEL = 'pos_events';

type Listener = (event: LiveEvent) => void;
type Notice = { c: string; b: string; s?: [string, number][] | null; p?: string[] | null; resync?: boolean };

export type EventHub = {
  subscribe: (key: { companyId: string; branchId: string }, listener: Listener) => Promise<() => void>;
  close: () => Promise<void>;
};

/** The events of one notification, stock first. */
export function eventsOf(notice: Notice): LiveEvent[] {
  if (notice.resync) return [{ type: 'resync', data: {} }];
  const events: LiveEvent[] = [];
  for (const [productId, stockQuantity] of notice.s ?? []) {
    events.push({ type: 'stock', data: { productId, stockQuantity } });
  }
  for (const id of notice.p ?? []) events.push({ type: 'product', data: { id } });
  return events;
}

export function createEventHub(db: Db, log: (message: string) => void = () => {}): EventHub {
  const listeners = new Map<string, Set<Listener>>();
  let started: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;
  let closed = false;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    const set = listeners.get(`${notice.c}:${notice.b}`);
    if (!set || set.size === 0) return;
    for (const event of eventsOf(notice)) for (const listener of set) listener(event);
  };

  async function listenPg(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.removeAllListeners('notification');
      client.release(error ?? true);
    };
    client.on('notification', (msg) => dispatch(msg.payload));
    client.on('error', (error) => {
      log(`events: LISTEN connection lost (${error.message}); reconnecting`);
      release(error);
      if (!closed) setTimeout(() => void listenPg(pool).catch(() => undefined), 1000).unref();
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    stop = async () => {
      await client.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
      release();
    };
  }

  async function start(): Promise<void> {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof PGlite) {
      const unlisten = await client.listen(EVENTS_CHANNEL, (payload) => dispatch(payload));
      stop = async () => {
        await unlisten().catch(() => undefined);
      };
      return;
    }
    await listenPg(client);
  }

  return {
    async subscribe({ companyId, branchId }, listener) {
      const key = `${companyId}:${branchId}`;
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      started ??= start().catch((error) => {
        started = undefined;
        throw error;
      });
      await started;
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await stop?.();
    },
  };
}
