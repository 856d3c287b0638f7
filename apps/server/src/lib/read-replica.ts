import { type Freshness, REPLICA_STALE_SECONDS } from '@pos/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { isUnavailable } from './pg-errors';

/**
 * Reads from a replica (docs/architecture/database.md, 'Reads from a replica'): the one place that decides
 * which database a route's service reads. The routes of figures over periods and of bulk exports (reports,
 * the sales and returns figures, the transactions export) hand their service call to `readReplica`; every
 * other route passes `app.db`, the primary, so whatever must see its own or a previous request's writes
 * (a sale's answer and its replay, GET /transactions/{id}, sync, sign-in, approvals) reads the primary.
 *
 * Without a replica (DATABASE_READ_URL unset, or the embedded database) the read goes to the primary and
 * nothing is added. With one, its lag is read first (so the figures are at least that fresh) and answered as
 * `freshness`, stale past REPLICA_STALE_SECONDS; a replica that does not answer, or fails the read for want of a
 * connection, is skipped for the primary.
 */
export async function readReplica<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  read: (db: Db) => Promise<T>,
): Promise<{ value: T; freshness?: Freshness }> {
  const replica = app.database.replica;
  if (!replica) return { value: await read(app.db) };
  let lag: number | null;
  try {
    lag = await replica.lagSeconds();
  } catch (error) {
    reply.log.warn({ err: error }, 'The read replica does not answer: reading from the primary');
    return { value: await read(app.db) };
  }
  const freshness = freshnessOf(lag);
  // Exports answer a file, not JSON: the header says the same there.
  reply.header('x-replica-lag-seconds', String(freshness.lagSeconds));
  try {
    return { value: await read(replica.db), freshness };
  } catch (error) {
    // The replica went away mid-read (stopped, cut off, promoted and restarted), or cancelled the read for
    // replay: the same read from the primary. Anything else (a 404, bad input) is the answer.
    if (!isUnavailable(error)) throw error;
    reply.log.warn({ err: error }, 'The read replica failed the read: reading from the primary');
    reply.removeHeader('x-replica-lag-seconds');
    return { value: await read(app.db) };
  }
}

/** `readReplica` answered in the success envelope of `replicaEnvelope(...)`: `meta.freshness` when read from the replica. */
export async function okFromReplica<T>(app: FastifyInstance, reply: FastifyReply, read: (db: Db) => Promise<T>) {
  const { value, freshness } = await readReplica(app, reply, read);
  return { success: true as const, data: value, ...(freshness && { meta: { freshness } }) };
}

/** Whole seconds (rounded up: 0.2 s behind is not "as of 0 s ago"); null (not in recovery: a primary) is 0. */
export function freshnessOf(lag: number | null): Freshness {
  const lagSeconds = lag === null ? 0 : Math.ceil(lag);
  return { source: 'replica', lagSeconds, stale: lagSeconds > REPLICA_STALE_SECONDS };
}
