-- Rolls up to p_max queued sales into the kept totals and takes them off the queue, in the caller's
-- transaction; answers how many. Nothing here waits for another transaction: a queue row another roll-up
-- holds, or a sale a transaction is changing (its row locked), is left for the next run, so a roll-up never
-- deadlocks with a sale's change and a change never waits long for a roll-up. A queued sale that no longer
-- exists leaves the queue. The tables are written in the order the sales' change triggers write them
-- (sales_hourly, sales_daily_products and through its triggers sales_monthly_products, then sales_daily and
-- sales_daily_tenders), and
-- each in key order.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup(p_max integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  picked uuid[];
BEGIN
  -- Each queued sale is looked up by its key in a lateral subquery: one index probe per queued sale. A join of
  -- the queue with sales is planned for p_max rows (the server passes 1,000), and for that many the planner
  -- hashed every sale of the table, a scan of all sales at every run however few were queued.
  WITH q AS (
    SELECT company_id, sale_id FROM sales_rollup_queue
    ORDER BY company_id, sale_id
    LIMIT p_max
    FOR UPDATE SKIP LOCKED
  ), looked AS (
    SELECT q.company_id, q.sale_id, t.id AS taken, (t.id IS NOT NULL OR x.id IS NULL) AS leaves
    FROM q
    -- The sale, share-locked, unless a transaction is changing it (then it stays queued).
    LEFT JOIN LATERAL (
      SELECT s.id FROM sales s WHERE s.company_id = q.company_id AND s.id = q.sale_id
      FOR SHARE SKIP LOCKED
    ) t ON true
    -- Only for a sale not taken: whether it still exists (a queued sale that is gone leaves the queue).
    LEFT JOIN LATERAL (
      SELECT s.id FROM sales s WHERE t.id IS NULL AND s.company_id = q.company_id AND s.id = q.sale_id
      LIMIT 1
    ) x ON true
  ), done AS (
    DELETE FROM sales_rollup_queue d USING looked l
    WHERE d.company_id = l.company_id AND d.sale_id = l.sale_id AND l.leaves
  )
  SELECT array_agg(l.taken) FILTER (WHERE l.taken IS NOT NULL) INTO picked FROM looked l;
  IF picked IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO sales_hourly AS d
  SELECT * FROM pos_sales_hourly_of(picked) ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, branch_id, day, hour, cashier_id, payment_method) DO UPDATE SET
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue;
  INSERT INTO sales_daily_products AS d
  SELECT * FROM pos_sales_daily_products_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
  INSERT INTO sales_daily AS d
  SELECT * FROM pos_sales_daily_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, payment_method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    revenue = d.revenue + excluded.revenue,
    subtotal = d.subtotal + excluded.subtotal,
    tax = d.tax + excluded.tax,
    discounts = d.discounts + excluded.discounts,
    items_sold = d.items_sold + excluded.items_sold;
  INSERT INTO sales_daily_tenders AS d
  SELECT * FROM pos_sales_daily_tenders_of(picked) ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, cashier_id, method) DO UPDATE SET
    sales_count = d.sales_count + excluded.sales_count,
    transactions = d.transactions + excluded.transactions,
    amount = d.amount + excluded.amount;
  RETURN cardinality(picked);
END $function$;
