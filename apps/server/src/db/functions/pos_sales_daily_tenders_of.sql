-- What some sales add to sales_daily_tenders, as its rows: per branch, local day of sold_at, cashier and tender
-- method (sale_tender_lines: a split sale's lines, or the one method paying its total); sales_count counts every
-- sale a tender paid, the other columns completed sales only. The roll-up adds these rows to the table; a reader
-- adds those of the queued sales to what the table holds.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_tenders_of(p_sales uuid[])
 RETURNS SETOF sales_daily_tenders
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.company_id, s.branch_id, (s.sold_at AT TIME ZONE b.timezone)::date, s.cashier_id, t.method,
         count(*)::integer,
         (count(*) FILTER (WHERE s.status = 'completed'))::integer,
         coalesce(sum(t.amount) FILTER (WHERE s.status = 'completed'), 0)
  FROM pos_sales_by_key(p_sales) s
  JOIN branches b ON b.company_id = s.company_id AND b.id = s.branch_id
  -- Its tenders by the sale's key too (OFFSET 0: as a join, every sale of the table was hashed again).
  CROSS JOIN LATERAL (
    SELECT t.method, t.amount FROM sale_tender_lines t WHERE t.company_id = s.company_id AND t.sale_id = s.id OFFSET 0
  ) t
  GROUP BY 1, 2, 3, 4, 5
$function$;
