import { FISCAL_MSG, type FiscalProvider } from '@pos/shared';
import type { DbOrTx } from '../../db/client';
import { fbrProvider } from './fbr';
import { type ClaimedDocument, claimDocuments, recordOutcome, sourceOf, targetOf } from './fiscal-outbox.repo';
import type { FiscalImplementation } from './fiscal-provider';
import type { FiscalSecrets } from './fiscal-secrets';

/**
 * The fiscal outbox's sender (docs/architecture/fiscal.md): every server process claims the due head of each
 * register's queue every FISCAL_OUTBOX_MS, sends it to its authority, and records what came back. A document is
 * sent until it is numbered or refused; the same USIN sent again (after a lost answer, a killed process) is
 * answered with the number the authority gave it, so each document is numbered once.
 */
export const FISCAL_OUTBOX_MS = 250;
const BATCH = 20;

/** The implementations by the setting's provider; 'none' queues nothing, so it has none. */
const IMPLEMENTATIONS: Record<Exclude<FiscalProvider, 'none'>, FiscalImplementation> = { fbr: fbrProvider };

export type FiscalConfig = {
  secrets: FiscalSecrets;
  /** FBR's endpoints (configuration: FBR_SANDBOX_URL, FBR_PRODUCTION_URL). */
  sandboxUrl: string;
  productionUrl: string;
  timeoutMs: number;
  /** How long a claim holds a document: longer than a send can take. */
  leaseMs: number;
};

const refused = (message: string) => ({ outcome: 'refused' as const, code: null, message, httpStatus: null });

async function sendOne(db: DbOrTx, config: FiscalConfig, doc: ClaimedDocument): Promise<void> {
  const target = await targetOf(db, doc);
  if (!target || target.provider === 'none') {
    return recordOutcome(db, doc, refused('Fiscal reporting is off for this branch'));
  }
  if (!target.pos_id || !target.token_encrypted) return recordOutcome(db, doc, refused(FISCAL_MSG.noPos));
  const source = await sourceOf(db, doc, target.default_pct_code ?? '');
  if (!source) return recordOutcome(db, doc, refused('The document no longer exists'));
  const url =
    target.environment === 'production'
      ? config.productionUrl
      : target.environment === 'sandbox'
        ? config.sandboxUrl
        : `${(target.base_url ?? '').replace(/\/+$/, '')}/PostData`;
  const implementation = IMPLEMENTATIONS[target.provider as Exclude<FiscalProvider, 'none'>];
  const result = await implementation.send(source, {
    url,
    posId: target.pos_id,
    token: config.secrets.open(target.token_encrypted),
    timeoutMs: config.timeoutMs,
  });
  await recordOutcome(db, doc, result);
}

/** One claim and its sends (each register's head at once); answers how many documents it took. */
export async function sendDueDocuments(db: DbOrTx, config: FiscalConfig): Promise<number> {
  const claimed = await claimDocuments(db, { limit: BATCH, leaseMs: config.leaseMs });
  await Promise.all(claimed.map((doc) => sendOne(db, config, doc)));
  return claimed.length;
}

/** Sends until nothing is due (the tests' and a manager's resend's way to wait for the outbox). */
export async function drainFiscalOutbox(db: DbOrTx, config: FiscalConfig): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await sendDueDocuments(db, config);
    if (n === 0) return total;
    total += n;
  }
}

/** Starts this process's sender (a tick is skipped while one runs); `stop` waits for the send in flight. */
export function startFiscalOutbox(db: DbOrTx, config: FiscalConfig, log: (message: string) => void) {
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || inFlight) return;
    inFlight = drainFiscalOutbox(db, config)
      .then(
        () => undefined,
        (error: Error) => log(`fiscal outbox failed, tried again in ${FISCAL_OUTBOX_MS} ms (${error.message})`),
      )
      .finally(() => {
        inFlight = undefined;
      });
  }, FISCAL_OUTBOX_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
