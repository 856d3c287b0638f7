-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
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
    SELECT sum(ri.quantity) AS quantity, sum(ri.goods) AS goods
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
           0, 0, 0, 1, i.quantity, i.goods
    FROM return_items i
    JOIN returns r ON r.company_id = i.company_id AND r.id = i.return_id
    JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
    WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  ) x
  GROUP BY 1, 2, 3, 4, 5;
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
  items numeric;
  goods numeric;
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT (r.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = r.company_id AND b.id = r.branch_id;
  SELECT coalesce(sum(quantity), 0), coalesce(sum(return_items.goods), 0) INTO items, goods
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
-- functions/pos_returns_daily_on_item_change.sql
-- Trigger (return_items, after update or delete, per row): moves the item's quantity and goods in
-- returns_daily.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_returns_daily_add_items(OLD.company_id, OLD.return_id, -OLD.quantity, -OLD.goods);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_add_items(NEW.company_id, NEW.return_id, NEW.quantity, NEW.goods);
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
         sum(n.goods)
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
         sign * count(*), sign * sum(i.quantity), sign * sum(i.goods)
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
-- functions/pos_sales_daily_products_on_return_item_change.sql
-- Trigger (return_items, after update or delete, per row): moves the item's share of sales_daily_products
-- (nothing when none of the columns it reads changed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name, OLD.quantity, OLD.goods)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name, NEW.quantity, NEW.goods)
  THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_add_return_item(OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name,
                                                   -1, -OLD.quantity, -OLD.goods);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_return_item(NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name,
                                                     1, NEW.quantity, NEW.goods);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_sales_daily_products_on_return_items_insert.sql
-- Trigger (return_items, after insert, per statement): the items of completed returns summed into
-- sales_daily_products by the return's local day (count, quantity, goods), in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, return_lines,
                                         returned_quantity, returned_goods)
  SELECT r.company_id, r.branch_id, (r.created_at AT TIME ZONE b.timezone)::date, n.product_id, n.product_name,
         count(*), sum(n.quantity), sum(n.goods)
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
DROP TRIGGER IF EXISTS returns_daily_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER returns_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, quantity, goods ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, product_id, product_name, quantity, goods
  ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_item_change();
