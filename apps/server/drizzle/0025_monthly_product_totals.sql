CREATE TABLE "sales_monthly_products" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"sale_lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"goods" numeric(18, 2) DEFAULT '0' NOT NULL,
	"return_lines" integer DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"returned_goods" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_monthly_products_pk" PRIMARY KEY("company_id","branch_id","month","product_id","product_name")
);
--> statement-breakpoint
-- Issue 17 (docs/ARCHITECTURE.md, 'Reports'): sales_daily_products (0024) summed by calendar month, so a
-- report over a year reads the months it spans whole here (a row per product and month) and only the
-- days at its ends from the daily rows. Kept by statement triggers on sales_daily_products itself: every
-- writer of the daily rows (the triggers of 0024, pos_rebuild_report_totals) moves its months by the same
-- amounts, grouped and upserted in key order after the daily rows (one lock order: no deadlocks).
-- An INSERT ... ON CONFLICT DO UPDATE of the daily rows fires the insert trigger (rows inserted) and the
-- update trigger (rows updated: old and new). Each branch below reads only its trigger's transition tables.
CREATE FUNCTION pos_sales_monthly_products_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_insert AFTER INSERT ON sales_daily_products
  REFERENCING NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_update AFTER UPDATE ON sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
CREATE TRIGGER sales_monthly_products_delete AFTER DELETE ON sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
--> statement-breakpoint
-- Backfill from the daily rows.
INSERT INTO sales_monthly_products (company_id, branch_id, month, product_id, product_name, sale_lines, quantity, goods,
                                    return_lines, returned_quantity, returned_goods)
SELECT company_id, branch_id, date_trunc('month', day::timestamp)::date, product_id, product_name, sum(sale_lines),
       sum(quantity), sum(goods), sum(return_lines), sum(returned_quantity), sum(returned_goods)
FROM sales_daily_products
GROUP BY 1, 2, 3, 4, 5;
