-- The ids of a company's sales still in the roll-up queue: what a reader adds to the kept totals, in its own
-- snapshot (a sale is either queued or rolled up there, never both and never neither).
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_pending(p_company uuid)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(array_agg(q.sale_id), '{}') FROM sales_rollup_queue q WHERE q.company_id = p_company
$function$;
