-- Issue 14 (docs/ARCHITECTURE.md, 'Registers and offline sales').
-- 1. The day of a sale is its sold_at (when the customer paid, by the register's clock), not its
--    created_at (when the server recorded it): the daily-totals functions of 0003 read sold_at, and a
--    change of sold_at moves the sale's contribution. Existing rows have sold_at = created_at (0011).
CREATE OR REPLACE FUNCTION pos_sales_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pos_sales_daily_on_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pos_sales_daily_apply(s sales, sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pos_sales_daily_add_items(p_company uuid, p_sale uuid, qty integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS d (company_id, branch_id, day, cashier_id, payment_method, items_sold)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method, qty
  FROM sales s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.company_id = p_company AND s.id = p_sale AND s.status = 'completed'
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    items_sold = d.items_sold + excluded.items_sold;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pos_rebuild_daily_totals(p_company uuid, p_branch uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
DROP TRIGGER sales_daily_change ON sales;
--> statement-breakpoint
CREATE TRIGGER sales_daily_change
  AFTER UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, subtotal, tax_amount, discount_amount,
    total, sold_at OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_change();
--> statement-breakpoint
-- 2. The catalogue sync's cursor: every insert and update of a product (stock, price, edit, soft
--    delete) stamps it with its transaction id. A sync reads rows whose change_xid is at or above its
--    cursor, and the next cursor is the oldest transaction still running when the sync began
--    (pg_snapshot_xmin): every write below it had finished, so nothing committed later can hide under it.
CREATE FUNCTION pos_products_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_change_xid BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION pos_products_change_xid();
--> statement-breakpoint
-- 3. Live events: one NOTIFY on channel pos_events per statement and branch, in the writing
--    transaction (delivered at its commit, to every server process listening): {c, b, s: [[id, stock]],
--    p: [id]} for stock changes and product changes (new, price, name, SKU, category, brand, deleted);
--    {c, b, resync: true} when a statement changed more than 100 products of a branch (a NOTIFY payload
--    is at most 8000 bytes), and the registers re-sync their catalogue.
CREATE FUNCTION pos_products_notify_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER products_notify_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_notify_update();
--> statement-breakpoint
CREATE FUNCTION pos_products_notify_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER products_notify_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_notify_insert();
