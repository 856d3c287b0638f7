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
