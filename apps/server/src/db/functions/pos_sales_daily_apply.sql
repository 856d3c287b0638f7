-- Adds (sign 1) or removes (sign -1) one sale's whole contribution to sales_daily, its items included, and to
-- sales_daily_tenders by its tender lines (the row's own method and total, or a split sale's sale_tenders):
-- sales_count counts every sale, the other columns completed sales only.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_apply(s sales, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  done boolean := s.status = 'completed';
  local_day date;
  items numeric := 0;
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
  INSERT INTO sales_daily_tenders AS d (company_id, branch_id, day, cashier_id, method, sales_count, transactions,
                                        amount)
  SELECT s.company_id, s.branch_id, local_day, s.cashier_id, t.method, sign,
         CASE WHEN done THEN sign ELSE 0 END, CASE WHEN done THEN sign * t.amount ELSE 0 END
  FROM (SELECT st.method, st.amount FROM sale_tenders st
        WHERE s.payment_method = 'mixed' AND st.company_id = s.company_id AND st.sale_id = s.id
        UNION ALL
        SELECT s.payment_method, s.total WHERE s.payment_method <> 'mixed' AND s.total > 0) t
  ORDER BY t.method
  ON CONFLICT (company_id, branch_id, day, cashier_id, method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    amount = d.amount + excluded.amount;
END $function$;
