-- What some sales add to sales_daily_products, as its rows: the lines of completed sales per branch, local
-- day of sold_at, product and the name it was sold under (returns are added by their own triggers).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_of(p_sales uuid[])
 RETURNS SETOF sales_daily_products
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, i.product_id, i.product_name,
         count(*)::integer, sum(i.quantity), sum(i.subtotal), 0, 0, 0::numeric
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  -- Its lines by the sale's key too (OFFSET 0: as a join, every line of the table was hashed).
  CROSS JOIN LATERAL (
    SELECT i.product_id, i.product_name, i.quantity, i.subtotal FROM sale_items i
    WHERE i.company_id = s.company_id AND i.sale_id = s.id OFFSET 0
  ) i
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5
$function$;
