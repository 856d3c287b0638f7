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
