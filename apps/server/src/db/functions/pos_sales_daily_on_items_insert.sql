-- Trigger (sale_items, after insert, per statement): the lines of completed sales, their quantities summed
-- into sales_daily's items sold.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
