-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_catalog_refresh_listings.sql
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
--> statement-breakpoint
-- functions/pos_products_list_variant.sql
-- Trigger (products, before insert, when the row names no variant): makes the new branch product a listing
-- of the company's catalogue. The SKU of one of the company's live variants lists that variant (its name,
-- SKU, barcodes, category, description, unit and tax class replace the row's; the row's price is a branch override when it differs
-- from the chain price, and is not stored when it is the chain price); if the branch lists it already, the products unique indexes refuse the row.
-- Anything else becomes a new item with one variant made from the row. Every path that adds products (the products API, imports, transfers, seeds) goes
-- through here, so every product row is a listing (docs/architecture/catalogue.md).
CREATE OR REPLACE FUNCTION public.pos_products_list_variant()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  hit record;
  found_variant uuid;
  chain_price numeric;
  new_item uuid;
BEGIN
  IF NEW.sku IS NOT NULL THEN
    SELECT va.id, va.price, va.name, va.sku, it.category_id, it.description, it.unit, it.tax_class_id,
           tc.rate AS tax_rate, coalesce(tc.tax_included, false) AS tax_included INTO hit
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
      LEFT JOIN tax_classes tc ON tc.company_id = it.company_id AND tc.id = it.tax_class_id
     WHERE va.company_id = NEW.company_id AND va.sku IS NOT NULL AND lower(va.sku) = lower(NEW.sku)
       AND va.deleted_at IS NULL;
    IF FOUND THEN
      found_variant := hit.id;
      chain_price := hit.price;
      NEW.name := hit.name;
      NEW.sku := hit.sku;
      NEW.category_id := hit.category_id;
      NEW.description := hit.description;
      NEW.unit := hit.unit;
      NEW.tax_class_id := hit.tax_class_id;
      NEW.tax_rate := hit.tax_rate;
      NEW.tax_included := hit.tax_included;
      NEW.barcodes := array(SELECT b.code FROM barcodes b
                             WHERE b.company_id = NEW.company_id AND b.variant_id = hit.id ORDER BY b.code);
    END IF;
  END IF;
  IF found_variant IS NULL THEN
    INSERT INTO items (company_id, name, description, category_id, unit)
      VALUES (NEW.company_id, NEW.name, NEW.description, NEW.category_id, NEW.unit)
      RETURNING id INTO new_item;
    INSERT INTO variants (company_id, item_id, name, sku, cost, price)
      VALUES (NEW.company_id, new_item, NEW.name, NEW.sku, NEW.cost, NEW.price)
      RETURNING id, price INTO found_variant, chain_price;
  END IF;
  NEW.variant_id := found_variant;
  IF NEW.price = chain_price THEN
    NEW.price := NULL;
  END IF;
  RETURN NEW;
END $function$;
