-- The sales of some ids, each looked up by its key (OFFSET 0 keeps the lookup per sale: as a join, a batch of
-- 1,000 was planned as a scan of every sale of the table), each once: the source of the totals' derivations
-- (pos_sales_*_of).
CREATE OR REPLACE FUNCTION public.pos_sales_by_key(p_sales uuid[])
 RETURNS SETOF sales
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.* FROM (SELECT DISTINCT u.id FROM unnest(p_sales) AS u(id)) p
  CROSS JOIN LATERAL (SELECT * FROM sales s WHERE s.id = p.id OFFSET 0) s
$function$;
