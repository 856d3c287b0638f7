-- What some sales add to sales_monthly_products: their sales_daily_products rows summed by calendar month
-- (for a reader; the roll-up's daily rows reach the monthly table through its triggers).
CREATE OR REPLACE FUNCTION public.pos_sales_monthly_products_of(p_sales uuid[])
 RETURNS SETOF sales_monthly_products
 LANGUAGE sql
 STABLE
AS $function$
  SELECT d.company_id, d.branch_id, date_trunc('month', d.day::timestamp)::date, d.product_id, d.product_name,
         sum(d.sale_lines)::integer, sum(d.quantity), sum(d.goods), 0, 0, 0::numeric
  FROM pos_sales_daily_products_of(p_sales) d
  GROUP BY 1, 2, 3, 4, 5
$function$;
