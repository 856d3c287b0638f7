-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_audit_daily_on_branch_insert.sql
-- Trigger (branches, after insert, per statement): a new branch that changes its company's time zone
-- (the company's first branch, or a first main branch in another zone) has the company's audit entries
-- counted again (pos_rebuild_audit_counts). No route changes a branch's time zone or main flag.
CREATE OR REPLACE FUNCTION public.pos_audit_daily_on_branch_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  c uuid;
BEGIN
  FOR c IN SELECT DISTINCT company_id FROM new_branches LOOP
    IF pos_company_timezone(c) IS DISTINCT FROM coalesce(
      (SELECT b.timezone FROM branches b
       WHERE b.company_id = c AND b.id NOT IN (SELECT n.id FROM new_branches n)
       ORDER BY b.is_main DESC, b.created_at LIMIT 1),
      'UTC') THEN
      PERFORM pos_rebuild_audit_counts(c);
    END IF;
  END LOOP;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_audit_daily_on_insert.sql
-- Trigger (audit_logs, after insert, per statement): counts the new entries into audit_logs_daily per
-- company day, branch day, branch, action and user (the nil uuid for none), upserted in key order. The log is
-- append-only (pos_audit_logs_append_only), so the counts cannot drift.
CREATE OR REPLACE FUNCTION public.pos_audit_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO audit_logs_daily AS d (company_id, branch_id, day, branch_day, action, user_id, entries)
  SELECT n.company_id, coalesce(n.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
         (n.created_at AT TIME ZONE c.timezone)::date,
         (n.created_at AT TIME ZONE coalesce(b.timezone, c.timezone))::date,
         n.action, coalesce(n.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM new_entries n
  CROSS JOIN LATERAL (SELECT pos_company_timezone(n.company_id) AS timezone) c
  LEFT JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, branch_id, day, branch_day, action, user_id) DO UPDATE SET
    entries = d.entries + excluded.entries;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_audit_logs_append_only.sql
-- Trigger (audit_logs, before update, delete and truncate): the audit log is append-only. Refuses any change
-- with insufficient_privilege (42501), whoever asks; the app role cannot drop the trigger (db/app-role.ts).
CREATE OR REPLACE FUNCTION public.pos_audit_logs_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;
--> statement-breakpoint
-- functions/pos_cash_movements_shift.sql
-- Trigger (cash_movements, before insert): a cash movement goes only into an open shift (hint
-- pos_shift:closed), holding the shift row FOR SHARE so a close cannot pass it.
CREATE OR REPLACE FUNCTION public.pos_cash_movements_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_company_timezone.sql
-- A company's time zone: its main branch's, else its oldest branch's, else UTC. The audit counts' company
-- days and the server's findCompanyTimezone both ask it, so the list's days and the counted days agree.
CREATE OR REPLACE FUNCTION public.pos_company_timezone(p_company uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(
    (SELECT b.timezone FROM branches b WHERE b.company_id = p_company ORDER BY b.is_main DESC, b.created_at LIMIT 1),
    'UTC')
$function$;
--> statement-breakpoint
-- functions/pos_count_customer_runs.sql
-- Counts customers into (delta 1) or out of (delta -1) the runs of customer_name_marks their (name, id)
-- falls in, one array element per customer, then re-cuts a run that passed 2 x 1000. One writer per branch
-- at a time (a transaction-scoped advisory lock, taken in order): a run re-cut by a concurrent transaction
-- would otherwise take a count that belongs to the run cut off it.
CREATE OR REPLACE FUNCTION public.pos_count_customer_runs(p_company uuid[], p_branch uuid[], p_name text[], p_id uuid[], p_delta integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  run record;
BEGIN
  IF coalesce(cardinality(p_company), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || b.company_id || ' ' || b.branch_id, 0))
  FROM (SELECT DISTINCT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
        ORDER BY 1, 2) b;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  SELECT DISTINCT u.company_id, u.branch_id, '', '00000000-0000-0000-0000-000000000000'::uuid
  FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
  ON CONFLICT DO NOTHING;
  UPDATE customer_name_marks m SET customers = m.customers + t.n
  FROM (
    SELECT u.company_id, u.branch_id, k.name, k.id, sum(u.delta)::int AS n
    FROM unnest(p_company, p_branch, p_name, p_id, p_delta) AS u(company_id, branch_id, name, id, delta)
    CROSS JOIN LATERAL (
      SELECT m2.name, m2.id FROM customer_name_marks m2
      WHERE m2.company_id = u.company_id AND m2.branch_id = u.branch_id AND (m2.name, m2.id) <= (u.name, u.id)
      ORDER BY m2.name DESC, m2.id DESC LIMIT 1
    ) k
    GROUP BY 1, 2, 3, 4
  ) t
  WHERE m.company_id = t.company_id AND m.branch_id = t.branch_id AND m.name = t.name AND m.id = t.id;
  FOR run IN
    SELECT m.company_id, m.branch_id, m.name, m.id FROM customer_name_marks m
    WHERE (m.company_id, m.branch_id) IN (SELECT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id))
      AND m.customers > 2000
  LOOP
    PERFORM pos_cut_customer_run(run.company_id, run.branch_id, run.name, run.id);
  END LOOP;
END $function$;
--> statement-breakpoint
-- functions/pos_create_receipt_sequence.sql
-- Trigger (branches, after insert): creates the branch's receipt number sequence (pos_receipt_sequence).
-- SECURITY DEFINER with a pinned search_path: the app role may not create objects, the owner of this
-- function does.
CREATE OR REPLACE FUNCTION public.pos_create_receipt_sequence()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'receipt_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_create_return_sequence.sql
-- Trigger (branches, after insert): creates the branch's return number sequence (pos_return_sequence).
-- SECURITY DEFINER with a pinned search_path, like pos_create_receipt_sequence.
CREATE OR REPLACE FUNCTION public.pos_create_return_sequence()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'return_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_customer_runs_on_delete.sql
-- Trigger (customers, after delete, per statement): counts the deleted customers out of their runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(o.company_id), array_agg(o.branch_id), array_agg(o.name), array_agg(o.id),
                                  array_agg(-1))
  FROM old_customers o;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_customer_runs_on_insert.sql
-- Trigger (customers, after insert, per statement): counts the new customers into their runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(n.company_id), array_agg(n.branch_id), array_agg(n.name), array_agg(n.id),
                                  array_agg(1))
  FROM new_customers n;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_customer_runs_on_truncate.sql
-- Trigger (customers, after truncate): no customers, no runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM customer_name_marks;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_customer_runs_on_update.sql
-- Trigger (customers, after update, per statement): moves a customer between runs only when its name or
-- branch changed (a sale's ON CONFLICT ... DO UPDATE on the phone changes neither).
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(x.company_id), array_agg(x.branch_id), array_agg(x.name), array_agg(x.id),
                                  array_agg(x.delta))
  FROM (
    SELECT o.company_id, o.branch_id, o.name, o.id, -1 AS delta
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
    UNION ALL
    SELECT n.company_id, n.branch_id, n.name, n.id, 1
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
  ) x;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_cut_customer_run.sql
-- Re-cuts one run of a branch's customers list: the customers from the mark (p_name, p_id) up to the next
-- mark, in the list's order (name, id), each 1000th starting a new run, and their counts counted again. The
-- customers list sums the marks for its total and walks at most one run (2 x 1000) to a page; marks compare
-- with the column's collation, as the list's ORDER BY does.
CREATE OR REPLACE FUNCTION public.pos_cut_customer_run(p_company uuid, p_branch uuid, p_name text, p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  next_name text;
  next_id uuid;
BEGIN
  SELECT m.name, m.id INTO next_name, next_id FROM customer_name_marks m
  WHERE m.company_id = p_company AND m.branch_id = p_branch AND (m.name, m.id) > (p_name, p_id)
  ORDER BY m.name, m.id LIMIT 1;
  INSERT INTO customer_name_marks AS m (company_id, branch_id, name, id, customers)
  SELECT p_company, p_branch, CASE WHEN r.k = 0 THEN p_name ELSE r.name END, CASE WHEN r.k = 0 THEN p_id ELSE r.id END,
         least(1000, r.n - r.k)
  FROM (
    SELECT c.name, c.id, row_number() OVER (ORDER BY c.name, c.id) - 1 AS k, count(*) OVER () AS n
    FROM customers c
    WHERE c.company_id = p_company AND c.branch_id = p_branch AND (c.name, c.id) >= (p_name, p_id)
      AND (next_name IS NULL OR (c.name, c.id) < (next_name, next_id))
  ) r
  WHERE r.k % 1000 = 0
  ON CONFLICT (company_id, branch_id, name, id) DO UPDATE SET customers = excluded.customers;
END $function$;
--> statement-breakpoint
-- functions/pos_movements_daily_on_delete.sql
-- Trigger (stock_movements, after delete, per statement): counts the deleted ledger rows out of
-- stock_movements_daily (per branch, local day of created_at, movement type and user), in key order.
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT o.company_id, o.branch_id, (o.created_at AT TIME ZONE b.timezone)::date, o.movement_type,
         coalesce(o.user_id, '00000000-0000-0000-0000-000000000000'::uuid), -count(*)
  FROM old_movements o
  JOIN branches b ON b.company_id = o.company_id AND b.id = o.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_movements_daily_on_insert.sql
-- Trigger (stock_movements, after insert, per statement): counts the new ledger rows into
-- stock_movements_daily per branch, local day of created_at, movement type and user (the nil uuid for none),
-- upserted in key order (concurrent statements lock the rows in one order: no deadlocks).
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, n.movement_type,
         coalesce(n.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM new_movements n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_movements_daily_on_update.sql
-- Trigger (stock_movements, after update, per statement): moves the changed ledger rows between
-- stock_movements_daily rows (the ledger is append-only; update and delete are counted so nothing drifts).
CREATE OR REPLACE FUNCTION public.pos_movements_daily_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO stock_movements_daily AS d (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT c.company_id, c.branch_id, (c.created_at AT TIME ZONE b.timezone)::date, c.movement_type,
         coalesce(c.user_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(c.sign)::integer
  FROM (SELECT o.company_id, o.branch_id, o.created_at, o.movement_type, o.user_id, -1 AS sign FROM old_movements o
        UNION ALL
        SELECT n.company_id, n.branch_id, n.created_at, n.movement_type, n.user_id, 1 FROM new_movements n) c
  JOIN branches b ON b.company_id = c.company_id AND b.id = c.branch_id
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, movement_type, user_id) DO UPDATE SET
    movements = d.movements + excluded.movements;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_products_change_xid.sql
-- Trigger (products and customers, before insert or update): stamps the row with its transaction id, the
-- cursor of the catalogue and customer sync. A sync reads rows at or above its cursor; the next cursor is the
-- oldest transaction still running when it began (pg_snapshot_xmin).
CREATE OR REPLACE FUNCTION public.pos_products_change_xid()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $function$;
--> statement-breakpoint
-- functions/pos_products_notify_insert.sql
-- Trigger (products, after insert, per statement): one NOTIFY on channel pos_events per branch, delivered
-- at commit to every server process: {c, b, p: [id]}, or {c, b, resync: true} above 100 products (a payload
-- is at most 8000 bytes).
CREATE OR REPLACE FUNCTION public.pos_products_notify_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT n.company_id, n.branch_id, count(*) AS changed, json_agg(n.id) AS product
    FROM new_products n
    GROUP BY n.company_id, n.branch_id
  LOOP
    IF r.changed > 100 THEN
      PERFORM pg_notify('pos_events', json_build_object('c', r.company_id, 'b', r.branch_id, 'resync', true)::text);
    ELSE
      PERFORM pg_notify('pos_events', json_build_object('c', r.company_id, 'b', r.branch_id, 'p', r.product)::text);
    END IF;
  END LOOP;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_products_notify_update.sql
-- Trigger (products, after update, per statement): one NOTIFY on channel pos_events per branch:
-- {c, b, s: [[id, stock]], p: [id]} for stock changes and product changes (price, name, SKU, category,
-- brand, branch, deleted); nothing when neither changed; {c, b, resync: true} above 100 products.
CREATE OR REPLACE FUNCTION public.pos_products_notify_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT n.company_id, n.branch_id, count(*) AS changed,
           json_agg(json_build_array(n.id, n.stock_quantity))
             FILTER (WHERE n.stock_quantity IS DISTINCT FROM o.stock_quantity) AS stock,
           json_agg(n.id) FILTER (WHERE n.price IS DISTINCT FROM o.price OR n.name IS DISTINCT FROM o.name
             OR n.sku IS DISTINCT FROM o.sku OR n.deleted_at IS DISTINCT FROM o.deleted_at
             OR n.category_id IS DISTINCT FROM o.category_id OR n.brand_id IS DISTINCT FROM o.brand_id
             OR n.branch_id IS DISTINCT FROM o.branch_id) AS product
    FROM new_products n
    JOIN old_products o ON o.company_id = n.company_id AND o.id = n.id
    GROUP BY n.company_id, n.branch_id
  LOOP
    CONTINUE WHEN r.stock IS NULL AND r.product IS NULL;
    IF r.changed > 100 THEN
      PERFORM pg_notify('pos_events', json_build_object('c', r.company_id, 'b', r.branch_id, 'resync', true)::text);
    ELSE
      PERFORM pg_notify('pos_events',
        json_build_object('c', r.company_id, 'b', r.branch_id, 's', r.stock, 'p', r.product)::text);
    END IF;
  END LOOP;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_rebuild_audit_counts.sql
-- Recomputes one company's audit_logs_daily from its log (after its time zone changed).
CREATE OR REPLACE FUNCTION public.pos_rebuild_audit_counts(p_company uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE audit_logs_daily IN EXCLUSIVE MODE;
  DELETE FROM audit_logs_daily WHERE company_id = p_company;
  INSERT INTO audit_logs_daily (company_id, branch_id, day, branch_day, action, user_id, entries)
  SELECT a.company_id, coalesce(a.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
         (a.created_at AT TIME ZONE c.timezone)::date,
         (a.created_at AT TIME ZONE coalesce(b.timezone, c.timezone))::date,
         a.action, coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM audit_logs a
  CROSS JOIN (SELECT pos_company_timezone(p_company) AS timezone) c
  LEFT JOIN branches b ON b.company_id = a.company_id AND b.id = a.branch_id
  WHERE a.company_id = p_company
  GROUP BY 1, 2, 3, 4, 5, 6;
END $function$;
--> statement-breakpoint
-- functions/pos_rebuild_customer_runs.sql
-- Re-cuts one branch's customer runs from its customers.
CREATE OR REPLACE FUNCTION public.pos_rebuild_customer_runs(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || p_company || ' ' || p_branch, 0));
  DELETE FROM customer_name_marks WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  VALUES (p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
  PERFORM pos_cut_customer_run(p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
END $function$;
--> statement-breakpoint
-- functions/pos_rebuild_daily_totals.sql
-- Recomputes one branch's sales_daily and returns_daily from its rows, then its report totals (after a
-- change of the branch's time zone). The table locks hold back concurrent sales and returns until the
-- caller's transaction commits.
CREATE OR REPLACE FUNCTION public.pos_rebuild_daily_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE sales_daily, returns_daily IN EXCLUSIVE MODE;
  DELETE FROM sales_daily WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM returns_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_daily (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                           revenue, subtotal, tax, discounts, items_sold)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         count(*),
         count(*) FILTER (WHERE s.status = 'completed'),
         coalesce(sum(s.total) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.subtotal) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.tax_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.discount_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  WHERE s.company_id = p_company AND s.branch_id = p_branch
  GROUP BY 1, 2, 3, 4, 5;
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
-- functions/pos_rebuild_movement_counts.sql
-- Recomputes one branch's stock_movements_daily from its ledger (after a change of the branch's time zone).
CREATE OR REPLACE FUNCTION public.pos_rebuild_movement_counts(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE stock_movements_daily IN EXCLUSIVE MODE;
  DELETE FROM stock_movements_daily WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO stock_movements_daily (company_id, branch_id, day, movement_type, user_id, movements)
  SELECT m.company_id, m.branch_id, (m.created_at AT TIME ZONE b.timezone)::date, m.movement_type,
         coalesce(m.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM stock_movements m
  JOIN branches b ON b.company_id = m.company_id AND b.id = m.branch_id
  WHERE m.company_id = p_company AND m.branch_id = p_branch
  GROUP BY 1, 2, 3, 4, 5;
END $function$;
--> statement-breakpoint
-- functions/pos_rebuild_report_totals.sql
-- Recomputes one branch's sales_hourly and sales_daily_products from its rows (sales_monthly_products
-- follows through the triggers on sales_daily_products). Locked after sales_daily and returns_daily, in the
-- order sales and returns reach them.
CREATE OR REPLACE FUNCTION public.pos_rebuild_report_totals(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE sales_hourly, sales_daily_products IN EXCLUSIVE MODE;
  DELETE FROM sales_hourly WHERE company_id = p_company AND branch_id = p_branch;
  DELETE FROM sales_daily_products WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO sales_hourly (company_id, branch_id, day, hour, cashier_id, payment_method, transactions, revenue)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date,
         extract(hour FROM s.sold_at AT TIME ZONE b.timezone)::smallint, s.cashier_id, s.payment_method,
         count(*), sum(s.total)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.branch_id = p_branch AND s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO sales_daily_products (company_id, branch_id, day, product_id, product_name, sale_lines, quantity, goods,
                                    return_lines, returned_quantity, returned_goods)
  SELECT x.company_id, x.branch_id, x.day, x.product_id, x.product_name, sum(x.sale_lines), sum(x.quantity),
         sum(x.goods), sum(x.return_lines), sum(x.returned_quantity), sum(x.returned_goods)
  FROM (
    SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date AS day, i.product_id, i.product_name,
           1 AS sale_lines, i.quantity, i.subtotal AS goods, 0 AS return_lines, 0 AS returned_quantity,
           0::numeric AS returned_goods
    FROM sale_items i
    JOIN sales s ON s.company_id = i.company_id AND s.id = i.sale_id
    JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
    WHERE s.company_id = p_company AND s.branch_id = p_branch AND s.status = 'completed'
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
-- functions/pos_receipt_sequence.sql
-- The branch's receipt number sequence (receipt_seq_<branch id without dashes>, made by
-- pos_create_receipt_sequence): nextval() holds no lock until commit, so a branch's concurrent sales do not
-- queue behind each other's commit; a sale that fails after taking its number leaves a gap.
CREATE OR REPLACE FUNCTION public.pos_receipt_sequence(branch uuid)
 RETURNS regclass
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ('receipt_seq_' || replace(branch::text, '-', ''))::regclass
$function$;
--> statement-breakpoint
-- functions/pos_report_totals_apply_sale.sql
-- Adds (sign 1) or removes (sign -1) one completed sale's share of the report totals: its sales_hourly
-- row and, with lines, its lines per product in sales_daily_products.
CREATE OR REPLACE FUNCTION public.pos_report_totals_apply_sale(s sales, sign integer, lines boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  local_at timestamp;
BEGIN
  IF s.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT s.sold_at AT TIME ZONE b.timezone INTO local_at
  FROM branches b WHERE b.company_id = s.company_id AND b.id = s.branch_id;
  INSERT INTO sales_hourly AS d (company_id, branch_id, day, hour, cashier_id, payment_method, transactions, revenue)
  VALUES (s.company_id, s.branch_id, local_at::date, extract(hour FROM local_at)::smallint, s.cashier_id,
          s.payment_method, sign, sign * s.total)
  ON CONFLICT (company_id, branch_id, day, hour, cashier_id, payment_method) DO UPDATE SET
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue;
  IF NOT lines THEN
    RETURN;
  END IF;
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, sale_lines, quantity,
                                         goods)
  SELECT s.company_id, s.branch_id, local_at::date, i.product_id, i.product_name,
         sign * count(*), sign * sum(i.quantity), sign * sum(i.subtotal)
  FROM sale_items i
  WHERE i.company_id = s.company_id AND i.sale_id = s.id
  GROUP BY i.product_id, i.product_name
  ORDER BY i.product_id, i.product_name
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
END $function$;
--> statement-breakpoint
-- functions/pos_report_totals_on_sale_change.sql
-- Trigger (sales, after update or delete, per row): moves the sale's share of sales_hourly and
-- sales_daily_products; its lines' rows only when the sale's day, branch or status changed.
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
  PERFORM pos_report_totals_apply_sale(OLD, -1, lines);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_report_totals_apply_sale(NEW, 1, lines);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_return_sequence.sql
-- The branch's return number sequence (return_seq_<branch id without dashes>, made by
-- pos_create_return_sequence), like pos_receipt_sequence.
CREATE OR REPLACE FUNCTION public.pos_return_sequence(branch uuid)
 RETURNS regclass
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ('return_seq_' || replace(branch::text, '-', ''))::regclass
$function$;
--> statement-breakpoint
-- functions/pos_returns_daily_add_items.sql
-- Adds a quantity and an amount of goods to a return's returns_daily row (nothing unless the return exists
-- and is completed).
CREATE OR REPLACE FUNCTION public.pos_returns_daily_add_items(p_company uuid, p_return uuid, qty integer, goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, qty, goods
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.company_id = p_company AND r.id = p_return AND r.status = 'completed'
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_daily_apply.sql
-- Adds (sign 1) or removes (sign -1) one completed return's whole contribution to returns_daily, its items
-- included.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_apply(r returns, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  local_day date;
  items integer;
  goods numeric;
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT (r.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = r.company_id AND b.id = r.branch_id;
  SELECT coalesce(sum(quantity), 0), coalesce(sum(quantity * unit_price), 0) INTO items, goods
  FROM return_items WHERE company_id = r.company_id AND return_id = r.id;
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  VALUES (r.company_id, r.branch_id, local_day, sign, sign * r.refund_amount, sign * items, sign * goods)
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded,
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_daily_on_change.sql
-- Trigger (returns, after update or delete of the columns a total reads, per row): removes the old row's
-- share of returns_daily and adds the new one's.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_returns_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_daily_on_insert.sql
-- Trigger (returns, after insert, per statement): the completed returns, summed into returns_daily per
-- branch and local day of created_at, upserted in key order.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, count(*), sum(n.refund_amount)
  FROM new_returns n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  WHERE n.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_daily_on_item_change.sql
-- Trigger (return_items, after update or delete, per row): moves the item's quantity and goods in
-- returns_daily.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_returns_daily_add_items(OLD.company_id, OLD.return_id, -OLD.quantity, -(OLD.quantity * OLD.unit_price));
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_add_items(NEW.company_id, NEW.return_id, NEW.quantity, NEW.quantity * NEW.unit_price);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_daily_on_items_insert.sql
-- Trigger (return_items, after insert, per statement): the items of completed returns, summed into
-- returns_daily (items returned, returned subtotal before restocking fees).
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, items_returned, returned_subtotal)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, sum(n.quantity),
         sum(n.quantity * n.unit_price)
  FROM new_items n
  JOIN returns r ON r.company_id = n.company_id AND r.id = n.return_id
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_returns_shift.sql
-- Trigger (returns, before insert): the shift a return belongs to. A named shift must be open (hint
-- pos_shift:closed); else the register's open shift, or without a register the processing user's own in the
-- branch; a cash refund with no open shift is refused (hint pos_shift:required).
CREATE OR REPLACE FUNCTION public.pos_returns_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
      RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.processed_by);
  IF NEW.shift_id IS NULL AND NEW.refund_method = 'cash' THEN
    RAISE EXCEPTION 'no open shift' USING ERRCODE = 'P0001', HINT = 'pos_shift:required';
  END IF;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_sale_check.sql
-- The sale is written by one statement (features/transactions/transactions.repo.ts): products updated only
-- where price and stock still allow it, then the sale, its lines and its movements. A failed check makes that
-- statement fail, and so roll back whole, with hint 'pos_sale_check:<reason>'; the server
-- then finds out what happened and answers.
CREATE OR REPLACE FUNCTION public.pos_sale_check(ok boolean, reason text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'sale not written: %', reason USING ERRCODE = 'P0001', HINT = 'pos_sale_check:' || reason;
  END IF;
  RETURN true;
END
$function$;
--> statement-breakpoint
-- functions/pos_sales_daily_add_items.sql
-- Adds a quantity to the items sold of a sale's sales_daily row (nothing unless the sale exists and is
-- completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_add_items(p_company uuid, p_sale uuid, qty integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, items_sold)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method, qty
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.id = p_sale AND s.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    items_sold = d.items_sold + excluded.items_sold;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_apply.sql
-- Adds (sign 1) or removes (sign -1) one sale's whole contribution to sales_daily, its items included:
-- sales_count counts every sale, the other columns completed sales only.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_apply(s sales, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  done boolean := s.status = 'completed';
  local_day date;
  items integer := 0;
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
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_change.sql
-- Trigger (sales, after update or delete of the columns a total reads, per row): removes the old row's
-- share of sales_daily and adds the new one's.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_sales_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_insert.sql
-- Trigger (sales, after insert, per statement): the new sales summed into sales_daily per branch, local
-- day of sold_at, cashier and payment method, upserted in key order (concurrent writers lock the rows in one
-- order: no deadlocks).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, sales_count, transactions,
                                revenue, subtotal, tax, discounts, items_sold)
  SELECT n.company_id, n.branch_id, (n.sold_at AT TIME ZONE b.timezone)::date, n.cashier_id, n.payment_method,
         count(*),
         count(*) FILTER (WHERE n.status = 'completed'),
         coalesce(sum(n.total) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.subtotal) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.tax_amount) FILTER (WHERE n.status = 'completed'), 0),
         coalesce(sum(n.discount_amount) FILTER (WHERE n.status = 'completed'), 0),
         0
  FROM new_sales n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_item_change.sql
-- Trigger (sale_items, after update or delete of its sale or quantity, per row): moves the line's quantity
-- in sales_daily's items sold.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_sales_daily_add_items(OLD.company_id, OLD.sale_id, -OLD.quantity);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_add_items(NEW.company_id, NEW.sale_id, NEW.quantity);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_on_items_insert.sql
-- Trigger (sale_items, after insert, per statement): the lines of completed sales, their quantities summed
-- into sales_daily's items sold.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, items_sold)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         sum(n.quantity)
  FROM new_items n
  JOIN sales s ON s.company_id = n.company_id AND s.id = n.sale_id
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    items_sold = d.items_sold + excluded.items_sold;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_add_line.sql
-- Adds one sale line's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the sale is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_line(p_company uuid, p_sale uuid, p_product uuid, p_name text, p_lines integer, p_quantity integer, p_goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, sale_lines, quantity,
                                         goods)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, p_product, p_name, p_lines, p_quantity,
         p_goods
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.id = p_sale AND s.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_add_return_item.sql
-- Adds one return item's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the return is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_return_item(p_company uuid, p_return uuid, p_product uuid, p_name text, p_lines integer, p_quantity integer, p_goods numeric)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, p_product, p_name, p_lines,
         p_quantity, p_goods
  FROM returns r
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.company_id = p_company AND r.id = p_return AND r.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_apply_return.sql
-- Adds (sign 1) or removes (sign -1) one completed return's items to sales_daily_products, per product.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_apply_return(r returns, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, i.product_id, i.product_name,
         sign * count(*), sign * sum(i.quantity), sign * sum(i.quantity * i.unit_price)
  FROM return_items i
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE i.company_id = r.company_id AND i.return_id = r.id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_item_change.sql
-- Trigger (sale_items, after update or delete, per row): moves the line's share of sales_daily_products
-- (nothing when none of the columns it reads changed, e.g. a return raising returned_quantity).
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
  PERFORM pos_sales_daily_products_add_line(OLD.company_id, OLD.sale_id, OLD.product_id, OLD.product_name, -1,
                                            -OLD.quantity, -OLD.subtotal);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_line(NEW.company_id, NEW.sale_id, NEW.product_id, NEW.product_name, 1,
                                              NEW.quantity, NEW.subtotal);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_items_insert.sql
-- Trigger (sale_items, after insert, per statement): the lines of completed sales summed into
-- sales_daily_products per branch, local day of sold_at, product and the name it was sold under, upserted in
-- key order.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, sale_lines, quantity,
                                         goods)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, n.product_id, n.product_name,
         count(*), sum(n.quantity), sum(n.subtotal)
  FROM new_items n
  JOIN sales s ON s.company_id = n.company_id AND s.id = n.sale_id
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_return_change.sql
-- Trigger (returns, after update or delete, per row): moves the return's items in sales_daily_products
-- when its day, branch or status changed.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.id, OLD.branch_id, OLD.status, OLD.created_at)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.id, NEW.branch_id, NEW.status, NEW.created_at)
  THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_apply_return(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_apply_return(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_return_item_change.sql
-- Trigger (return_items, after update or delete, per row): moves the item's share of sales_daily_products
-- (nothing when none of the columns it reads changed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name, OLD.quantity, OLD.unit_price)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name, NEW.quantity, NEW.unit_price)
  THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_add_return_item(OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name,
                                                   -1, -OLD.quantity, -(OLD.quantity * OLD.unit_price));
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_return_item(NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name,
                                                     1, NEW.quantity, NEW.quantity * NEW.unit_price);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_return_items_insert.sql
-- Trigger (return_items, after insert, per statement): the items of completed returns summed into
-- sales_daily_products by the return's local day (count, quantity, quantity x unit price), in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, n.product_id, n.product_name,
         count(*), sum(n.quantity), sum(n.quantity * n.unit_price)
  FROM new_items n
  JOIN returns r ON r.company_id = n.company_id AND r.id = n.return_id
  JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
  WHERE r.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    return_lines = d.return_lines + excluded.return_lines,
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_goods = d.returned_goods + excluded.returned_goods;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_hourly_on_insert.sql
-- Trigger (sales, after insert, per statement): the completed sales summed into sales_hourly per branch,
-- local day and hour of sold_at, cashier and payment method, upserted in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_hourly_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_hourly AS d (company_id, branch_id, day, hour, cashier_id, payment_method, transactions, revenue)
  SELECT n.company_id, n.branch_id, (n.sold_at AT TIME ZONE b.timezone)::date,
         extract(hour FROM n.sold_at AT TIME ZONE b.timezone)::smallint, n.cashier_id, n.payment_method,
         count(*), sum(n.total)
  FROM new_sales n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  WHERE n.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, branch_id, day, hour, cashier_id, payment_method) DO UPDATE SET
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_monthly_products_apply.sql
-- Trigger (sales_daily_products, after insert, update and delete, per statement): moves the same amounts
-- into sales_monthly_products (the daily rows summed by calendar month), grouped and upserted in key order
-- after the daily rows. An INSERT ... ON CONFLICT DO UPDATE of the daily rows fires the insert trigger (rows
-- inserted) and the update trigger (rows updated); each branch reads only its trigger's transition tables.
CREATE OR REPLACE FUNCTION public.pos_sales_monthly_products_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT * FROM pos_monthly_new) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT o.company_id, o.branch_id, o.day, o.product_id, o.product_name, -o.sale_lines AS sale_lines,
                 -o.quantity AS quantity, -o.goods AS goods, -o.return_lines AS return_lines,
                 -o.returned_quantity AS returned_quantity, -o.returned_goods AS returned_goods
          FROM pos_monthly_old o) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  ELSE
    INSERT INTO sales_monthly_products AS m (company_id, branch_id, month, product_id, product_name, sale_lines,
                                             quantity, goods, return_lines, returned_quantity, returned_goods)
    SELECT x.company_id, x.branch_id, date_trunc('month', x.day::timestamp)::date, x.product_id, x.product_name,
           sum(x.sale_lines), sum(x.quantity), sum(x.goods), sum(x.return_lines), sum(x.returned_quantity),
           sum(x.returned_goods)
    FROM (SELECT n.company_id, n.branch_id, n.day, n.product_id, n.product_name, n.sale_lines, n.quantity, n.goods,
                 n.return_lines, n.returned_quantity, n.returned_goods
          FROM pos_monthly_new n
          UNION ALL
          SELECT o.company_id, o.branch_id, o.day, o.product_id, o.product_name, -o.sale_lines AS sale_lines,
                 -o.quantity AS quantity, -o.goods AS goods, -o.return_lines AS return_lines,
                 -o.returned_quantity AS returned_quantity, -o.returned_goods AS returned_goods
          FROM pos_monthly_old o) x
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (company_id, branch_id, month, product_id, product_name) DO UPDATE SET
      sale_lines = m.sale_lines + excluded.sale_lines,
      quantity = m.quantity + excluded.quantity,
      goods = m.goods + excluded.goods,
      return_lines = m.return_lines + excluded.return_lines,
      returned_quantity = m.returned_quantity + excluded.returned_quantity,
      returned_goods = m.returned_goods + excluded.returned_goods;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_shift.sql
-- Trigger (sales, before insert): the shift a sale belongs to, decided inside its insert while holding the
-- shift row FOR SHARE, so a close and a sale cannot pass each other.
-- - A named shift must be of the sale's company and branch (hint pos_shift:unknown) and open (hint
--   pos_shift:closed), except for an offline sale: uploaded after its shift closed, it keeps that shift in
--   late_shift_id and joins the register's shift open now, else the next one opened there
--   (pos_shifts_adopt_late_sales). The register row is held FOR SHARE so that opening cannot pass it.
-- - No shift named: the register's open shift, or without a register the cashier's own in the branch; an
--   online cash sale with none is refused (hint pos_shift:required).
CREATE OR REPLACE FUNCTION public.pos_sales_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE shift_status text;
DECLARE shift_register uuid;
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    SELECT status, register_id INTO shift_status, shift_register FROM shifts
     WHERE company_id = NEW.company_id AND branch_id = NEW.branch_id AND id = NEW.shift_id
     FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift not found' USING ERRCODE = 'P0001', HINT = 'pos_shift:unknown';
    END IF;
    IF shift_status <> 'open' THEN
      IF NOT NEW.offline THEN
        RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
      END IF;
      NEW.late_shift_id := NEW.shift_id;
      PERFORM 1 FROM registers WHERE company_id = NEW.company_id AND id = shift_register FOR SHARE;
      NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, shift_register, NULL);
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.cashier_id);
  IF NEW.shift_id IS NULL AND NEW.payment_method = 'cash' AND NOT NEW.offline THEN
    RAISE EXCEPTION 'no open shift' USING ERRCODE = 'P0001', HINT = 'pos_shift:required';
  END IF;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_shift_closed_guard.sql
-- Trigger (shifts, before update or delete): a closed shift never changes (hint pos_shift:closed).
CREATE OR REPLACE FUNCTION public.pos_shift_closed_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$function$;
--> statement-breakpoint
-- functions/pos_shift_is_open.sql
-- Whether a shift is open, holding its row FOR SHARE until the caller's transaction ends.
CREATE OR REPLACE FUNCTION public.pos_shift_is_open(p_company uuid, p_shift uuid)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM shifts WHERE company_id = p_company AND id = p_shift AND status = 'open' FOR SHARE;
  RETURN FOUND;
END
$function$;
--> statement-breakpoint
-- functions/pos_shift_of.sql
-- The open shift a sale or return joins, held FOR SHARE: the register's, or without a register the
-- cashier's latest opened in the branch. Null when there is none.
CREATE OR REPLACE FUNCTION public.pos_shift_of(p_company uuid, p_branch uuid, p_register uuid, p_cashier uuid)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE found_id uuid;
BEGIN
  IF p_register IS NOT NULL THEN
    SELECT id INTO found_id FROM shifts
     WHERE company_id = p_company AND register_id = p_register AND status = 'open'
     FOR SHARE;
  ELSE
    SELECT id INTO found_id FROM shifts
     WHERE company_id = p_company AND branch_id = p_branch AND cashier_id = p_cashier AND status = 'open'
     ORDER BY opened_at DESC LIMIT 1
     FOR SHARE;
  END IF;
  RETURN found_id;
END
$function$;
--> statement-breakpoint
-- functions/pos_shifts_adopt_late_sales.sql
-- Trigger (shifts, after insert): the register's late sales (uploaded after their shift closed, no open
-- shift then) join the new shift, whose drawer counts them. Takes the register row FOR NO KEY UPDATE, as a
-- late sale takes it FOR SHARE, so each sees the other.
CREATE OR REPLACE FUNCTION public.pos_shifts_adopt_late_sales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM registers WHERE company_id = NEW.company_id AND id = NEW.register_id FOR NO KEY UPDATE;
  UPDATE sales SET shift_id = NEW.id
   WHERE company_id = NEW.company_id AND shift_id IS NULL
     AND late_shift_id IN (SELECT id FROM shifts WHERE company_id = NEW.company_id AND register_id = NEW.register_id);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_daily_insert ON public.audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_insert
  AFTER INSERT ON public.audit_logs
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_no_truncate ON public.audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate
  BEFORE TRUNCATE ON public.audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_logs_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_no_update_delete ON public.audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete
  BEFORE DELETE OR UPDATE ON public.audit_logs
  FOR EACH ROW EXECUTE FUNCTION pos_audit_logs_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS branches_audit_daily_insert ON public.branches;
--> statement-breakpoint
CREATE TRIGGER branches_audit_daily_insert
  AFTER INSERT ON public.branches
  REFERENCING NEW TABLE AS new_branches
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_branch_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS branches_receipt_sequence ON public.branches;
--> statement-breakpoint
CREATE TRIGGER branches_receipt_sequence
  AFTER INSERT ON public.branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_receipt_sequence();
--> statement-breakpoint
DROP TRIGGER IF EXISTS branches_return_sequence ON public.branches;
--> statement-breakpoint
CREATE TRIGGER branches_return_sequence
  AFTER INSERT ON public.branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_return_sequence();
--> statement-breakpoint
DROP TRIGGER IF EXISTS cash_movements_shift ON public.cash_movements;
--> statement-breakpoint
CREATE TRIGGER cash_movements_shift
  BEFORE INSERT ON public.cash_movements
  FOR EACH ROW EXECUTE FUNCTION pos_cash_movements_shift();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_change_xid ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_change_xid
  BEFORE INSERT OR UPDATE ON public.customers
  FOR EACH ROW EXECUTE FUNCTION pos_products_change_xid();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_runs_delete ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_runs_delete
  AFTER DELETE ON public.customers
  REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_runs_insert ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_runs_insert
  AFTER INSERT ON public.customers
  REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_runs_truncate ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_runs_truncate
  AFTER TRUNCATE ON public.customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_truncate();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_runs_update ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_runs_update
  AFTER UPDATE ON public.customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_change_xid ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_change_xid
  BEFORE INSERT OR UPDATE ON public.products
  FOR EACH ROW EXECUTE FUNCTION pos_products_change_xid();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_insert ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_notify_insert
  AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_notify_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_update ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_notify_update
  AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_notify_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER returns_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, quantity, unit_price ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_items_insert ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER returns_daily_items_insert
  AFTER INSERT ON public.return_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_items_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, product_id, product_name, quantity, unit_price
  ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_items_insert ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_items_insert
  AFTER INSERT ON public.return_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_return_items_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_change ON public.returns;
--> statement-breakpoint
CREATE TRIGGER returns_daily_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, status, refund_amount, created_at ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_insert ON public.returns;
--> statement-breakpoint
CREATE TRIGGER returns_daily_insert
  AFTER INSERT ON public.returns
  REFERENCING NEW TABLE AS new_returns
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_shift ON public.returns;
--> statement-breakpoint
CREATE TRIGGER returns_shift
  BEFORE INSERT ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_returns_shift();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_change ON public.returns;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, status, created_at ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_item_change ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, quantity ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_items_insert ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_items_insert
  AFTER INSERT ON public.sale_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_items_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_item_change ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, product_id, product_name, quantity, subtotal
  ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_items_insert ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_items_insert
  AFTER INSERT ON public.sale_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_items_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_totals_sale_change ON public.sales;
--> statement-breakpoint
CREATE TRIGGER report_totals_sale_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_report_totals_on_sale_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_change ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_daily_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, subtotal, tax_amount,
      discount_amount, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_insert ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_daily_insert
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_hourly_insert ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_hourly_insert
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_hourly_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_shift ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_shift
  BEFORE INSERT ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_shift();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_monthly_products_delete ON public.sales_daily_products;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_delete
  AFTER DELETE ON public.sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_monthly_products_insert ON public.sales_daily_products;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_insert
  AFTER INSERT ON public.sales_daily_products
  REFERENCING NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_monthly_products_update ON public.sales_daily_products;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_update
  AFTER UPDATE ON public.sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shifts_adopt_late_sales ON public.shifts;
--> statement-breakpoint
CREATE TRIGGER shifts_adopt_late_sales
  AFTER INSERT ON public.shifts
  FOR EACH ROW EXECUTE FUNCTION pos_shifts_adopt_late_sales();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shifts_closed_guard ON public.shifts;
--> statement-breakpoint
CREATE TRIGGER shifts_closed_guard
  BEFORE DELETE OR UPDATE ON public.shifts
  FOR EACH ROW EXECUTE FUNCTION pos_shift_closed_guard();
--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_movements_daily_delete ON public.stock_movements;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_delete
  AFTER DELETE ON public.stock_movements
  REFERENCING OLD TABLE AS old_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_movements_daily_insert ON public.stock_movements;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_insert
  AFTER INSERT ON public.stock_movements
  REFERENCING NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS stock_movements_daily_update ON public.stock_movements;
--> statement-breakpoint
CREATE TRIGGER stock_movements_daily_update
  AFTER UPDATE ON public.stock_movements
  REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_update();
