-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_sales_by_key.sql
-- The sales of some ids, each looked up by its key (OFFSET 0 keeps the lookup per sale: as a join, a batch of
-- 1,000 was planned as a scan of every sale of the table), each once: the source of the totals' derivations
-- (pos_sales_*_of).
CREATE OR REPLACE FUNCTION public.pos_sales_by_key(p_sales uuid[])
 RETURNS SETOF sales
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.* FROM (SELECT DISTINCT u.id FROM unnest(p_sales) AS u(id)) p
  CROSS JOIN LATERAL (SELECT * FROM sales s WHERE s.id = p.id OFFSET 0) s
$function$;
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
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  GROUP BY 1, 2, 3, 4, 5
$function$;
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
         count(*)::integer, sum(i.quantity), sum(i.subtotal), 0, 0, 0::numeric
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  -- Its lines by the sale's key too (OFFSET 0: as a join, every line of the table was hashed).
  CROSS JOIN LATERAL (
    SELECT i.product_id, i.product_name, i.quantity, i.subtotal FROM sale_items i
    WHERE i.company_id = s.company_id AND i.sale_id = s.id OFFSET 0
  ) i
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
$function$;
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
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  -- Its tenders by the sale's key too (OFFSET 0: as a join, every sale of the table was hashed again).
  CROSS JOIN LATERAL (
    SELECT t.method, t.amount FROM sale_tender_lines t WHERE t.company_id = s.company_id AND t.sale_id = s.id OFFSET 0
  ) t
  GROUP BY 1, 2, 3, 4, 5
$function$;
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
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6
$function$;
