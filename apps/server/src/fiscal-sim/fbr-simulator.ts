import { FBR_CODE_OK, type FbrInvoice, type FbrResponse, fbrInvoiceSchema } from '@pos/shared';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for FBR's fiscal endpoint (`npm run fbr-sim`; the tests start it in-process): POST /PostData
 * takes an invoice as FBR's POS fiscal component sends it (packages/shared fbr.ts, the same schema the
 * product builds it with), checks the POS's Bearer token and every field and total, and answers `Code: "100"`
 * with a fiscal invoice number; the same USIN from the same POS again answers the number it already issued
 * (FBR numbers an invoice once). It can be told to misbehave: time out, answer 5xx, or refuse an invoice
 * with a code (POST /__sim/behaviour). GET /__sim/invoices lists what it numbered, with how often each was sent.
 */

/** One way to misbehave, for the next `times` invoices (or the one of `usin`). */
export type SimBehaviour = {
  mode: 'timeout' | 'error' | 'refuse' | 'slow';
  /** 'slow': how long each answer waits before it is given as usual. */
  ms?: number;
  /** The code of a refusal (default '101'). */
  code?: string;
  message?: string;
  times?: number;
  /** Only this USIN (any number of times) instead of the next `times` invoices. */
  usin?: string;
};

export type SimInvoice = { posId: number; usin: string; invoiceNumber: string; received: number; invoice: FbrInvoice };

export type FbrSimulator = {
  app: FastifyInstance;
  url: string;
  invoices: () => SimInvoice[];
  behave: (behaviour: SimBehaviour) => void;
  /** Back to answering every invoice at once. */
  clear: () => void;
  close: () => Promise<void>;
};

export type FbrSimulatorOptions = {
  port?: number;
  host?: string;
  /** POSID -> its Bearer token; absent: any token is accepted. */
  tokens?: Record<number, string>;
  /** How long a 'timeout' holds the request before answering nothing (ms). */
  timeoutMs?: number;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export async function startFbrSimulator(options: FbrSimulatorOptions = {}): Promise<FbrSimulator> {
  const app = Fastify({ logger: false });
  const issued = new Map<string, SimInvoice>();
  const rules: SimBehaviour[] = [];
  let sequence = 0;

  const answer = (res: Partial<FbrResponse> & { Code: string }): FbrResponse => ({
    InvoiceNumber: null,
    Response: '',
    Errors: null,
    ...res,
  });

  app.post('/PostData', async (req, reply) => {
    const parsed = fbrInvoiceSchema.safeParse(req.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => `${i.path.join('.') || 'invoice'}: ${i.message}`).join('; ');
      return reply.code(200).send(answer({ Code: '102', Response: 'Invalid invoice', Errors: errors }));
    }
    const invoice = parsed.data;
    const expected = options.tokens?.[invoice.POSID];
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (expected !== undefined && token !== expected)) {
      return reply.code(401).send(answer({ Code: '401', Response: 'Unauthorized', Errors: 'Invalid token for POSID' }));
    }
    const key = `${invoice.POSID}:${invoice.USIN}`;
    const rule = rules.find((r) => (r.usin ? r.usin === invoice.USIN : true));
    if (rule) {
      if (!rule.usin && rule.times !== undefined && --rule.times <= 0) rules.splice(rules.indexOf(rule), 1);
      if (rule.mode === 'timeout') {
        await new Promise((resolve) => setTimeout(resolve, options.timeoutMs ?? 30_000));
        return reply.code(504).send();
      }
      if (rule.mode === 'error') return reply.code(503).send({ error: 'Service unavailable' });
      if (rule.mode === 'refuse') {
        const refusal = { Code: rule.code ?? '101', Response: 'Invoice refused', Errors: rule.message ?? 'Refused' };
        return reply.code(200).send(answer(refusal));
      }
      await new Promise((resolve) => setTimeout(resolve, rule.ms ?? 100));
    }
    const known = issued.get(key);
    if (known) {
      known.received += 1;
      return answer({
        Code: FBR_CODE_OK,
        InvoiceNumber: known.invoiceNumber,
        Response: 'Invoice already received: its fiscal invoice number again',
      });
    }
    sequence += 1;
    const now = new Date();
    const invoiceNumber = `${invoice.POSID}${pad(now.getUTCFullYear() % 100)}${pad(now.getUTCMonth() + 1)}${pad(
      now.getUTCDate(),
    )}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}${pad(sequence, 6)}`;
    issued.set(key, { posId: invoice.POSID, usin: invoice.USIN, invoiceNumber, received: 1, invoice });
    return answer({
      Code: FBR_CODE_OK,
      InvoiceNumber: invoiceNumber,
      Response: 'Fiscal Invoice Number generated successfully.',
    });
  });

  app.post('/__sim/behaviour', async (req) => {
    const behaviour = req.body as SimBehaviour;
    rules.push({ ...behaviour });
    return { ok: true };
  });
  app.delete('/__sim/behaviour', async () => {
    rules.length = 0;
    return { ok: true };
  });
  app.get('/__sim/invoices', async () => [...issued.values()]);

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return {
    app,
    url: address,
    invoices: () => [...issued.values()],
    behave: (behaviour) => rules.push({ ...behaviour }),
    clear: () => {
      rules.length = 0;
    },
    close: () => app.close(),
  };
}
