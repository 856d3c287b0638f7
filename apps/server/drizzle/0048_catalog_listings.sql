-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_catalog_refresh_listings.sql
-- The one writer of what a listing (a products row) copies from the catalogue: its variant's name, SKU and
-- barcodes, its item's category and description, and, unless the branch overrides it, the variant's chain
-- price. The copies keep the branch's search indexes and the catalogue sync on one table. Called after any
-- change of the given items or their variants; touches only the live listings that differ, and answers
-- how many it changed (a chain price change reports it).
CREATE OR REPLACE FUNCTION public.pos_catalog_refresh_listings(p_company uuid, p_items uuid[])
 RETURNS integer
 LANGUAGE sql
AS $function$
  WITH catalogue AS (
    SELECT va.id, va.name, va.sku, va.price, it.category_id, it.description,
           array(SELECT b.code FROM barcodes b
                  WHERE b.company_id = va.company_id AND b.variant_id = va.id ORDER BY b.code) AS barcodes
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
     WHERE va.company_id = p_company AND va.item_id = ANY (p_items)
  ),
  changed AS (
    UPDATE products p
       SET name = c.name, sku = c.sku, category_id = c.category_id, description = c.description,
           barcodes = c.barcodes, price = CASE WHEN p.price_overridden THEN p.price ELSE c.price END,
           updated_at = now()
      FROM catalogue c
     WHERE p.company_id = p_company AND p.variant_id = c.id AND p.deleted_at IS NULL
       AND (p.name, p.sku, p.category_id, p.description, p.barcodes, p.price)
           IS DISTINCT FROM (c.name, c.sku, c.category_id, c.description, c.barcodes,
                             CASE WHEN p.price_overridden THEN p.price ELSE c.price END)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$function$;
--> statement-breakpoint
-- functions/pos_products_attach_category.sql
-- Trigger (products, after a live row gets a category: an insert, or an update of category_id): the
-- category is shown in the row's branch (category_branches). A listing's category is its item's, which
-- may have been chosen in another branch (pos_products_edit_variant, PATCH /items/{id}).
CREATE OR REPLACE FUNCTION public.pos_products_attach_category()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO category_branches (company_id, category_id, branch_id)
    VALUES (NEW.company_id, NEW.category_id, NEW.branch_id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_products_edit_variant.sql
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
--> statement-breakpoint
-- functions/pos_products_list_variant.sql
-- Trigger (products, before insert, when the row names no variant): makes the new branch product a listing
-- of the company's catalogue. The SKU of one of the company's live variants lists that variant (its name,
-- SKU, barcodes, category and description replace the row's; the row's price is a branch override when it differs
-- from the chain price); if the branch lists it already, the products unique indexes refuse the row.
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
    SELECT va.id, va.price, va.name, va.sku, it.category_id, it.description INTO hit
      FROM variants va
      JOIN items it ON it.company_id = va.company_id AND it.id = va.item_id
     WHERE va.company_id = NEW.company_id AND va.sku IS NOT NULL AND lower(va.sku) = lower(NEW.sku)
       AND va.deleted_at IS NULL;
    IF FOUND THEN
      found_variant := hit.id;
      chain_price := hit.price;
      NEW.name := hit.name;
      NEW.sku := hit.sku;
      NEW.category_id := hit.category_id;
      NEW.description := hit.description;
      NEW.barcodes := array(SELECT b.code FROM barcodes b
                             WHERE b.company_id = NEW.company_id AND b.variant_id = hit.id ORDER BY b.code);
    END IF;
  END IF;
  IF found_variant IS NULL THEN
    INSERT INTO items (company_id, name, description, category_id)
      VALUES (NEW.company_id, NEW.name, NEW.description, NEW.category_id)
      RETURNING id INTO new_item;
    INSERT INTO variants (company_id, item_id, name, sku, cost, price)
      VALUES (NEW.company_id, new_item, NEW.name, NEW.sku, NEW.cost, NEW.price)
      RETURNING id, price INTO found_variant, chain_price;
  END IF;
  NEW.variant_id := found_variant;
  NEW.price_overridden := NEW.price <> chain_price;
  RETURN NEW;
END $function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_list_variant ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_list_variant
  BEFORE INSERT ON public.products
  FOR EACH ROW WHEN (NEW.variant_id IS NULL) EXECUTE FUNCTION pos_products_list_variant();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_edit_variant ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_edit_variant
  AFTER UPDATE OF name, sku, category_id, description ON public.products
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL
    AND (OLD.name, OLD.sku, OLD.category_id, OLD.description) IS DISTINCT FROM (NEW.name, NEW.sku, NEW.category_id, NEW.description))
  EXECUTE FUNCTION pos_products_edit_variant();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_attach_category ON public.products;
--> statement-breakpoint
CREATE TRIGGER products_attach_category
  AFTER INSERT OR UPDATE OF category_id ON public.products
  FOR EACH ROW WHEN (NEW.category_id IS NOT NULL AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION pos_products_attach_category();
