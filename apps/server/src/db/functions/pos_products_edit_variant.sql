-- Trigger (products, after an update of a live listing's name, SKU, category or description): an edit made
-- through a branch's view of the catalogue (PATCH /products/{id}, an import) is an edit of the variant
-- (name, SKU) and its item (category, description; the name too when the item has no options), which every
-- other listing of the item then shows. A variant with options renamed this way keeps its own name until
-- the item is renamed (which names its variants after the item and their option values again).
-- The listings it refreshes fire this trigger again with nothing left to change.
CREATE OR REPLACE FUNCTION public.pos_products_edit_variant()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  item uuid;
BEGIN
  UPDATE variants
     SET name = NEW.name, sku = NEW.sku, updated_at = now()
   WHERE company_id = NEW.company_id AND id = NEW.variant_id
     AND (name, sku) IS DISTINCT FROM (NEW.name, NEW.sku)
  RETURNING item_id INTO item;
  IF item IS NULL THEN
    SELECT item_id INTO item FROM variants WHERE company_id = NEW.company_id AND id = NEW.variant_id;
  END IF;
  -- An item without options has one variant: its name is the item's.
  UPDATE items
     SET category_id = NEW.category_id, description = NEW.description,
         name = CASE WHEN cardinality(option_names) = 0 THEN NEW.name ELSE name END, updated_at = now()
   WHERE company_id = NEW.company_id AND id = item
     AND (category_id, description, name)
         IS DISTINCT FROM (NEW.category_id, NEW.description, CASE WHEN cardinality(option_names) = 0 THEN NEW.name ELSE name END);
  PERFORM pos_catalog_refresh_listings(NEW.company_id, ARRAY[item]);
  RETURN NULL;
END $function$;
