-- The sync's stamps (change_xid for the catalogue, stock_xid for the stock), and the live events (rows of
-- live_events) of every product change.

CREATE TRIGGER products_change_xid
  BEFORE INSERT OR UPDATE ON public.products
  FOR EACH ROW EXECUTE FUNCTION pos_products_stamp_changes();

CREATE TRIGGER products_events_insert
  AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_events_insert();

CREATE TRIGGER products_events_update
  AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION pos_products_events_update();

CREATE TRIGGER products_list_variant
  BEFORE INSERT ON public.products
  FOR EACH ROW WHEN (NEW.variant_id IS NULL) EXECUTE FUNCTION pos_products_list_variant();

CREATE TRIGGER products_edit_variant
  AFTER UPDATE OF name, sku, category_id, description ON public.products
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL
    AND (OLD.name, OLD.sku, OLD.category_id, OLD.description) IS DISTINCT FROM (NEW.name, NEW.sku, NEW.category_id, NEW.description))
  EXECUTE FUNCTION pos_products_edit_variant();

CREATE TRIGGER products_attach_category
  AFTER INSERT OR UPDATE OF category_id ON public.products
  FOR EACH ROW WHEN (NEW.category_id IS NOT NULL AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION pos_products_attach_category();
