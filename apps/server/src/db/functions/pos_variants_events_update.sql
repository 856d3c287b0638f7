-- Trigger (variants, after update, per statement): a chain price change reaches the registers of every
-- branch that lists a changed variant without an override, as pos_products_events_update tells them of a
-- branch price: one live event per branch, products [id] of its listings, or resync above 100 of them.
CREATE OR REPLACE FUNCTION public.pos_variants_events_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO live_events (company_id, branch_id, products, resync)
  SELECT p.company_id, p.branch_id, CASE WHEN count(*) <= 100 THEN json_agg(p.id) END, count(*) > 100
  FROM new_variants n
  JOIN old_variants o ON o.company_id = n.company_id AND o.id = n.id
  JOIN products p ON p.company_id = n.company_id AND p.variant_id = n.id
  WHERE n.price IS DISTINCT FROM o.price AND p.price IS NULL AND p.deleted_at IS NULL
  GROUP BY p.company_id, p.branch_id;
  RETURN NULL;
END $function$;
