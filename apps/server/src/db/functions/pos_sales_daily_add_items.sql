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
