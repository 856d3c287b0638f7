-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_gift_voucher_apply.sql
-- Trigger (gift_voucher_entries, after insert, per row): moves the voucher's kept balance by the entry's
-- amount and stamps it with the transaction (change_xid, the registers' sync cursor), locking the voucher's
-- row: two sales spending one voucher queue there, and the second sees what the first left. An online redeem is refused past the balance (hint pos_voucher:short) or after the expiry day in
-- the selling branch's calendar (hint pos_voucher:expired); one recorded offline is kept (the sale is flagged).
CREATE OR REPLACE FUNCTION public.pos_gift_voucher_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE left_over numeric;
DECLARE expires date;
DECLARE zone text;
BEGIN
  UPDATE gift_vouchers v SET balance = v.balance + NEW.amount, change_xid = pg_current_xact_id()::text::bigint
   WHERE v.company_id = NEW.company_id AND v.id = NEW.voucher_id
  RETURNING v.balance, v.expires_on,
            (SELECT b.timezone FROM branches b WHERE b.company_id = v.company_id AND b.id = v.branch_id)
       INTO left_over, expires, zone;
  IF NEW.kind = 'redeem' AND NOT NEW.offline THEN
    IF expires IS NOT NULL AND (now() AT TIME ZONE coalesce(zone, 'UTC'))::date > expires THEN
      RAISE EXCEPTION 'gift voucher expired on %', expires USING ERRCODE = 'P0001', HINT = 'pos_voucher:expired';
    END IF;
    IF left_over < 0 THEN
      RAISE EXCEPTION 'gift voucher short by %', -left_over USING ERRCODE = 'P0001', HINT = 'pos_voucher:short';
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- functions/pos_rebuild_daily_totals.sql
-- Recomputes one branch's sales_daily, sales_daily_tenders and returns_daily from its rows, then its report totals (after a
-- change of the branch's time zone): the rolled-up sales by the roll-up's derivation (pos_sales_daily_of;
-- sales still queued stay out, the roll-up adds them), the completed returns by their day.
-- The table locks hold back concurrent returns, sales' changes and roll-ups until the caller's transaction
-- commits; taken in the order a roll-up writes the tables (pos_sales_rollup).
CREATE OR REPLACE FUNCTION public.pos_rebuild_daily_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE sales_hourly, sales_daily_products, sales_daily, sales_daily_tenders, returns_daily IN EXCLUSIVE MODE;
  DELETE FROM sales_daily WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM sales_daily_tenders WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM returns_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_daily
  SELECT * FROM pos_sales_daily_of(ARRAY(SELECT s.id FROM sales s
                                         WHERE s.company_id = p_company AND s.branch_id = p_branch
                                           AND NOT pos_sales_rollup_queued(s.company_id, s.id)));
  INSERT INTO sales_daily_tenders
  SELECT * FROM pos_sales_daily_tenders_of(ARRAY(SELECT s.id FROM sales s
                                                 WHERE s.company_id = p_company AND s.branch_id = p_branch
                                                   AND NOT pos_sales_rollup_queued(s.company_id, s.id)));
  INSERT INTO returns_daily (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, count(*), sum(r.refund_amount),
         coalesce(sum(i.quantity), 0), coalesce(sum(i.goods), 0)
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(ri.quantity) AS quantity, sum(ri.goods) AS goods
    FROM return_items ri WHERE ri.company_id = r.company_id AND ri.return_id = r.id
  ) i ON true
  WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  GROUP BY 1, 2, 3;
  PERFORM pos_rebuild_report_totals(p_company, p_branch);
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_apply.sql
-- Adds (sign 1) or removes (sign -1) one sale's whole contribution to sales_daily, its items included, and to
-- sales_daily_tenders by its tender lines (the row's own method and total, or a split sale's sale_tenders):
-- sales_count counts every sale, the other columns completed sales only.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_apply(s sales, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  done boolean := s.status = 'completed';
  local_day date;
  items numeric := 0;
BEGIN
  SELECT (s.sold_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = s.company_id AND b.id = s.branch_id;
  IF done THEN
    SELECT coalesce(sum(quantity), 0) INTO items FROM sale_items WHERE company_id = s.company_id AND sale_id = s.id;
  END IF;
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                                revenue, subtotal, tax, discounts, items_sold)
  VALUES (s.company_id, s.branch_id, local_day, s.cashier_id, s.payment_method, sign,
          CASE WHEN done THEN sign ELSE 0 END,
          CASE WHEN done THEN sign * s.total ELSE 0 END,
          CASE WHEN done THEN sign * s.subtotal ELSE 0 END,
          CASE WHEN done THEN sign * s.tax_amount ELSE 0 END,
          CASE WHEN done THEN sign * s.discount_amount ELSE 0 END,
          sign * items)
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts,
    items_sold = d.items_sold + excluded.items_sold;
  INSERT INTO sales_daily_tenders AS d (company_id, branch_id, day, cashier_id, method, sales_count, transactions,
                                        amount)
  SELECT s.company_id, s.branch_id, local_day, s.cashier_id, t.method, sign,
         CASE WHEN done THEN sign ELSE 0 END, CASE WHEN done THEN sign * t.amount ELSE 0 END
  FROM (SELECT st.method, st.amount FROM sale_tenders st
        WHERE s.payment_method = 'mixed' AND st.company_id = s.company_id AND st.sale_id = s.id
        UNION ALL
        SELECT s.payment_method, s.total WHERE s.payment_method <> 'mixed' AND s.total > 0) t
  ORDER BY t.method
  ON CONFLICT (company_id, branch_id, day, cashier_id, method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    amount = d.amount + excluded.amount;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_tenders_of.sql
-- What some sales add to sales_daily_tenders, as its rows: per branch, local day of sold_at, cashier and tender
-- method (sale_tender_lines: a split sale's lines, or the one method paying its total); sales_count counts every
-- sale a tender paid, the other columns completed sales only. The roll-up adds these rows to the table; a reader
-- adds those of the queued sales to what the table holds.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_tenders_of(p_sales uuid[])
 RETURNS SETOF sales_daily_tenders
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, t.method,
         count(*)::integer,
         (count(*) FILTER (WHERE s.status = 'completed'))::integer,
         coalesce(sum(t.amount) FILTER (WHERE s.status = 'completed'), 0)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  JOIN sale_tender_lines t ON t.company_id = s.company_id AND t.sale_id = s.id
  WHERE s.id = ANY (p_sales)
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
-- functions/pos_sales_rollup.sql
-- Rolls up to p_max queued sales into the kept totals and takes them off the queue, in the caller's
-- transaction; answers how many. Nothing here waits for another transaction: a queue row another roll-up
-- holds, or a sale a transaction is changing (its row locked), is left for the next run, so a roll-up never
-- deadlocks with a sale's change and a change never waits long for a roll-up. A queued sale that no longer
-- exists leaves the queue. The tables are written in the order the sales' change triggers write them
-- (sales_hourly, sales_daily_products and through its triggers sales_monthly_products, then sales_daily and
-- sales_daily_tenders), and
-- each in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup(p_max integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  picked uuid[];
BEGIN
  WITH q AS (
    SELECT company_id, sale_id FROM sales_rollup_queue
    ORDER BY company_id, sale_id
    LIMIT p_max
    FOR UPDATE SKIP LOCKED
  ), taken AS (
    SELECT s.company_id, s.id FROM sales s JOIN q ON s.company_id = q.company_id AND s.id = q.sale_id
    FOR SHARE OF s SKIP LOCKED
  ), done AS (
    DELETE FROM sales_rollup_queue d USING q
    WHERE d.company_id = q.company_id AND d.sale_id = q.sale_id
      AND (EXISTS (SELECT 1 FROM taken t WHERE t.company_id = q.company_id AND t.id = q.sale_id)
           OR NOT EXISTS (SELECT 1 FROM sales x WHERE x.company_id = q.company_id AND x.id = q.sale_id))
    RETURNING d.sale_id
  )
  SELECT array_agg(t.id) INTO picked FROM taken t;
  IF picked IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO sales_hourly AS d
  SELECT * FROM pos_sales_hourly_of(picked) ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, branch_id, day, hour, cashier_id, payment_method) DO UPDATE SET
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue;
  INSERT INTO sales_daily_products AS d
  SELECT * FROM pos_sales_daily_products_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
  INSERT INTO sales_daily AS d
  SELECT * FROM pos_sales_daily_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts,
    items_sold = d.items_sold + excluded.items_sold;
  INSERT INTO sales_daily_tenders AS d
  SELECT * FROM pos_sales_daily_tenders_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    amount = d.amount + excluded.amount;
  RETURN cardinality(picked);
END $function$;
--> statement-breakpoint
-- The rolled-up sales' tender totals (the queued ones the roll-up adds); the vouchers stamped for the first sync.
INSERT INTO sales_daily_tenders
SELECT * FROM pos_sales_daily_tenders_of(ARRAY(SELECT s.id FROM sales s
                                               WHERE NOT pos_sales_rollup_queued(s.company_id, s.id)));
--> statement-breakpoint
UPDATE gift_vouchers SET change_xid = pg_current_xact_id()::text::bigint WHERE change_xid IS NULL;
