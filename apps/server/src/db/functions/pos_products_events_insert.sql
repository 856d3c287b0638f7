-- Trigger (products, after insert, per statement): one live event per branch into live_events (the
-- outbox lib/events.ts reads): products [id], or resync above 100 products.
CREATE OR REPLACE FUNCTION public.pos_products_events_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO live_events (company_id, branch_id, products, resync)
  SELECT n.company_id, n.branch_id, CASE WHEN count(*) <= 100 THEN json_agg(n.id) END, count(*) > 100
  FROM new_products n
  GROUP BY n.company_id, n.branch_id;
  RETURN NULL;
END $function$;
