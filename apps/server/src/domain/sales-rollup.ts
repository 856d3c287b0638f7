import type { DbOrTx } from '../db/client';
import { rollUpSales } from './sales-rollup.repo';

/**
 * The roll-up of new sales into the kept totals (docs/architecture/reports.md, 'The roll-up'). A sale's
 * transaction only queues it (sales_rollup_queue); every server process rolls the queue up every
 * SALES_ROLLUP_MS in batches of SALES_ROLLUP_BATCH, so the totals rows many registers share are written by
 * one short transaction per batch instead of by every sale, and readers add what is still queued. Processes
 * never take the same sales (the queue is read SKIP LOCKED).
 */
export const SALES_ROLLUP_MS = 250;
export const SALES_ROLLUP_BATCH = 1000;

/** Rolls up batches until the queue is drained (or held by others); answers how many sales it took. */
export async function rollUpAllSales(db: DbOrTx, batch = SALES_ROLLUP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await rollUpSales(db, batch);
    total += n;
    if (n < batch) return total;
  }
}

/** Starts the periodic roll-up of this process (a tick is skipped while a run is in progress); `stop` waits for it. */
export function startSalesRollup(db: DbOrTx, log: (message: string) => void): { stop: () => Promise<void> } {
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || inFlight) return;
    inFlight = rollUpAllSales(db)
      .then(
        () => undefined,
        (error: Error) => log(`sales roll-up failed, tried again in ${SALES_ROLLUP_MS} ms (${error.message})`),
      )
      .finally(() => {
        inFlight = undefined;
      });
  }, SALES_ROLLUP_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
