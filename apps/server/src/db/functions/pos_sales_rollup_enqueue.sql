-- Trigger (sales, after insert, per statement): queues the new sales for the roll-up into the kept totals
-- (pos_sales_rollup). The sale's own transaction writes nothing else of the totals.
CREATE OR REPLACE FUNCTION public.pos_sales_rollup_enqueue()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO sales_rollup_queue (company_id, sale_id) SELECT n.company_id, n.id FROM new_sales n;
  RETURN NULL;
END $function$;
