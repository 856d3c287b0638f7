-- Recomputes one branch's sales_hourly and sales_daily_products from its rows (sales_monthly_products
-- follows through the triggers on sales_daily_products); sales still queued for the roll-up stay out.
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
    AND NOT pos_sales_rollup_queued(s.company_id, s.id)
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
      AND NOT pos_sales_rollup_queued(s.company_id, s.id)
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
