import type { Sale, SaleItem, SalePaymentMethod, SaleTenderMethod, Unit } from '@pos/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, namedStatement, queryRows, runNamed } from '../../db/client';
import { REFUSALS } from '../../db/refusals';
import {
  branches,
  customers,
  fiscalDocuments,
  products,
  registerSignIns,
  registers,
  saleItems,
  sales,
  salesDaily,
  salesDailyTenders,
  saleTenderLines,
  saleTenders,
  users,
} from '../../db/schema';
import { listingPrice, listingPriceSql } from '../../domain/catalog.repo';
import { receiptNumberSql } from '../../domain/document-numbers';
import { fiscalReportColumns, fiscalReportOf, fiscalReportOn } from '../../domain/fiscal-report.repo';
import { dailyRows, keptTotals } from '../../domain/sales-figures.repo';
import { serviceFeeSql } from '../../domain/service-fee';
import { saleMovementsSql } from '../../domain/stock-ledger.repo';
import { type DayCount, type OrderKey, orderBy, windowQuery } from '../../lib/keyset.repo';
import { toMoney } from '../../lib/money';
import { refusalOf } from '../../lib/pg-errors';
import { containsPattern, type LocalDays, localDayRange } from '../../lib/sql-filters.repo';
import { type CompanyScope, tenantFilter } from '../../lib/tenant.repo';

type BranchKey = { companyId: string; branchId: string };

export async function findSaleByIdempotencyKey(tx: DbOrTx, { companyId, branchId, key }: BranchKey & { key: string }) {
  const [row] = await tx
    .select({ id: sales.id, requestHash: sales.requestHash })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * Where sales with this id are, within the given companies: a register chooses its sale ids, so one id
 * may name sales of several companies (never two in one company: the primary key).
 */
export async function findSaleHolders(db: DbOrTx, { id, companyIds }: { id: string; companyIds: CompanyScope }) {
  return db
    .select({ companyId: sales.companyId, branchId: sales.branchId })
    .from(sales)
    .where(and(eq(sales.id, id), tenantFilter(sales.companyId, companyIds)))
    .limit(100);
}

/** Which of these ids name products of the branch, deleted ones included. */
export async function findBranchProductIds(tx: DbOrTx, { companyId, branchId, ids }: BranchKey & { ids: string[] }) {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.branchId, branchId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The live products of the cart as they are now (no lock): why a sale statement was refused. */
export async function findCartProducts(tx: DbOrTx, { companyId, branchId, ids }: BranchKey & { ids: string[] }) {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: listingPrice(),
      stockQuantity: products.stockQuantity,
      unit: products.unit,
      taxRate: products.taxRate,
      taxIncluded: products.taxIncluded,
    })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(products.branchId, branchId),
        inArray(products.id, ids),
        isNull(products.deletedAt),
      ),
    );
  return rows.map((r) => ({ ...r, price: toMoney(r.price), taxRate: r.taxRate === null ? null : toMoney(r.taxRate) }));
}

/**
 * The whole sale in one statement, so one round trip and no explicit transaction (docs/architecture/sales.md):
 * 1. the cart's products are locked in id order (one order for every sale: no deadlocks), with the price each
 *    sells at (listingPriceSql: read here, for the locked rows only, so the update below joins by id alone);
 * 2. each is decremented only if it is live in the branch, its price and its tax class's rate (and whether
 *    its price includes the tax) are still the cart's and its stock covers the quantity; unless every product was, pos_sale_check fails the statement (REFUSALS.saleStock);
 * 3. the customer is found or created by phone;
 * 4. the sale is inserted, numbered from the branch's sequence (receiptNumberSql: RCP-000042); if its
 *    id or idempotency key is taken it is not, and pos_sale_check fails the statement (REFUSALS.saleExists);
 * 5. its lines, a split sale's tender lines (sale_tenders) and one `sale` movement per product (the stock ledger's saleMovementsSql: previous and new
 *    quantity from the update itself) are inserted; a store credit tender is a ledger entry taking it from the
 *    customer's balance (its trigger refuses an online one below 0: REFUSALS.creditShort; offline the sale is
 *    flagged `credit_overdrawn`); an account tender is a charge to the customer's account (its trigger refuses an
 *    online one past the credit limit unless `accountApprovedBy` names the manager who approved it, kept on
 *    the entry only when it goes past (the customer's row, locked by its upsert, says):
 *    REFUSALS.accountOverLimit; offline the sale is flagged `account_over_limit`); a voucher tender is a redeem
 *    entry of the gift voucher `voucherId` (its trigger refuses an online one past the balance or expiry:
 *    REFUSALS.voucherShort / voucherExpired; offline the sale is flagged `voucher_overdrawn`);
 *    An online sale's service fee must be the branch's (serviceFeeSql: REFUSALS.saleServiceFee); offline a
 *    different one is kept and the sale flagged `service_fee_differs`;
 * 6. a sale taking cash (`takesCash`) online needs the shift the sales trigger found (REFUSALS.shiftRequired).
 * A failed check rolls everything back. Numerics are compared and returned as text.
 *
 * Two variants of the text, each prepared by its own name: the whole one (COMMIT_SALE) and a plain one
 * (COMMIT_PLAIN_SALE: step 3 and the tender rows of step 5 left out, with their parameters) for the sale most
 * sales are, paid in cash or by card without a customer; it opens and locks fewer tables. Both are planned once
 * (PLAN_ONCE, db/client.ts): left to PostgreSQL, the plain one was re-planned at every sale (bench/README.md, 'The
 * plain sale statement, planned once').
 */
function saleStatement(name: string, plain: boolean) {
  return namedStatement(
    name,
    [
      'companyId',
      'branchId',
      'saleId',
      'cashierId',
      'paymentMethod',
      'subtotal',
      'discountType',
      'discountValue',
      'discountAmount',
      'taxRate',
      'taxAmount',
      'total',
      'amountPaid',
      'changeAmount',
      'idempotencyKey',
      'requestHash',
      'productIds',
      'productQuantities',
      'productPrices',
      'lineIds',
      'lineProductIds',
      'lineQuantities',
      'customerPhone',
      'customerName',
      'customerEmail',
      'productCharged',
      'productTaxRates',
      'productTaxIncluded',
      'offline',
      'soldAt',
      'registerId',
      'receiptNumber',
      'shiftId',
      'flags',
      'tenderMethods',
      'tenderAmounts',
      'takesCash',
      'accountApprovedBy',
      'voucherId',
      'serviceFee',
    ],
    (p) => {
      // What a plain sale leaves out: step 3, its offline flags, the tender rows of step 5, its answer's columns.
      const customer = plain
        ? ''
        : `customer as (
  insert into customers (company_id, branch_id, name, phone, email)
  select ${p.companyId}::uuid, ${p.branchId}::uuid, ${p.customerName}::text, ${p.customerPhone}::text,
         ${p.customerEmail}::text
  where ${p.customerPhone}::text is not null
  on conflict (company_id, branch_id, phone) do update set phone = excluded.phone
  returning id, name, phone, credit_balance, account_balance, credit_limit
),
`;
      const overdrawn = plain
        ? ''
        : `           case when ${p.offline}::boolean and (select credit_balance from customer) <
                     (select sum(t.amount) from unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[])
                        as t(method, amount) where t.method = 'store_credit') then 'credit_overdrawn' end,
           case when ${p.offline}::boolean and (select credit_limit - account_balance from customer) <
                     (select sum(t.amount) from unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[])
                        as t(method, amount) where t.method = 'account') then 'account_over_limit' end,
           case when ${p.offline}::boolean and (select v.balance from gift_vouchers v
                                                 where v.company_id = ${p.companyId}::uuid and v.id = ${p.voucherId}::uuid) <
                     (select sum(t.amount) from unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[])
                        as t(method, amount) where t.method = 'voucher') then 'voucher_overdrawn' end,
`;
      const tenders = plain
        ? ''
        : `tendered as (
  insert into sale_tenders (company_id, sale_id, method, amount)
  select ${p.companyId}::uuid, s.id, t.method, t.amount
  from sale s cross join unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[]) as t(method, amount)
  where ${p.paymentMethod}::text = 'mixed'
),
spent as (
  insert into customer_credit_entries (company_id, customer_id, amount, kind, reference_id, user_id, offline)
  select ${p.companyId}::uuid, c.id, -t.amount, 'sale', s.id, ${p.cashierId}::uuid, ${p.offline}::boolean
  from sale s cross join customer c
  cross join unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[]) as t(method, amount)
  where t.method = 'store_credit'
),
charged as (
  insert into customer_account_entries (company_id, customer_id, branch_id, amount, kind, reference_id, user_id,
                                        approved_by, offline)
  select ${p.companyId}::uuid, c.id, ${p.branchId}::uuid, t.amount, 'sale', s.id, ${p.cashierId}::uuid,
         case when c.account_balance + t.amount > c.credit_limit then ${p.accountApprovedBy}::uuid end,
         ${p.offline}::boolean
  from sale s cross join customer c
  cross join unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[]) as t(method, amount)
  where t.method = 'account'
),
redeemed as (
  insert into gift_voucher_entries (company_id, voucher_id, amount, kind, reference_id, user_id, offline)
  select ${p.companyId}::uuid, ${p.voucherId}::uuid, -t.amount, 'redeem', s.id, ${p.cashierId}::uuid,
         ${p.offline}::boolean
  from sale s cross join unnest(${p.tenderMethods}::text[], ${p.tenderAmounts}::numeric[]) as t(method, amount)
  where t.method = 'voucher'
),
`;
      const answer = plain
        ? `false as account_over_limit, null::uuid as customer_id, null::text as customer_name,
       null::text as customer_phone,`
        : `coalesce(c.account_balance + (select sum(t.amount) from unnest(${p.tenderMethods}::text[],
                                       ${p.tenderAmounts}::numeric[]) as t(method, amount) where t.method = 'account')
                > c.credit_limit, false) as account_over_limit,
       c.id as customer_id, c.name as customer_name, c.phone as customer_phone,`;
      const customerJoin = plain ? '' : '\nleft join customer c on true';
      return `
with locked as (
  select p.id, w.quantity, w.price, w.charged, w.tax_rate, w.tax_included, ${listingPriceSql('p')} as listed
  from products p
  join unnest(${p.productIds}::uuid[], ${p.productQuantities}::numeric[], ${p.productPrices}::numeric[],
              ${p.productCharged}::numeric[], ${p.productTaxRates}::numeric[], ${p.productTaxIncluded}::boolean[])
    as w(id, quantity, price, charged, tax_rate, tax_included)
    on w.id = p.id
  where p.company_id = ${p.companyId}::uuid
  order by p.id
  for update of p
),
moved as (
  update products p
  set stock_quantity = p.stock_quantity - l.quantity, updated_at = now()
  from locked l
  where p.company_id = ${p.companyId} and p.id = l.id and p.branch_id = ${p.branchId}
    and (p.deleted_at is null or ${p.offline}::boolean)
    and (${p.offline}::boolean
         or (l.listed = l.price and p.tax_rate is not distinct from l.tax_rate and p.tax_included = l.tax_included
             and p.stock_quantity >= l.quantity))
  returning p.id, p.name, p.sku, p.unit, l.charged as price, l.quantity, p.stock_quantity as new_quantity,
    coalesce(l.tax_rate, ${p.taxRate}::numeric) as tax_rate, l.tax_included, p.tax_class_id,
    array_remove(array[case when ${p.offline}::boolean and p.stock_quantity < 0 then 'oversold' end,
                       case when ${p.offline}::boolean and l.listed <> l.charged then 'price_differs' end,
                       case when ${p.offline}::boolean and (p.tax_rate, p.tax_included) is distinct from
                                                            (l.tax_rate, l.tax_included) then 'tax_differs' end],
                 null) as flags
),
sellable as (
  select pos_sale_check((select count(*) from moved) = cardinality(${p.productIds}::uuid[]),
                        '${REFUSALS.saleStock}') as ok
),
${customer}sale as (
  insert into sales (company_id, id, branch_id, receipt_number, cashier_id, customer_id, payment_method, status,
                     subtotal, discount_type, discount_value, discount_amount, tax_rate, tax_amount, service_fee,
                     total, amount_paid, change_amount, idempotency_key, request_hash,
                     sold_at, register_id, shift_id, offline, flags)
  select ${p.companyId}::uuid, ${p.saleId}::uuid, ${p.branchId}::uuid,
         coalesce(${p.receiptNumber}::text, (select ${receiptNumberSql('n')}
                              from (select nextval(pos_receipt_sequence(${p.branchId}::uuid)) as n) as seq)),
         ${p.cashierId}::uuid, ${plain ? 'null::uuid' : '(select id from customer)'}, ${p.paymentMethod}::text, 'completed',
         ${p.subtotal}::numeric, ${p.discountType}::text, ${p.discountValue}::numeric, ${p.discountAmount}::numeric,
         ${p.taxRate}::numeric, ${p.taxAmount}::numeric, ${p.serviceFee}::numeric, ${p.total}::numeric,
         ${p.amountPaid}::numeric,
         ${p.changeAmount}::numeric, ${p.idempotencyKey}::text, ${p.requestHash}::text,
         coalesce(${p.soldAt}::timestamptz, now()), ${p.registerId}::uuid, ${p.shiftId}::uuid,
         ${p.offline}::boolean,
         array_remove(${p.flags}::text[] || (select coalesce(array_agg(distinct f order by f), '{}')
                                      from moved m, unnest(m.flags) as f where ${p.offline}::boolean) || array[
           case when ${p.soldAt}::timestamptz > now() + interval '5 minutes' then 'sold_at_future' end,
           case when ${p.soldAt}::timestamptz < now() - make_interval(hours => b.offline_limit_hours) then 'sold_at_stale' end,
${overdrawn}           case when ${p.offline}::boolean and ${p.serviceFee}::numeric <> ${serviceFeeSql('f')}
                then 'service_fee_differs' end
         ], null)
  from sellable
  join branches b on b.company_id = ${p.companyId}::uuid and b.id = ${p.branchId}::uuid
  left join fiscal_settings f on f.company_id = b.company_id and f.branch_id = b.id
  where sellable.ok
    and pos_sale_check(${p.offline}::boolean or ${p.serviceFee}::numeric = ${serviceFeeSql('f')},
                       '${REFUSALS.saleServiceFee}')
  on conflict do nothing
  returning id, receipt_number, created_at, sold_at, flags, shift_id
),
items as (
  insert into sale_items (company_id, id, sale_id, product_id, product_name, product_sku, quantity, unit, unit_price,
                          subtotal, tax_rate, tax_included, tax_class_id, flags)
  select ${p.companyId}::uuid, l.id, s.id, m.id, m.name, m.sku, l.quantity, m.unit, m.price,
         case when m.tax_included then round(round(m.price * l.quantity, 2) * 100 / (100 + m.tax_rate), 2)
              else round(m.price * l.quantity, 2) end,
         m.tax_rate, m.tax_included, m.tax_class_id, m.flags
  from sale s
  cross join unnest(${p.lineIds}::uuid[], ${p.lineProductIds}::uuid[], ${p.lineQuantities}::numeric[])
    as l(id, product_id, quantity)
  join moved m on m.id = l.product_id
),
${tenders}movements as (
  ${saleMovementsSql({ companyId: p.companyId, branchId: p.branchId, userId: p.cashierId, sale: 'sale', moved: 'moved' })}
)
select pos_sale_check(s.id is not null, '${REFUSALS.saleExists}') as ok,
       pos_sale_check(s.id is null or s.shift_id is not null or not ${p.takesCash}::boolean or ${p.offline}::boolean,
                      '${REFUSALS.shiftRequired}') as drawer,
       s.receipt_number, s.created_at, s.sold_at, s.flags, s.shift_id,
       ${answer}
       (select name from branches where company_id = ${p.companyId} and id = ${p.branchId}) as branch_name,
       (select code from registers where company_id = ${p.companyId} and id = ${p.registerId}::uuid) as register_code,
       (select json_agg(json_build_object('id', m.id, 'name', m.name, 'sku', m.sku, 'unit', m.unit, 'price', m.price::text,
                                          'taxRate', m.tax_rate::text, 'taxIncluded', m.tax_included,
                                          'taxClassId', m.tax_class_id, 'flags', m.flags))
        from moved m) as products
from (select 1) as one
left join sale s on true${customerJoin}`;
    },
  );
}

export const COMMIT_SALE = saleStatement('pos_commit_sale', false);
export const COMMIT_PLAIN_SALE = saleStatement('pos_commit_plain_sale', true);

/** A sale paid in cash or by card, in one tender, with no customer: the plain statement writes it. */
export function isPlainSale(sale: Pick<SaleToCommit, 'customer' | 'paymentMethod' | 'tenders'>) {
  return (
    sale.customer === null &&
    sale.paymentMethod !== 'mixed' &&
    sale.tenders.every((t) => t.method === 'cash' || t.method === 'card')
  );
}

/** The sale's own columns (money as text with two decimals, the tax rate a percent), its cart and customer. */
export type SaleToCommit = Omit<
  SaleRow,
  'receiptNumber' | 'createdAt' | 'status' | 'customerId' | 'soldAt' | 'registerId' | 'shiftId' | 'offline' | 'flags'
> & {
  /**
   * One per product, in id order: its whole quantity, the price the register knew (`price`, checked
   * against the database's online), the price charged (`charged`: the line's unit_price or price) and the
   * rate of its tax class the register knew (`taxRate`, null: the default class; checked like the price) and
   * whether that rate is inside the price (`taxIncluded`, checked alike).
   */
  products: {
    id: string;
    quantity: number;
    price: string;
    charged: string;
    taxRate: string | null;
    taxIncluded: boolean;
  }[];
  /** The cart's lines, each with the id its sale_items row gets. */
  lines: { id: string; productId: string; quantity: number }[];
  /** What each tender paid of the total (money as text), by method: a split sale's rows of sale_tenders. */
  tenders: { method: SaleTenderMethod; amount: string }[];
  customer: { phone: string; name: string; email: string | null } | null;
  /** Made offline: short stock, prices and deleted products accepted, lines flagged. */
  offline: boolean;
  /** When the customer paid (the register's clock); null: now. */
  soldAt: Date | null;
  registerId: string | null;
  shiftId: string | null;
  /** The register's offline receipt number; null: the branch's sequence. */
  receiptNumber: string | null;
  /** Flags the service knows before the statement ('cashier_inactive'); the sold_at ones are added in SQL. */
  flags: string[];
  /** The manager who approved an account tender past the customer's credit limit (null: none). */
  accountApprovedBy: string | null;
  /** The gift voucher a `voucher` tender spends (null: none). */
  voucherId: string | null;
};

export type CommittedSale = {
  receiptNumber: string;
  createdAt: Date;
  soldAt: Date;
  flags: string[];
  /** The shift the sale joined (the sales trigger of migration 0013 picks the open one). */
  shiftId: string | null;
  /** An account tender took the customer past the credit limit (approved online; flagged offline). */
  accountOverLimit: boolean;
  registerCode: string | null;
  customer: { id: string; name: string; phone: string } | null;
  branchName: string;
  products: {
    id: string;
    name: string;
    sku: string | null;
    unit: Unit;
    price: string;
    /** The rate its lines were taxed at (percent, text), whether it was inside the price, and its tax class. */
    taxRate: string;
    taxIncluded: boolean;
    taxClassId: string | null;
    flags: string[];
  }[];
};

type CommitSaleName = (typeof COMMIT_SALE.names)[number];

/** Runs COMMIT_SALE (COMMIT_PLAIN_SALE for a plain sale); throws SaleCheckFailed('stock' | 'exists') when it refused and wrote nothing. */
export async function commitSale(db: DbOrTx, sale: SaleToCommit): Promise<CommittedSale> {
  let row: {
    receipt_number: string;
    created_at: Date;
    sold_at: Date;
    flags: string[];
    shift_id: string | null;
    account_over_limit: boolean;
    register_code: string | null;
    customer_id: string | null;
    customer_name: string | null;
    customer_phone: string | null;
    branch_name: string;
    products: CommittedSale['products'];
  };
  try {
    [row] = (await runNamed<typeof row, CommitSaleName>(db, isPlainSale(sale) ? COMMIT_PLAIN_SALE : COMMIT_SALE, {
      companyId: sale.companyId,
      branchId: sale.branchId,
      saleId: sale.id,
      cashierId: sale.cashierId,
      paymentMethod: sale.paymentMethod,
      subtotal: sale.subtotal,
      discountType: sale.discountType,
      discountValue: sale.discountValue,
      discountAmount: sale.discountAmount,
      taxRate: sale.taxRate,
      taxAmount: sale.taxAmount,
      total: sale.total,
      amountPaid: sale.amountPaid,
      changeAmount: sale.changeAmount,
      idempotencyKey: sale.idempotencyKey,
      requestHash: sale.requestHash,
      productIds: sale.products.map((p) => p.id),
      productQuantities: sale.products.map((p) => p.quantity),
      productPrices: sale.products.map((p) => p.price),
      productCharged: sale.products.map((p) => p.charged),
      productTaxRates: sale.products.map((p) => p.taxRate),
      productTaxIncluded: sale.products.map((p) => p.taxIncluded),
      lineIds: sale.lines.map((l) => l.id),
      lineProductIds: sale.lines.map((l) => l.productId),
      lineQuantities: sale.lines.map((l) => l.quantity),
      customerPhone: sale.customer?.phone ?? null,
      customerName: sale.customer?.name ?? null,
      customerEmail: sale.customer?.email ?? null,
      offline: sale.offline,
      soldAt: sale.soldAt,
      registerId: sale.registerId,
      receiptNumber: sale.receiptNumber,
      shiftId: sale.shiftId,
      flags: sale.flags,
      tenderMethods: sale.tenders.map((t) => t.method),
      tenderAmounts: sale.tenders.map((t) => t.amount),
      takesCash: sale.tenders.some((t) => t.method === 'cash'),
      accountApprovedBy: sale.accountApprovedBy,
      voucherId: sale.voucherId,
      serviceFee: sale.serviceFee,
    })) as [typeof row];
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === REFUSALS.saleStock) throw new SaleCheckFailed('stock');
    if (refusal === REFUSALS.saleExists) throw new SaleCheckFailed('exists');
    if (refusal === REFUSALS.saleServiceFee) throw new SaleCheckFailed('service_fee');
    throw error;
  }
  return {
    receiptNumber: row.receipt_number,
    createdAt: row.created_at,
    soldAt: new Date(row.sold_at),
    flags: row.flags,
    shiftId: row.shift_id,
    accountOverLimit: row.account_over_limit,
    registerCode: row.register_code,
    customer:
      row.customer_id && row.customer_name && row.customer_phone
        ? { id: row.customer_id, name: row.customer_name, phone: row.customer_phone }
        : null,
    branchName: row.branch_name,
    products: row.products,
  };
}

/**
 * The sale statement wrote nothing: a product could not be sold ('stock'), the id or key is taken ('exists'), or
 * an online sale's service fee is not the branch's ('service_fee').
 */
export class SaleCheckFailed extends Error {
  constructor(readonly reason: 'stock' | 'exists' | 'service_fee') {
    super(`sale not written: ${reason}`);
  }
}

// late_shift_id is the shifts' business (a late offline sale's closed shift, set by the sales trigger).
export type SaleRow = Omit<typeof sales.$inferSelect, 'lateShiftId'>;
export type SaleItemRow = typeof saleItems.$inferSelect;

/** The API's view of a sale line. */
function toSaleItem(i: SaleItemRow): SaleItem {
  return {
    id: i.id,
    productId: i.productId,
    productName: i.productName,
    productSku: i.productSku,
    quantity: i.quantity,
    unit: i.unit,
    unitPrice: toMoney(i.unitPrice),
    subtotal: toMoney(i.subtotal),
    taxRate: toMoney(i.taxRate),
    taxIncluded: i.taxIncluded,
    returnedQuantity: i.returnedQuantity,
    flags: i.flags,
  };
}

/**
 * The API's view of a sale: what the sale's own request answers and what reading it back answers, so a
 * replayed sale answers exactly as the first time. Lines by product name (code-unit order), then id.
 */
export function toSale(
  s: SaleRow,
  items: SaleItemRow[],
  tenders: { method: SaleTenderMethod; amount: string }[],
  names: { cashierName: string | null; customer: Sale['customer']; branchName: string; registerCode: string | null },
  refunded: { method: string; amount: string }[] = [],
): Sale {
  const lines = [...items].sort((a, b) =>
    a.productName === b.productName ? (a.id < b.id ? -1 : 1) : a.productName < b.productName ? -1 : 1,
  );
  return {
    id: s.id,
    receiptNumber: s.receiptNumber,
    // When the customer paid (the register's clock offline; the same instant as created_at online).
    transactionDate: s.soldAt.toISOString(),
    cashierName: names.cashierName,
    customer: names.customer,
    paymentMethod: s.paymentMethod,
    status: s.status,
    subtotal: toMoney(s.subtotal),
    discountType: s.discountType,
    discountValue: toMoney(s.discountValue),
    discountAmount: toMoney(s.discountAmount),
    taxRate: toMoney(s.taxRate),
    taxAmount: toMoney(s.taxAmount),
    serviceFee: toMoney(s.serviceFee),
    total: toMoney(s.total),
    amountPaid: toMoney(s.amountPaid),
    changeAmount: toMoney(s.changeAmount),
    tenders: [...tenders]
      .sort((a, b) => (a.method < b.method ? -1 : 1))
      .map((t) => ({ method: t.method, amount: toMoney(t.amount) })),
    refunded: refunded.map((r) => ({ method: r.method, amount: toMoney(r.amount) })),
    branch: { id: s.branchId, name: names.branchName },
    items: lines.map(toSaleItem),
    sold_at: s.soldAt.toISOString(),
    register_id: s.registerId,
    register_code: names.registerCode,
    shift_id: s.shiftId,
    offline: s.offline,
    flags: s.flags,
  };
}

/** One sale with its lines, cashier, customer and branch; `companyIds` 'all' for the platform operator. */
export async function findSale(
  db: DbOrTx,
  { id, companyIds, withFiscal = false }: { id: string; companyIds: CompanyScope; withFiscal?: boolean },
) {
  const [row] = await db
    .select({
      sale: sales,
      cashierName: users.name,
      customerName: customers.name,
      customerPhone: customers.phone,
      branchName: branches.name,
      registerCode: registers.code,
      ...fiscalReportColumns,
    })
    .from(sales)
    .innerJoin(branches, and(eq(branches.companyId, sales.companyId), eq(branches.id, sales.branchId)))
    .leftJoin(registers, and(eq(registers.companyId, sales.companyId), eq(registers.id, sales.registerId)))
    .leftJoin(fiscalDocuments, fiscalReportOn('sale', sales.companyId, sales.id))
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(customers, and(eq(customers.companyId, sales.companyId), eq(customers.id, sales.customerId)))
    .where(and(eq(sales.id, id), tenantFilter(sales.companyId, companyIds)))
    .limit(1);
  if (!row) return undefined;
  const s = row.sale;
  const [items, tenders, refunded] = await Promise.all([
    db
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.companyId, s.companyId), eq(saleItems.saleId, s.id))),
    db
      .select({ method: saleTenderLines.method, amount: saleTenderLines.amount })
      .from(saleTenderLines)
      .where(and(eq(saleTenderLines.companyId, s.companyId), eq(saleTenderLines.saleId, s.id))),
    queryRows<{ method: string; amount: string }>(
      db,
      sql`select l.method, sum(l.amount)::text as amount
          from returns r join return_refund_lines l on l.company_id = r.company_id and l.return_id = r.id
          where r.company_id = ${s.companyId} and r.original_sale_id = ${s.id} and r.status = 'completed'
          group by l.method order by l.method`,
    ),
  ]);
  const sale = toSale(
    s,
    items,
    tenders,
    {
      cashierName: row.cashierName,
      customer:
        s.customerId && row.customerName
          ? { id: s.customerId, name: row.customerName, phone: row.customerPhone }
          : null,
      branchName: row.branchName,
      registerCode: row.registerCode,
    },
    refunded,
  );
  // A read of the sale says its fiscal report; a replay answers as the first answer did (without it).
  if (withFiscal) sale.fiscal = fiscalReportOf(row);
  return { sale, companyId: s.companyId, branchId: s.branchId };
}

/** One branch and its time zone (the scope resolveBranch answers). */
type BranchDays = BranchKey & { timezone: string };

export type SaleListFilters = LocalDays & {
  cashierName?: string;
  paymentMethod?: SalePaymentMethod;
  /** A tender of this method paid part or all of the sale. */
  tender?: SaleTenderMethod;
  status?: string;
  /** An exact receipt number, or a prefix of one. */
  receipt?: { value: string; exact: boolean };
};

/** The ids of the users whose name contains the term, case-insensitively (the cashier filter). */
const cashiersNamed = (db: DbOrTx, name: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.name, containsPattern(name)));

function saleConditions(db: DbOrTx, scope: BranchDays, filters: SaleListFilters) {
  const { receipt } = filters;
  return and(
    eq(sales.companyId, scope.companyId),
    eq(sales.branchId, scope.branchId),
    // The day of a sale is when the customer paid (sold_at).
    localDayRange(sales.soldAt, scope.timezone, filters),
    filters.paymentMethod ? eq(sales.paymentMethod, filters.paymentMethod) : undefined,
    filters.tender
      ? sql`(${sales.paymentMethod} = ${filters.tender} or (${sales.paymentMethod} = 'mixed' and exists (
          select 1 from ${saleTenders} t where t.company_id = ${sales.companyId} and t.sale_id = ${sales.id}
            and t.method = ${filters.tender})))`
      : undefined,
    filters.status ? eq(sales.status, filters.status) : undefined,
    filters.cashierName ? inArray(sales.cashierId, cashiersNamed(db, filters.cashierName)) : undefined,
    receipt?.exact ? eq(sales.receiptNumber, receipt.value) : undefined,
    // A prefix as a range of the receipt index (code-point order, the C collations'), checked exactly by starts_with.
    receipt && !receipt.exact
      ? sql`${sales.receiptNumber} >= ${receipt.value} and ${sales.receiptNumber} < ${`${receipt.value}\u{10FFFF}`} and starts_with(${sales.receiptNumber}, ${receipt.value})`
      : undefined,
  );
}

export type SaleListRow = {
  id: string;
  receiptNumber: string;
  createdAt: Date;
  cashierName: string | null;
  customerId: string | null;
  customerName: string | null;
  customerPhone: string | null;
  paymentMethod: SalePaymentMethod;
  status: string;
  subtotal: string;
  discountAmount: string;
  taxAmount: string;
  total: string;
};

/** The list's order: newest first by sold_at (when the customer paid), receipt number breaking ties (unique in the branch). */
const SALE_LIST_ORDER: OrderKey[] = [
  { column: sales.soldAt, direction: 'desc' },
  { column: sales.receiptNumber, direction: 'desc' },
];

/**
 * One page of the branch's sales, newest first (lib/keyset.repo.ts): the page's ids by an index-only
 * walk of sales_branch_page_idx from the nearer end, then their rows with cashier and customer joined.
 */
export async function listSales(
  db: DbOrTx,
  scope: BranchDays,
  filters: SaleListFilters,
  window: { offset: number; limit: number; reverse?: boolean },
): Promise<SaleListRow[]> {
  const w = windowQuery(SALE_LIST_ORDER, { reverse: false, ...window });
  const pageIds = db
    .select({ id: sales.id })
    .from(sales)
    .where(saleConditions(db, scope, filters))
    .orderBy(...w.order)
    .limit(w.limit)
    .offset(w.offset);
  return db
    .select({
      id: sales.id,
      receiptNumber: sales.receiptNumber,
      createdAt: sales.soldAt,
      cashierName: users.name,
      customerId: sales.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
      paymentMethod: sales.paymentMethod,
      status: sales.status,
      subtotal: sales.subtotal,
      discountAmount: sales.discountAmount,
      taxAmount: sales.taxAmount,
      total: sales.total,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(customers, and(eq(customers.companyId, sales.companyId), eq(customers.id, sales.customerId)))
    .where(and(eq(sales.companyId, scope.companyId), inArray(sales.id, pageIds)))
    .orderBy(...orderBy(SALE_LIST_ORDER));
}

/**
 * The CSV export of the list (GET /transactions/export.csv): the same rows in the same order as
 * `listSales`, every page at once, read through a cursor by lib/csv-export.repo.ts.
 */
export function salesExportQuery(db: Db, scope: BranchDays, filters: SaleListFilters) {
  return db
    .select({
      id: sales.id,
      receiptNumber: sales.receiptNumber,
      createdAt: sales.soldAt,
      cashierName: users.name,
      customerName: customers.name,
      customerPhone: customers.phone,
      paymentMethod: sales.paymentMethod,
      status: sales.status,
      subtotal: sales.subtotal,
      discountAmount: sales.discountAmount,
      taxAmount: sales.taxAmount,
      total: sales.total,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.cashierId))
    .leftJoin(customers, and(eq(customers.companyId, sales.companyId), eq(customers.id, sales.customerId)))
    .where(saleConditions(db, scope, filters))
    .orderBy(desc(sales.soldAt), desc(sales.receiptNumber));
}

/**
 * How many sales match, per local day of the branch (lib/keyset.repo.ts, readPageByDays: the total and
 * the day a deep page starts in). Without a receipt number and with no status other than completed, from
 * the daily totals (a row per local day, cashier and payment method): at 1,000,000 sales a count over
 * sales would read every one of them. Otherwise a count over sales (a receipt filter is selective).
 */
export async function countSalesByDay(db: DbOrTx, scope: BranchDays, filters: SaleListFilters): Promise<DayCount[]> {
  // The tender totals have no payment method: both filters at once are counted over sales.
  const kept = filters.tender ? (filters.paymentMethod ? undefined : salesDailyTenders) : salesDaily;
  if (kept && !filters.receipt && (!filters.status || filters.status === 'completed')) {
    const counted = filters.status ? kept.transactions : kept.salesCount;
    const rows = await queryRows<{ day: string; rows: string }>(
      db,
      sql`select ${kept.day}::text as day, coalesce(sum(${counted}), 0) as rows
          from ${keptTotals(kept, scope.companyId)} as ${kept}
          where ${and(
            dailyRows(kept, scope, filters),
            filters.paymentMethod ? eq(salesDaily.paymentMethod, filters.paymentMethod) : undefined,
            filters.tender ? eq(salesDailyTenders.method, filters.tender) : undefined,
            filters.cashierName ? inArray(kept.cashierId, cashiersNamed(db, filters.cashierName)) : undefined,
          )}
          group by ${kept.day}`,
    );
    return rows.map((r) => ({ day: r.day, rows: Number(r.rows) }));
  }
  const day = sql<string>`((${sales.soldAt} at time zone ${scope.timezone})::date)::text`;
  const rows = await db
    .select({ day, rows: count() })
    .from(sales)
    .where(saleConditions(db, scope, filters))
    .groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, rows: r.rows }));
}

/** Lines, units and units returned of each of the given sales (one grouped query). */
export async function saleItemCounts(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  if (saleIds.length === 0) return new Map<string, { lines: number; quantity: number; returned: number }>();
  const rows = await db
    .select({
      saleId: saleItems.saleId,
      lines: count(),
      quantity: sql<string>`sum(${saleItems.quantity})`,
      returned: sql<string>`sum(${saleItems.returnedQuantity})`,
    })
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), inArray(saleItems.saleId, saleIds)))
    .groupBy(saleItems.saleId);
  return new Map(
    rows.map((r) => [r.saleId, { lines: r.lines, quantity: Number(r.quantity), returned: Number(r.returned) }]),
  );
}

/** What each tender paid of each of the given sales (one query): sale id -> method -> amount (text). */
export async function saleTenderAmounts(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  const bySale = new Map<string, Map<SaleTenderMethod, string>>();
  if (saleIds.length === 0) return bySale;
  const rows = await db
    .select({ saleId: saleTenderLines.saleId, method: saleTenderLines.method, amount: saleTenderLines.amount })
    .from(saleTenderLines)
    .where(and(eq(saleTenderLines.companyId, companyId), inArray(saleTenderLines.saleId, saleIds)));
  for (const r of rows) bySale.set(r.saleId, (bySale.get(r.saleId) ?? new Map()).set(r.method, r.amount));
  return bySale;
}

/** The lines of each of the given sales (one query), by product name. */
export async function saleItemsOf(db: DbOrTx, { companyId, saleIds }: { companyId: string; saleIds: string[] }) {
  const bySale = new Map<string, SaleItem[]>();
  if (saleIds.length === 0) return bySale;
  const rows = await db
    .select()
    .from(saleItems)
    .where(and(eq(saleItems.companyId, companyId), inArray(saleItems.saleId, saleIds)))
    .orderBy(asc(saleItems.productName), asc(saleItems.id));
  for (const i of rows) {
    const list = bySale.get(i.saleId) ?? [];
    list.push(toSaleItem(i));
    bySale.set(i.saleId, list);
  }
  return bySale;
}

/** A register of the branch: its code (offline receipt numbers start with it), or undefined. */
export async function findBranchRegister(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await db
    .select({
      id: registers.id,
      code: registers.code,
      publicKey: registers.publicKey,
      isTrusted: sql<boolean>`${registers.trustedAt} is not null`,
    })
    .from(registers)
    .where(and(eq(registers.companyId, companyId), eq(registers.branchId, branchId), eq(registers.id, id)))
    .limit(1);
  return row;
}

/** Whether the user has signed in on the register while it was online (the device keeps their credentials). */
export async function hasSignedInOn(
  db: DbOrTx,
  { companyId, registerId, userId }: { companyId: string; registerId: string; userId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: registerSignIns.userId })
    .from(registerSignIns)
    .where(
      and(
        eq(registerSignIns.companyId, companyId),
        eq(registerSignIns.registerId, registerId),
        eq(registerSignIns.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How close to a claimed offline sale's time an online sale of the same register proves it was online. */
export const ONLINE_PROOF_WINDOW_SECONDS = 120;

/** Whether the register recorded an online sale within ONLINE_PROOF_WINDOW_SECONDS of `at`. */
export async function wasRegisterOnlineAt(
  db: DbOrTx,
  { companyId, branchId, registerId, at }: BranchKey & { registerId: string; at: Date },
): Promise<boolean> {
  const window = sql`make_interval(secs => ${ONLINE_PROOF_WINDOW_SECONDS})`;
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        eq(sales.companyId, companyId),
        eq(sales.branchId, branchId),
        sql`${sales.createdAt} between ${at.toISOString()}::timestamptz - ${window} and ${at.toISOString()}::timestamptz + ${window}`,
        eq(sales.registerId, registerId),
        eq(sales.offline, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A staff member of the branch (assigned to it, or a company-wide Manager or Super Admin without a
 * branch), active or not: the original cashier of a queued offline sale.
 */
export async function findBranchStaff(db: DbOrTx, { companyId, branchId, id }: BranchKey & { id: string }) {
  const [row] = await db
    .select({ id: users.id, name: users.name, isActive: users.isActive, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.companyId, companyId),
        sql`(${users.branchId} is null or ${users.branchId} = ${branchId}::uuid)`,
      ),
    )
    .limit(1);
  return row;
}

/** The id of the branch's sale with this receipt number, if any. */
export async function findSaleIdByReceipt(
  db: DbOrTx,
  { companyId, branchId, receiptNumber }: BranchKey & { receiptNumber: string },
) {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.branchId, branchId), eq(sales.receiptNumber, receiptNumber)))
    .limit(1);
  return row;
}
