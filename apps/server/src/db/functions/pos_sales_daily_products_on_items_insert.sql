-- Trigger (sale_items, after insert, per statement): the lines of completed sales summed into
-- sales_daily_products per branch, local day of sold_at, product and the name it was sold under, upserted in
-- key order.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_items_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_daily_products AS d (company_id, branch_id, day, product_id, product_name, sale_lines, quantity,
                                         goods)
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, n.product_id, n.product_name,
         count(*), sum(n.quantity), sum(n.subtotal)
  FROM new_items n
  JOIN sales s ON s.company_id = n.company_id AND s.id = n.sale_id
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, branch_id, day, product_id, product_name) DO UPDATE SET
    sale_lines = d.sale_lines + excluded.sale_lines,
    quantity = d.quantity + excluded.quantity,
    goods = d.goods + excluded.goods;
  RETURN NULL;
END $function$;
