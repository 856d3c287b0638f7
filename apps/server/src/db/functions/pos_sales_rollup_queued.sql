-- Whether a sale waits in the roll-up queue, so the kept totals do not hold it yet: the change triggers of
-- sales and sale_items leave the totals alone for such a sale (the roll-up reads it as it is then). Asked
-- while the caller holds the sale's row (an update or delete of the sale, or of its lines with it), which a
-- roll-up never waits for (pos_sales_rollup): either the roll-up took the sale first and has committed by
-- the time this reads the queue, or the sale stays queued until the change has committed.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_queued(p_company uuid, p_sale uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM sales_rollup_queue q WHERE q.company_id = p_company AND q.sale_id = p_sale)
$function$;
