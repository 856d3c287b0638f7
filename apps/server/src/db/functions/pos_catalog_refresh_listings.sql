-- The one writer of what a listing (a products row) copies from the catalogue: its variant's name, SKU and
-- barcodes, its item's category, description, unit and tax class (with the class's rate, and whether it is
-- inside the price: a retail-price class). Not the chain price: a listing that follows it stores none
-- (listingPrice reads it from the variant). The copies keep the branch's search indexes and the catalogue
-- sync on one table. Called after any change of the given items or their variants; touches only the live
-- listings that differ, and answers how many it changed.
CREATE OR REPLACE FUNCTION public.pos_catalog_refresh_listings(p_company uuid, p_items uuid[])
 RETURNS integer
 LANGUAGE sql
AS $function$
  WITH catalogue AS (
    SELECT va.id, va.name, va.sku, it.category_id, it.description, it.unit, it.tax_class_id,
           tc.rate AS tax_rate, coalesce(tc.tax_included, false) AS tax_included,
           array(SELECT b.code FROM barcodes b
                  WHERE b.company_id = va.company_id AND b.variant_id = va.id ORDER BY b.code) AS barcodes
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
      LEFT JOIN tax_classes tc ON tc.company_id = it.company_id AND tc.id = it.tax_class_id
     WHERE va.company_id = p_company AND va.item_id = ANY (p_items)
  ),
  changed AS (
    UPDATE products p
       SET name = c.name, sku = c.sku, category_id = c.category_id, description = c.description,
           barcodes = c.barcodes, unit = c.unit, tax_class_id = c.tax_class_id, tax_rate = c.tax_rate,
           tax_included = c.tax_included, updated_at = now()
      FROM catalogue c
     WHERE p.company_id = p_company AND p.variant_id = c.id AND p.deleted_at IS NULL
       AND (p.name, p.sku, p.category_id, p.description, p.barcodes, p.unit, p.tax_class_id, p.tax_rate, p.tax_included)
           IS DISTINCT FROM (c.name, c.sku, c.category_id, c.description, c.barcodes, c.unit, c.tax_class_id, c.tax_rate,
                             c.tax_included)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$function$;
