-- Trigger (products, before insert or update): stamps the row with its transaction id, the cursor of the
-- catalogue sync. change_xid (indexed: products_branch_change_idx) moves when a catalogue column changes
-- (an insert, a price, a name, a soft delete); stock_xid (not indexed) when the stock does. A sale changes
-- only the stock, so its update writes no index: a HOT update (bench/README.md, 'The sale write'). The
-- delta sync reads the rows newer by either stamp. An update that changes nothing stamps neither.
CREATE OR REPLACE FUNCTION public.pos_products_stamp_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  was products := OLD;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.change_xid := pg_current_xact_id()::text::bigint;
    RETURN NEW;
  END IF;
  IF NEW.stock_quantity IS DISTINCT FROM OLD.stock_quantity THEN
    NEW.stock_xid := pg_current_xact_id()::text::bigint;
  END IF;
  -- The row as it was, but for the columns a stock change moves (and search_key and price_overridden,
  -- generated, not computed yet in a BEFORE trigger): any other difference is a catalogue change.
  was.stock_quantity := NEW.stock_quantity;
  was.stock_xid := NEW.stock_xid;
  was.change_xid := NEW.change_xid;
  was.updated_at := NEW.updated_at;
  was.search_key := NEW.search_key;
  was.price_overridden := NEW.price_overridden;
  IF was IS DISTINCT FROM NEW THEN
    NEW.change_xid := pg_current_xact_id()::text::bigint;
  END IF;
  RETURN NEW;
END $function$;
