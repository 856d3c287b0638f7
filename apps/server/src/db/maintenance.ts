import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: every table vacuumed
 * and analyzed, one at a time (PGlite runs one statement at a time, so a request waits for at most one
 * table). Without fresh statistics the plans that PostgreSQL keeps for a connection's lifetime (foreign-
 * key checks, the daily-totals triggers) stay those made when the shop's tables were small: a sale
 * would scan every earlier sale. VACUUM also keeps index-only scans (product search) index-only.
 */
export async function vacuumAnalyzeAll(db: Db): Promise<string[]> {
  const rows = await queryRows<{ relname: string }>(
    db,
    sql`select relname from pg_stat_user_tables where schemaname = 'public' order by relname`,
  );
  const tables = rows.map((r) => r.relname);
  for (const table of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return tables;
}

/**
 * Runs vacuumAnalyzeAll every `intervalMs` (and once `firstAfterMs` after start) until stopped. A failed
 * run is reported and the schedule goes on; the timer never keeps the process alive.
 */
export function scheduleEmbeddedMaintenance(
  db: Db,
  { intervalMs, firstAfterMs, onError }: { intervalMs: number; firstAfterMs: number; onError: (e: unknown) => void },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = (delay: number) => {
    timer = setTimeout(() => {
      running = vacuumAnalyzeAll(db)
        .catch(onError)
        .finally(() => {
          if (!stopped) run(intervalMs);
        });
    }, delay);
    timer.unref();
  };
  run(firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}
