import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/** A row of live_events as the hub reads it (db/schema/live-events.ts). */
export type LiveEventRow = {
  companyId: string;
  branchId: string;
  stock: [string, number][] | null;
  products: string[] | null;
  resync: boolean;
};

/**
 * Where a read of the outbox stands: the transactions that had not finished at its snapshot, as
 * pg_current_snapshot names them (every id from `xmax` on, and the ids in `running` below it). Every other
 * transaction had finished, so that read saw all of its events.
 */
export type Horizon = { xmax: number; running: number[] };

const snapshotColumns = sql`pg_snapshot_xmax(s.snap)::text as xmax,
  (select coalesce(array_agg(x::text), '{}') from pg_snapshot_xip(s.snap) x) as running`;

type SnapshotRow = { xmax: string; running: string[] };
const horizonOf = (row: SnapshotRow | undefined, fallback: Horizon): Horizon =>
  row ? { xmax: Number(row.xmax), running: row.running.map(Number) } : fallback;

export async function liveEventsHorizon(db: DbOrTx): Promise<Horizon> {
  const [row] = await queryRows<SnapshotRow>(
    db,
    sql`select ${snapshotColumns} from (select pg_current_snapshot() as snap) s`,
  );
  return horizonOf(row, { xmax: 0, running: [] });
}

/**
 * The events of the given branches written by the transactions that had not finished at the last read
 * (`after`) and have committed since, in order (by transaction, then row), and the new horizon. Rows of a
 * transaction still running now are not visible to this read; it is in the new horizon, so the next read
 * takes them. No event is skipped or read twice, and a long transaction holds back only its own events.
 */
export async function readLiveEvents(
  db: DbOrTx,
  { after, branchIds }: { after: Horizon; branchIds: string[] },
): Promise<{ horizon: Horizon; events: LiveEventRow[] }> {
  const rows = await queryRows<LiveEventRow & SnapshotRow & { xid: string | null }>(
    db,
    sql`select ${snapshotColumns}, e.xid, e.company_id as "companyId", e.branch_id as "branchId", e.stock,
          e.products, e.resync
        from (select pg_current_snapshot() as snap) s
        left join live_events e
          on (e.xid >= ${after.xmax}::bigint or e.xid = any(${`{${after.running.join(',')}}`}::bigint[]))
          and e.branch_id = any(${`{${branchIds.join(',')}}`}::uuid[])
        order by e.xid, e.id`,
  );
  return { horizon: horizonOf(rows[0], after), events: rows.filter((r) => r.xid !== null) };
}

/** Drops the events older than `minutes` (every reader has long moved past them). */
export async function deleteOldLiveEvents(db: DbOrTx, minutes: number): Promise<void> {
  await db.execute(sql`delete from live_events where created_at < now() - make_interval(mins => ${minutes}::int)`);
}
