-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
DROP TRIGGER IF EXISTS sales_daily_items_insert ON public.sale_items;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_items_insert ON public.sale_items;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_insert ON public.sales;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_hourly_insert ON public.sales;
--> statement-breakpoint
-- functions/pos_rebuild_daily_totals.sql
-- Recomputes one branch's sales_daily and returns_daily from its rows, then its report totals (after a
-- change of the branch's time zone): the rolled-up sales by the roll-up's derivation (pos_sales_daily_of;
-- sales still queued stay out, the roll-up adds them), the completed returns by their day.
-- The table locks hold back concurrent returns, sales' changes and roll-ups until the caller's transaction
-- commits; taken in the order a roll-up writes the tables (pos_sales_rollup).
CREATE OR REPLACE FUNCTION public.pos_rebuild_daily_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE sales_hourly, sales_daily_products, sales_daily, returns_daily IN EXCLUSIVE MODE;
  DELETE FROM sales_daily WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM returns_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_daily
  SELECT * FROM pos_sales_daily_of(ARRAY(SELECT s.id FROM sales s
                                         WHERE s.company_id = p_company AND s.branch_id = p_branch
                                           AND NOT pos_sales_rollup_queued(s.company_id, s.id)));
  INSERT INTO returns_daily (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, count(*), sum(r.refund_amount),
         coalesce(sum(i.quantity), 0), coalesce(sum(i.goods), 0)
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(ri.quantity) AS quantity, sum(ri.quantity * ri.unit_price) AS goods
    FROM return_items ri WHERE ri.company_id = r.company_id AND ri.return_id = r.id
  ) i ON true
  WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  GROUP BY 1, 2, 3;
  PERFORM pos_rebuild_report_totals(p_company, p_branch);
END $function$;
--> statement-breakpoint
-- functions/pos_rebuild_report_totals.sql
-- Recomputes one branch's sales_hourly and sales_daily_products from its rows (sales_monthly_products
-- follows through the triggers on sales_daily_products): the rolled-up sales by the roll-up's own
-- derivations (pos_sales_hourly_of, pos_sales_daily_products_of; sales still queued stay out), the
-- completed returns' items by their return's day.
CREATE OR REPLACE FUNCTION public.pos_rebuild_report_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  rolled uuid[];
BEGIN
  LOCK TABLE sales_hourly, sales_daily_products IN EXCLUSIVE MODE;
  DELETE FROM sales_hourly WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM sales_daily_products WHERE company_id = p_company AND branch_id = p_branch;
  rolled := ARRAY(SELECT s.id FROM sales s
                  WHERE s.company_id = p_company AND s.branch_id = p_branch
                    AND NOT pos_sales_rollup_queued(s.company_id, s.id));
  INSERT INTO sales_hourly SELECT * FROM pos_sales_hourly_of(rolled);
  INSERT INTO sales_daily_products (company_id, branch_id, day, product_id, product_name, sale_lines, quantity, goods,
                                    return_lines, returned_quantity, returned_goods)
  SELECT x.company_id, x.branch_id, x.day, x.product_id, x.product_name, sum(x.sale_lines), sum(x.quantity),
         sum(x.goods), sum(x.return_lines), sum(x.returned_quantity), sum(x.returned_goods)
  FROM (
    SELECT d.company_id, d.branch_id, d.day, d.product_id, d.product_name, d.sale_lines, d.quantity, d.goods,
           d.return_lines, d.returned_quantity, d.returned_goods
    FROM pos_sales_daily_products_of(rolled) d
    UNION ALL
    SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, i.product_id, i.product_name,
           0, 0, 0, 1, i.quantity, i.quantity * i.unit_price
    FROM return_items i
    JOIN returns r ON r.company_id = i.company_id AND r.id = i.return_id
    JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
    WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  ) x
  GROUP BY 1, 2, 3, 4, 5;
END $function$;
--> statement-breakpoint
-- functions/pos_report_totals_on_sale_change.sql
-- Trigger (sales, after update or delete, per row): moves the sale's share of sales_hourly and
-- sales_daily_products; its lines' rows only when the sale's day, branch or status changed. Nothing for a
-- sale still queued for the roll-up.
CREATE OR REPLACE FUNCTION public.pos_report_totals_on_sale_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  lines boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.company_id, OLD.id, OLD.branch_id, OLD.cashier_id, OLD.payment_method, OLD.status, OLD.total, OLD.sold_at)
       IS NOT DISTINCT FROM
       (NEW.company_id, NEW.id, NEW.branch_id, NEW.cashier_id, NEW.payment_method, NEW.status, NEW.total, NEW.sold_at)
    THEN
      RETURN NULL;
    END IF;
    -- The lines' rows move only with the sale's day, branch or status (not its cashier, method or total).
    lines := (OLD.company_id, OLD.id, OLD.branch_id, OLD.status, OLD.sold_at)
             IS DISTINCT FROM (NEW.company_id, NEW.id, NEW.branch_id, NEW.status, NEW.sold_at);
  END IF;
  IF pos_sales_rollup_queued(OLD.company_id, OLD.id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_report_totals_apply_sale(OLD, -1, lines);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_report_totals_apply_sale(NEW, 1, lines);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_of.sql
-- What some sales add to sales_daily, as its rows: per branch, local day of sold_at, cashier and payment
-- method; sales_count counts every sale, the other columns completed sales only. The roll-up adds these rows
-- to the table; a reader adds those of the queued sales to what the table holds.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_of(p_sales uuid[])
 RETURNS SETOF sales_daily
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         count(*)::integer,
         (count(*) FILTER (WHERE s.status = 'completed'))::integer,
         coalesce(sum(s.total) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.subtotal) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.tax_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.discount_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)::integer
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  WHERE s.id = ANY (p_sales)
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_change.sql
-- Trigger (sales, after update or delete of the columns a total reads, per row): removes the old row's
-- share of sales_daily and adds the new one's; nothing for a sale still queued for the roll-up.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF pos_sales_rollup_queued(OLD.company_id, OLD.id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_item_change.sql
-- Trigger (sale_items, after update or delete of its sale or quantity, per row): moves the line's quantity
-- in sales_daily's items sold (nothing for a line of a sale still queued for the roll-up).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF pos_sales_rollup_queued(OLD.company_id, OLD.sale_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_add_items(OLD.company_id, OLD.sale_id, -OLD.quantity);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_add_items(NEW.company_id, NEW.sale_id, NEW.quantity);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_of.sql
-- What some sales add to sales_daily_products, as its rows: the lines of completed sales per branch, local
-- day of sold_at, product and the name it was sold under (returns are added by their own triggers).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_of(p_sales uuid[])
 RETURNS SETOF sales_daily_products
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, i.product_id, i.product_name,
         count(*)::integer, sum(i.quantity)::integer, sum(i.subtotal), 0, 0, 0::numeric
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  JOIN sale_items i ON i.company_id = s.company_id AND i.sale_id = s.id
  WHERE s.id = ANY (p_sales) AND s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_item_change.sql
-- Trigger (sale_items, after update or delete, per row): moves the line's share of sales_daily_products
-- (nothing when none of the columns it reads changed, e.g. a return raising returned_quantity, or when the
-- line's sale is still queued for the roll-up).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.sale_id, OLD.product_id, OLD.product_name, OLD.quantity, OLD.subtotal)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.sale_id, NEW.product_id, NEW.product_name, NEW.quantity, NEW.subtotal)
  THEN
    RETURN NULL;
  END IF;
  IF pos_sales_rollup_queued(OLD.company_id, OLD.sale_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_add_line(OLD.company_id, OLD.sale_id, OLD.product_id, OLD.product_name, -1,
                                            -OLD.quantity, -OLD.subtotal);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_line(NEW.company_id, NEW.sale_id, NEW.product_id, NEW.product_name, 1,
                                              NEW.quantity, NEW.subtotal);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_hourly_of.sql
-- What some sales add to sales_hourly, as its rows: completed sales per branch, local day and hour of
-- sold_at, cashier and payment method (the roll-up adds them; a reader adds those of the queued sales).
CREATE OR REPLACE FUNCTION public.pos_sales_hourly_of(p_sales uuid[])
 RETURNS SETOF sales_hourly
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date,
         extract(hour FROM s.sold_at AT TIME ZONE b.timezone)::smallint, s.cashier_id, s.payment_method,
         count(*)::integer, sum(s.total)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.id = ANY (p_sales) AND s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6
$function$;
--> statement-breakpoint
-- functions/pos_sales_monthly_products_of.sql
-- What some sales add to sales_monthly_products: their sales_daily_products rows summed by calendar month
-- (for a reader; the roll-up's daily rows reach the monthly table through its triggers).
CREATE OR REPLACE FUNCTION public.pos_sales_monthly_products_of(p_sales uuid[])
 RETURNS SETOF sales_monthly_products
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.company_id, d.branch_id, date_trunc('month', d.day::timestamp)::date, d.product_id, d.product_name,
         sum(d.sale_lines)::integer, sum(d.quantity)::integer, sum(d.goods), 0, 0, 0::numeric
  FROM pos_sales_daily_products_of(p_sales) d
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
-- functions/pos_sales_rollup.sql
-- Rolls up to p_max queued sales into the kept totals and takes them off the queue, in the caller's
-- transaction; answers how many. Nothing here waits for another transaction: a queue row another roll-up
-- holds, or a sale a transaction is changing (its row locked), is left for the next run, so a roll-up never
-- deadlocks with a sale's change and a change never waits long for a roll-up. A queued sale that no longer
-- exists leaves the queue. The tables are written in the order the sales' change triggers write them
-- (sales_hourly, sales_daily_products and through its triggers sales_monthly_products, then sales_daily), and
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
  RETURN cardinality(picked);
END $function$;
--> statement-breakpoint
-- functions/pos_sales_rollup_enqueue.sql
-- Trigger (sales, after insert, per statement): queues the new sales for the roll-up into the kept totals
-- (pos_sales_rollup). The sale's own transaction writes nothing else of the totals.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_enqueue()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_rollup_queue (company_id, sale_id) SELECT n.company_id, n.id FROM new_sales n;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_rollup_pending.sql
-- The ids of a company's sales still in the roll-up queue: what a reader adds to the kept totals, in its own
-- snapshot (a sale is either queued or rolled up there, never both and never neither).
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_pending(p_company uuid)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(array_agg(q.sale_id), '{}') FROM sales_rollup_queue q WHERE q.company_id = p_company
$function$;
--> statement-breakpoint
-- functions/pos_sales_rollup_queued.sql
-- Whether a sale waits in the roll-up queue, so the kept totals do not hold it yet: the change triggers of
-- sales and sale_items leave the totals alone for such a sale (the roll-up reads it as it is then). Asked
-- while the caller holds the sale's row (an update or delete of the sale, or of its lines with it), which a
-- roll-up never waits for (pos_sales_rollup): either the roll-up took the sale first and has committed by
-- the time this reads the queue, or the sale stays queued until the change has committed.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_queued(p_company uuid, p_sale uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM sales_rollup_queue q WHERE q.company_id = p_company AND q.sale_id = p_sale)
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_rollup_enqueue ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_enqueue
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_rollup_enqueue();
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_sales_daily_on_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_sales_daily_on_items_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_sales_daily_products_on_items_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_sales_hourly_on_insert();
