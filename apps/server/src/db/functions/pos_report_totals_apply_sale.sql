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
