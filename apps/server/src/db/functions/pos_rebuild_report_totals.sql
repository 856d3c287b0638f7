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
