import { type SoldLine, saleLinesPaid, toMinor } from '@pos/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { FiscalOutcome, FiscalSource } from './fiscal-provider';

/** A fiscal document as the outbox claims it. */
export type ClaimedDocument = {
  company_id: string;
  id: string;
  branch_id: string;
  register_id: string | null;
  kind: 'sale' | 'return';
  document_id: string;
  usin: string;
  attempts: number;
};

/** The back office's queue (documents without a register), as one key of the per-register order. */
const QUEUE = sql.raw(`coalesce(d.register_id, '00000000-0000-0000-0000-000000000000'::uuid)`);

/**
 * Claims up to `limit` documents to send: of each register's (or the back office's) pending documents only the
 * first by `seq`, and only when it is due (not waiting out a backoff) and nobody's lease on it runs. The claim
 * is a lease of `leaseMs`: a process that dies holding it leaves the document to the next claim after it ends.
 * Two processes claiming at once: the row's lock makes the second see the first's lease and skip it.
 */
export async function claimDocuments(db: DbOrTx, { limit, leaseMs }: { limit: number; leaseMs: number }) {
  return queryRows<ClaimedDocument>(
    db,
    sql`with heads as (
          select * from (
            select distinct on (d.company_id, d.branch_id, ${QUEUE})
                   d.company_id, d.id, d.next_attempt_at, d.claimed_until, d.seq
            from fiscal_documents d where d.status = 'pending'
            order by d.company_id, d.branch_id, ${QUEUE}, d.seq
          ) h
          where h.next_attempt_at <= now() and (h.claimed_until is null or h.claimed_until < now())
          order by h.seq
          limit ${limit}
        )
        update fiscal_documents d
        set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = d.attempts + 1
        from heads h
        where d.company_id = h.company_id and d.id = h.id and d.status = 'pending'
          and (d.claimed_until is null or d.claimed_until < now())
        returning d.company_id, d.id, d.branch_id, d.register_id, d.kind, d.document_id, d.usin, d.attempts`,
  );
}

/** Where a document goes and as whom: its branch's settings, its register's POS registration or the branch's. */
export async function targetOf(db: DbOrTx, doc: ClaimedDocument) {
  const [row] = await queryRows<{
    provider: string;
    environment: string;
    base_url: string | null;
    default_pct_code: string | null;
    pos_id: number | null;
    token_encrypted: string | null;
  }>(
    db,
    sql`select f.provider, f.environment, f.base_url, f.default_pct_code,
               case when r.register_id is null then f.pos_id else r.pos_id end as pos_id,
               case when r.register_id is null then f.token_encrypted else r.token_encrypted end as token_encrypted
        from fiscal_settings f
        left join fiscal_registers r on r.company_id = f.company_id and r.register_id = ${doc.register_id}::uuid
        where f.company_id = ${doc.company_id}::uuid and f.branch_id = ${doc.branch_id}::uuid`,
  );
  return row ?? null;
}

type LineRow = {
  id: string;
  code: string;
  name: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  tax_included: boolean;
  pct_code: string | null;
};

/** A completed sale as the authority reads it: its lines split by the shared money module (saleLinesPaid). */
async function saleSource(db: DbOrTx, doc: ClaimedDocument, defaultPct: string): Promise<FiscalSource | null> {
  const [sale] = await queryRows<{
    receipt_number: string;
    sold_at: Date;
    payment_method: string;
    discount_amount: string;
    tax_amount: string;
    tax_rate: string;
    service_fee: string;
    timezone: string;
    name: string | null;
    phone: string | null;
  }>(
    db,
    sql`select s.receipt_number, s.sold_at, s.payment_method, s.discount_amount, s.tax_amount, s.tax_rate,
               s.service_fee, b.timezone, c.name, c.phone
        from sales s
        join branches b on b.company_id = s.company_id and b.id = s.branch_id
        left join customers c on c.company_id = s.company_id and c.id = s.customer_id
        where s.company_id = ${doc.company_id}::uuid and s.id = ${doc.document_id}::uuid`,
  );
  if (!sale) return null;
  const lines = await queryRows<LineRow>(
    db,
    sql`select si.id, coalesce(si.product_sku, si.product_id::text) as code, si.product_name as name, si.quantity,
               si.unit_price, si.tax_rate, si.tax_included, tc.pct_code
        from sale_items si
        left join tax_classes tc on tc.company_id = si.company_id and tc.id = si.tax_class_id
        where si.company_id = ${doc.company_id}::uuid and si.sale_id = ${doc.document_id}::uuid`,
  );
  const sold: SoldLine[] = lines.map((l) => ({
    id: l.id,
    quantity: Number(l.quantity),
    unitPrice: Number(l.unit_price),
    taxRate: Number(l.tax_rate),
    taxIncluded: l.tax_included,
  }));
  const paid = new Map(
    saleLinesPaid({
      items: sold,
      discountAmount: Number(sale.discount_amount),
      taxAmount: Number(sale.tax_amount),
      taxRate: Number(sale.tax_rate),
    }).map((p) => [p.id, p]),
  );
  return {
    kind: 'sale',
    usin: sale.receipt_number,
    refUsin: null,
    at: new Date(sale.sold_at),
    timezone: sale.timezone,
    buyer: sale.name || sale.phone ? { name: sale.name, phone: sale.phone } : null,
    paidBy: sale.payment_method,
    lines: [
      ...lines.map((l) => {
        const p = paid.get(l.id);
        return {
          code: l.code,
          name: l.name,
          quantity: Number(l.quantity),
          pctCode: l.pct_code ?? defaultPct,
          taxRate: Number(l.tax_rate),
          value: (p?.goods ?? 0) - (p?.discount ?? 0),
          discount: p?.discount ?? 0,
          tax: p?.tax ?? 0,
        };
      }),
      // FBR's POS service fee is a line of its own (untaxed, the branch's default PCT code): the invoice's total is
      // what the customer paid.
      ...(toMinor(Number(sale.service_fee)) > 0
        ? [{ ...SERVICE_FEE_LINE, pctCode: defaultPct, value: toMinor(Number(sale.service_fee)) }]
        : []),
    ],
  };
}

/** FBR's POS service fee as an invoice line (its amount the sale's). */
const SERVICE_FEE_LINE = { code: 'POS-FEE', name: 'POS service fee', quantity: 1, taxRate: 0, discount: 0, tax: 0 };

/** A completed return as the authority reads it: the goods that came back, at what the sale charged for them. */
async function returnSource(db: DbOrTx, doc: ClaimedDocument, defaultPct: string): Promise<FiscalSource | null> {
  const [ret] = await queryRows<{
    return_number: string;
    created_at: Date;
    receipt_number: string;
    timezone: string;
    name: string | null;
    phone: string | null;
    methods: string[] | null;
  }>(
    db,
    sql`select r.return_number, r.created_at, s.receipt_number, b.timezone, c.name, c.phone,
               (select array_agg(distinct l.method) from return_refund_lines l
                 where l.company_id = r.company_id and l.return_id = r.id) as methods
        from returns r
        join sales s on s.company_id = r.company_id and s.id = r.original_sale_id
        join branches b on b.company_id = r.company_id and b.id = r.branch_id
        left join customers c on c.company_id = s.company_id and c.id = s.customer_id
        where r.company_id = ${doc.company_id}::uuid and r.id = ${doc.document_id}::uuid`,
  );
  if (!ret) return null;
  const lines = await queryRows<{
    code: string;
    name: string;
    quantity: string;
    goods: string;
    discount_amount: string;
    tax_amount: string;
    tax_rate: string;
    pct_code: string | null;
  }>(
    db,
    sql`select coalesce(ri.product_sku, ri.product_id::text) as code, ri.product_name as name, ri.quantity, ri.goods,
               ri.discount_amount, ri.tax_amount, si.tax_rate, tc.pct_code
        from return_items ri
        join sale_items si on si.company_id = ri.company_id and si.id = ri.sale_item_id
        left join tax_classes tc on tc.company_id = si.company_id and tc.id = si.tax_class_id
        where ri.company_id = ${doc.company_id}::uuid and ri.return_id = ${doc.document_id}::uuid
        order by ri.id`,
  );
  const methods = ret.methods ?? [];
  return {
    kind: 'return',
    usin: ret.return_number,
    refUsin: ret.receipt_number,
    at: new Date(ret.created_at),
    timezone: ret.timezone,
    buyer: ret.name || ret.phone ? { name: ret.name, phone: ret.phone } : null,
    paidBy: methods.length === 1 ? (methods[0] ?? 'mixed') : 'mixed',
    lines: lines.map((l) => ({
      code: l.code,
      name: l.name,
      quantity: Number(l.quantity),
      pctCode: l.pct_code ?? defaultPct,
      taxRate: Number(l.tax_rate),
      value: toMinor(Number(l.goods)) - toMinor(Number(l.discount_amount)),
      discount: toMinor(Number(l.discount_amount)),
      tax: toMinor(Number(l.tax_amount)),
    })),
  };
}

export function sourceOf(db: DbOrTx, doc: ClaimedDocument, defaultPct: string): Promise<FiscalSource | null> {
  return doc.kind === 'sale' ? saleSource(db, doc, defaultPct) : returnSource(db, doc, defaultPct);
}

/** Seconds to wait before the next try after `attempts` tries that got no answer: 2, 4, 8 ... at most 5 minutes. */
export const backoffSeconds = (attempts: number) => Math.min(2 ** Math.max(attempts, 1), 300);

/**
 * What a send came to, recorded with its attempt: numbered (sent), refused (failed, with the reason) or no
 * answer (pending again after the backoff). Only a pending document changes: an answer that arrives after its
 * lease ended and another process already recorded the number changes nothing but the attempts' trail.
 */
export async function recordOutcome(db: DbOrTx, doc: ClaimedDocument, result: FiscalOutcome): Promise<void> {
  const key = sql`company_id = ${doc.company_id}::uuid and id = ${doc.id}::uuid and status = 'pending'`;
  if (result.outcome === 'ok' || result.outcome === 'duplicate') {
    await db.execute(sql`update fiscal_documents set status = 'sent', fiscal_number = ${result.number},
                           sent_at = now(), claimed_until = null, last_code = ${result.code}, last_error = null
                         where ${key}`);
  } else if (result.outcome === 'refused') {
    await db.execute(sql`update fiscal_documents set status = 'failed', claimed_until = null,
                           last_code = ${result.code}, last_error = ${result.message}
                         where ${key}`);
  } else {
    await db.execute(sql`update fiscal_documents set claimed_until = null, last_error = ${result.message},
                           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(doc.attempts)})
                         where ${key}`);
  }
  await db.execute(sql`insert into fiscal_attempts (company_id, fiscal_document_id, outcome, http_status, code, message)
                       values (${doc.company_id}::uuid, ${doc.id}::uuid, ${result.outcome}, ${result.httpStatus},
                               ${'code' in result ? result.code : null}, ${result.message})`);
}
