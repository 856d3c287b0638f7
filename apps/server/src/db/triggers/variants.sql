-- The chain price's sync stamp (price_xid), and the live events a chain price change sends to the branches
-- whose listings follow it.

CREATE TRIGGER variants_price_xid
  BEFORE UPDATE OF price ON public.variants
  FOR EACH ROW EXECUTE FUNCTION pos_variants_stamp_price();

CREATE TRIGGER variants_events_update
  AFTER UPDATE ON public.variants
  REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION pos_variants_events_update();
