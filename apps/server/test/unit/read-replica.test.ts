import type { FastifyInstance, FastifyReply } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/client';
import { notFound } from '../../src/lib/errors';
import { readReplica } from '../../src/lib/read-replica';

/**
 * readReplica's choice when the replica fails the read itself (its lag check having answered): a replica
 * that went away, shut down or cancelled the read for replay is read again from the primary; a query's own
 * error (a 404, bad input) is the answer. The handles are labels: `read` answers by which one it was given.
 */
const primary = { name: 'primary' } as unknown as Db;
const replicaDb = { name: 'replica' } as unknown as Db;

function setUp(replicaFails?: unknown) {
  const app = { db: primary, database: { replica: { db: replicaDb, lagSeconds: async () => 0.4 } } };
  const reply = { header: vi.fn(), removeHeader: vi.fn(), log: { warn: vi.fn() } };
  const read = vi.fn(async (db: Db) => {
    if (db === replicaDb && replicaFails) throw replicaFails;
    return db === primary ? 'from the primary' : 'from the replica';
  });
  const run = () => readReplica(app as unknown as FastifyInstance, reply as unknown as FastifyReply, read);
  return { run, reply, read };
}

describe('readReplica', () => {
  it('reads the replica and says how fresh', async () => {
    const { run, reply } = setUp();
    expect(await run()).toEqual({
      value: 'from the replica',
      freshness: { source: 'replica', lagSeconds: 1, stale: false },
    });
    expect(reply.header).toHaveBeenCalledWith('x-replica-lag-seconds', '1');
  });

  it.each([
    ['a shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    [
      'a replay conflict',
      Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a refused connection (wrapped)',
      new Error('query failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
    ],
  ])('%s on the replica: the same read from the primary, without freshness', async (_, error) => {
    const { run, reply, read } = setUp(error);
    expect(await run()).toEqual({ value: 'from the primary' });
    expect(read).toHaveBeenCalledTimes(2);
    expect(reply.removeHeader).toHaveBeenCalledWith('x-replica-lag-seconds');
  });

  it("a query's own error is the answer, not read again", async () => {
    const { run, read } = setUp(notFound('Branch'));
    await expect(run()).rejects.toMatchObject({ statusCode: 404 });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
