-- The quantity parameters became numeric: a new signature is a new function, so the integer ones go.
DROP FUNCTION IF EXISTS public.pos_sales_daily_add_items(uuid, uuid, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.pos_returns_daily_add_items(uuid, uuid, integer, numeric);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.pos_sales_daily_products_add_line(uuid, uuid, uuid, text, integer, integer, numeric);--> statement-breakpoint
DROP FUNCTION IF EXISTS public.pos_sales_daily_products_add_return_item(uuid, uuid, uuid, text, integer, integer, numeric);--> statement-breakpoint
-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_catalog_refresh_listings.sql
-- The one writer of what a listing (a products row) copies from the catalogue: its variant's name, SKU and
-- barcodes, its item's category, description and unit, and, unless the branch overrides it, the variant's chain
-- price. The copies keep the branch's search indexes and the catalogue sync on one table. Called after any
-- change of the given items or their variants; touches only the live listings that differ, and answers
-- how many it changed (a chain price change reports it).
CREATE OR REPLACE FUNCTION public.pos_catalog_refresh_listings(p_company uuid, p_items uuid[])
 RETURNS integer
 LANGUAGE sql
AS $function$
  WITH catalogue AS (
    SELECT va.id, va.name, va.sku, va.price, it.category_id, it.description, it.unit,
           array(SELECT b.code FROM barcodes b
                  WHERE b.company_id = va.company_id AND b.variant_id = va.id ORDER BY b.code) AS barcodes
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
     WHERE va.company_id = p_company AND va.item_id = ANY (p_items)
  ),
  changed AS (
    UPDATE products p
       SET name = c.name, sku = c.sku, category_id = c.category_id, description = c.description,
           barcodes = c.barcodes, unit = c.unit, price = CASE WHEN p.price_overridden THEN p.price ELSE c.price END,
           updated_at = now()
      FROM catalogue c
     WHERE p.company_id = p_company AND p.variant_id = c.id AND p.deleted_at IS NULL
       AND (p.name, p.sku, p.category_id, p.description, p.barcodes, p.unit, p.price)
           IS DISTINCT FROM (c.name, c.sku, c.category_id, c.description, c.barcodes, c.unit,
                             CASE WHEN p.price_overridden THEN p.price ELSE c.price END)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$function$;
--> statement-breakpoint
-- functions/pos_products_list_variant.sql
-- Trigger (products, before insert, when the row names no variant): makes the new branch product a listing
-- of the company's catalogue. The SKU of one of the company's live variants lists that variant (its name,
-- SKU, barcodes, category, description and unit replace the row's; the row's price is a branch override when it differs
-- from the chain price); if the branch lists it already, the products unique indexes refuse the row.
-- Anything else becomes a new item with one variant made from the row. Every path that adds products (the products API, imports, transfers, seeds) goes
-- through here, so every product row is a listing (docs/architecture/catalogue.md).
CREATE OR REPLACE FUNCTION public.pos_products_list_variant()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  hit record;
  found_variant uuid;
  chain_price numeric;
  new_item uuid;
BEGIN
  IF NEW.sku IS NOT NULL THEN
    SELECT va.id, va.price, va.name, va.sku, it.category_id, it.description, it.unit INTO hit
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
     WHERE va.company_id = NEW.company_id AND va.sku IS NOT NULL AND lower(va.sku) = lower(NEW.sku)
       AND va.deleted_at IS NULL;
    IF FOUND THEN
      found_variant := hit.id;
      chain_price := hit.price;
      NEW.name := hit.name;
      NEW.sku := hit.sku;
      NEW.category_id := hit.category_id;
      NEW.description := hit.description;
      NEW.unit := hit.unit;
      NEW.barcodes := array(SELECT b.code FROM barcodes b
                             WHERE b.company_id = NEW.company_id AND b.variant_id = hit.id ORDER BY b.code);
    END IF;
  END IF;
  IF found_variant IS NULL THEN
    INSERT INTO items (company_id, name, description, category_id, unit)
      VALUES (NEW.company_id, NEW.name, NEW.description, NEW.category_id, NEW.unit)
      RETURNING id INTO new_item;
    INSERT INTO variants (company_id, item_id, name, sku, cost, price)
      VALUES (NEW.company_id, new_item, NEW.name, NEW.sku, NEW.cost, NEW.price)
      RETURNING id, price INTO found_variant, chain_price;
  END IF;
  NEW.variant_id := found_variant;
  NEW.price_overridden := NEW.price <> chain_price;
  RETURN NEW;
END $function$;
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
    SELECT sum(ri.quantity) AS quantity, sum(round(ri.quantity * ri.unit_price, 2)) AS goods
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
           0, 0, 0, 1, i.quantity, round(i.quantity * i.unit_price, 2)
    FROM return_items i
    JOIN returns r ON r.company_id = i.company_id AND r.id = i.return_id
    JOIN branches b ON b.company_id = r.company_id AND b.id = r.branch_id
    WHERE r.company_id = p_company AND r.branch_id = p_branch AND r.status = 'completed'
  ) x
  GROUP BY 1, 2, 3, 4, 5;
END $function$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_returns_daily_add_items(uuid,uuid,integer,numeric);
--> statement-breakpoint
-- functions/pos_returns_daily_add_items.sql
-- Adds a quantity and an amount of goods to a return's returns_daily row (nothing unless the return exists
-- and is completed).
CREATE OR REPLACE FUNCTION public.pos_returns_daily_add_items(p_company uuid, p_return uuid, qty numeric, goods numeric)
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
  items numeric;
  goods numeric;
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT (r.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = r.company_id AND b.id = r.branch_id;
  SELECT coalesce(sum(quantity), 0), coalesce(sum(round(quantity * unit_price, 2)), 0) INTO items, goods
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
  PERFORM pos_returns_daily_add_items(OLD.company_id, OLD.return_id, -OLD.quantity, -(round(OLD.quantity * OLD.unit_price, 2)));
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_add_items(NEW.company_id, NEW.return_id, NEW.quantity, round(NEW.quantity * NEW.unit_price, 2));
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
         sum(round(n.quantity * n.unit_price, 2))
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
DROP FUNCTION IF EXISTS pos_sales_daily_add_items(uuid,uuid,integer);
--> statement-breakpoint
-- functions/pos_sales_daily_add_items.sql
-- Adds a quantity to the items sold of a sale's sales_daily row (nothing unless the sale exists and is
-- completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_add_items(p_company uuid, p_sale uuid, qty numeric)
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
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  WHERE s.id = ANY (p_sales)
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_sales_daily_products_add_line(uuid,uuid,uuid,text,integer,integer,numeric);
--> statement-breakpoint
-- functions/pos_sales_daily_products_add_line.sql
-- Adds one sale line's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the sale is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_line(p_company uuid, p_sale uuid, p_product uuid, p_name text, p_lines integer, p_quantity numeric, p_goods numeric)
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
DROP FUNCTION IF EXISTS pos_sales_daily_products_add_return_item(uuid,uuid,uuid,text,integer,integer,numeric);
--> statement-breakpoint
-- functions/pos_sales_daily_products_add_return_item.sql
-- Adds one return item's share (the sign is in the arguments) to its product's sales_daily_products row
-- (nothing unless the return is completed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_add_return_item(p_company uuid, p_return uuid, p_product uuid, p_name text, p_lines integer, p_quantity numeric, p_goods numeric)
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
         sign * count(*), sign * sum(i.quantity), sign * sum(round(i.quantity * i.unit_price, 2))
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
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  JOIN sale_items i ON i.company_id = s.company_id AND i.sale_id = s.id
  WHERE s.id = ANY (p_sales) AND s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
$function$;
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
                                                   -1, -OLD.quantity, -(round(OLD.quantity * OLD.unit_price, 2)));
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_return_item(NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name,
                                                     1, NEW.quantity, round(NEW.quantity * NEW.unit_price, 2));
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
         count(*), sum(n.quantity), sum(round(n.quantity * n.unit_price, 2))
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
-- functions/pos_sales_monthly_products_of.sql
-- What some sales add to sales_monthly_products: their sales_daily_products rows summed by calendar month
-- (for a reader; the roll-up's daily rows reach the monthly table through its triggers).
CREATE OR REPLACE FUNCTION public.pos_sales_monthly_products_of(p_sales uuid[])
 RETURNS SETOF sales_monthly_products
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.company_id, d.branch_id, date_trunc('month', d.day::timestamp)::date, d.product_id, d.product_name,
         sum(d.sale_lines)::integer, sum(d.quantity), sum(d.goods), 0, 0, 0::numeric
  FROM pos_sales_daily_products_of(p_sales) d
  GROUP BY 1, 2, 3, 4, 5
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_daily_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER returns_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, quantity, unit_price ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_return_item_change ON public.return_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, product_id, product_name, quantity, unit_price
  ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_item_change ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, quantity ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_item_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_daily_products_item_change ON public.sale_items;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, product_id, product_name, quantity, subtotal
  ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_item_change();
