-- The one writer of what a listing (a products row) copies from the catalogue: its variant's name and SKU,
-- its item's category and description, and, unless the branch overrides it, the variant's chain price.
-- The copies keep the branch's search indexes and the catalogue sync on one table. Called after any
-- change of the given items or their variants; touches only the live listings that differ, and answers
-- how many it changed (a chain price change reports it).
CREATE OR REPLACE FUNCTION public.pos_catalog_refresh_listings(p_company uuid, p_items uuid[])
 RETURNS integer
 LANGUAGE sql
AS $function$
  WITH changed AS (
    UPDATE products p
       SET name = va.name, sku = va.sku, category_id = it.category_id, description = it.description,
           price = CASE WHEN p.price_overridden THEN p.price ELSE va.price END, updated_at = now()
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
     WHERE va.company_id = p_company AND va.item_id = ANY (p_items)
       AND p.company_id = p_company AND p.variant_id = va.id AND p.deleted_at IS NULL
       AND (p.name, p.sku, p.category_id, p.description, p.price)
           IS DISTINCT FROM (va.name, va.sku, it.category_id, it.description,
                             CASE WHEN p.price_overridden THEN p.price ELSE va.price END)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$function$;
