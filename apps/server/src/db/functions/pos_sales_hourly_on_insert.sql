-- Trigger (sales, after insert, per statement): the completed sales summed into sales_hourly per branch,
-- local day and hour of sold_at, cashier and payment method, upserted in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_hourly_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
