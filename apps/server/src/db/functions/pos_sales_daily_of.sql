-- What some sales add to sales_daily, as its rows: per branch, local day of sold_at, cashier and payment
-- method; sales_count counts every sale, the other columns completed sales only. The roll-up adds these rows
-- to the table; a reader adds those of the queued sales to what the table holds.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_of(p_sales uuid[])
 RETURNS SETOF sales_daily
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, s.payment_method,
         count(*)::integer,
         (count(*) FILTER (WHERE s.status = 'completed'))::integer,
         coalesce(sum(s.total) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.subtotal) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.tax_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(s.discount_amount) FILTER (WHERE s.status = 'completed'), 0),
         coalesce(sum(i.quantity) FILTER (WHERE s.status = 'completed'), 0)
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  LEFT JOIN LATERAL (
    SELECT sum(si.quantity) AS quantity FROM sale_items si WHERE si.company_id = s.company_id AND si.sale_id = s.id
  ) i ON true
  GROUP BY 1, 2, 3, 4, 5
$function$;
