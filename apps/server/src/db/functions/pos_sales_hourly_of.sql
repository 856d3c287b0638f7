-- What some sales add to sales_hourly, as its rows: completed sales per branch, local day and hour of
-- sold_at, cashier and payment method (the roll-up adds them; a reader adds those of the queued sales).
CREATE OR REPLACE FUNCTION public.pos_sales_hourly_of(p_sales uuid[])
 RETURNS SETOF sales_hourly
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date,
         extract(hour FROM s.sold_at AT TIME ZONE b.timezone)::smallint, s.cashier_id, s.payment_method,
         count(*)::integer, sum(s.total)
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  WHERE s.status = 'completed'
  GROUP BY 1, 2, 3, 4, 5, 6
$function$;
