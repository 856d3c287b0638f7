-- Trigger (sales, after insert, per statement): the new sales summed into sales_daily per branch, local
-- day of sold_at, cashier and payment method, upserted in key order (concurrent writers lock the rows in one
-- order: no deadlocks).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
