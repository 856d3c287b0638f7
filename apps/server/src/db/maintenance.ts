import { voucherCodeDigest } from '@pos/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from './client';
import { giftVouchers } from './schema';

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

/**
 * Once at every start: the code digest (voucherCodeDigest) of each gift voucher sold before vouchers had one, so
 * that the registers' sync can carry them (GET /sync/gift-vouchers leaves a voucher without one out). Walks the
 * vouchers without a digest once, in batches of `batchSize` (their digests computed side by side, ~20 ms each on
 * WebCrypto's threads), each batch written in one transaction that also stamps change_xid, so a register that
 * synced before reads them in its next delta. Idempotent: a voucher that has a digest (sold since, or filled by
 * another process meanwhile) is left as it is; with none left it is one read that finds nothing. Answers how
 * many it filled.
 */
export async function fillVoucherCodeDigests(db: Db, { batchSize = 200 }: { batchSize?: number } = {}) {
  let filled = 0;
  let last: { companyId: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ companyId: giftVouchers.companyId, id: giftVouchers.id, code: giftVouchers.code })
      .from(giftVouchers)
      .where(
        and(
          isNull(giftVouchers.codeDigest),
          last
            ? sql`(${giftVouchers.companyId}, ${giftVouchers.id}) > (${last.companyId}::uuid, ${last.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(giftVouchers.companyId), asc(giftVouchers.id))
      .limit(batchSize);
    if (rows.length === 0) return filled;
    const digests = await Promise.all(rows.map((r) => voucherCodeDigest(r.code, r.companyId)));
    await db.transaction(async (tx) => {
      for (const [i, r] of rows.entries()) {
        const written = await tx
          .update(giftVouchers)
          .set({ codeDigest: digests[i], changeXid: sql`pg_current_xact_id()::text::bigint` })
          .where(
            and(eq(giftVouchers.companyId, r.companyId), eq(giftVouchers.id, r.id), isNull(giftVouchers.codeDigest)),
          )
          .returning({ id: giftVouchers.id });
        filled += written.length;
      }
    });
    last = rows[rows.length - 1];
  }
}
