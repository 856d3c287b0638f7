CREATE TABLE "sales_daily_products" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"sale_lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"goods" numeric(18, 2) DEFAULT '0' NOT NULL,
	"return_lines" integer DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"returned_goods" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_daily_products_pk" PRIMARY KEY("company_id","branch_id","day","product_id","product_name")
);
--> statement-breakpoint
CREATE TABLE "sales_hourly" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"cashier_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_hourly_pk" PRIMARY KEY("company_id","branch_id","day","hour","cashier_id","payment_method")
);
--> statement-breakpoint
-- Issue 17 (docs/ARCHITECTURE.md, 'Reports'): the goods, margin and hour-of-day reports at 1,000,000 sales
-- read kept totals instead of every sale line, with the definitions they had (lib/sales-figures-reports.repo.ts):
-- * sales_daily_products: per branch, local day, product and the name it was sold under, the completed
--   sales' lines (count, quantity, subtotal) by the sale's sold_at day and the completed returns' items
--   (count, quantity, quantity x unit price) by the return's created_at day;
-- * sales_hourly: per branch, local day and hour of sold_at, cashier and payment method, the completed
--   sales (count, total).
-- Kept like sales_daily (0003, 0018): inserts summed per statement from the transition table, grouped and
-- upserted in key order (concurrent writers lock rows in one order: no deadlocks); updates and deletes of
-- the rows they come from per row (remove the old row's share, add the new one's). Updates that touch
-- none of the columns a total reads do nothing (a return raising sale_items.returned_quantity).
CREATE FUNCTION pos_sales_hourly_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_hourly_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_hourly_on_insert();
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_products_on_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_items_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_items_insert();
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_products_on_return_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_items_insert AFTER INSERT ON return_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_return_items_insert();
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one completed sale's share: its hour row, and its lines per product.
CREATE FUNCTION pos_report_totals_apply_sale(s sales, sign integer, lines boolean) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_report_totals_on_sale_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER report_totals_sale_change
  AFTER UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, total, sold_at OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION pos_report_totals_on_sale_change();
--> statement-breakpoint
-- Adds one sale line's share (sign in the arguments) to its product's row (nothing unless the sale is completed).
CREATE FUNCTION pos_sales_daily_products_add_line(p_company uuid, p_sale uuid, p_product uuid, p_name text,
  p_lines integer, p_quantity integer, p_goods numeric) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_products_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_item_change
  AFTER UPDATE OF company_id, sale_id, product_id, product_name, quantity, subtotal OR DELETE ON sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_item_change();
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one completed return's items, per product.
CREATE FUNCTION pos_sales_daily_products_apply_return(r returns, sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_products_on_return_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_change
  AFTER UPDATE OF company_id, id, branch_id, status, created_at OR DELETE ON returns
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_change();
--> statement-breakpoint
-- Adds one return item's share (sign in the arguments) to its product's row (nothing unless the return is completed).
CREATE FUNCTION pos_sales_daily_products_add_return_item(p_company uuid, p_return uuid, p_product uuid, p_name text,
  p_lines integer, p_quantity integer, p_goods numeric) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_daily_products_on_return_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_products_return_item_change
  AFTER UPDATE OF company_id, return_id, product_id, product_name, quantity, unit_price OR DELETE ON return_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_item_change();
--> statement-breakpoint
-- Recomputes one branch's report totals from its rows (after a change of the branch's time zone; the
-- migration's backfill). Locked after sales_daily and returns_daily, in the order sales and returns reach them.
CREATE FUNCTION pos_rebuild_report_totals(p_company uuid, p_branch uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- 0018's rebuild, and then the report totals.
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
  PERFORM pos_rebuild_report_totals(p_company, p_branch);
END $$;
--> statement-breakpoint
SELECT pos_rebuild_report_totals(company_id, id) FROM branches;
