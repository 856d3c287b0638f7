-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_customers_stamp_changes.sql
-- Trigger (customers, before insert or update): stamps the row with its transaction id, the cursor of the
-- customer sync. A sync reads rows at or above its cursor; the next cursor is the oldest transaction
-- still running when it began (pg_snapshot_xmin). An update that changes nothing (a sale's find-or-create
-- by phone of a known customer) stamps nothing, so it writes no index (a HOT update).
CREATE OR REPLACE FUNCTION public.pos_customers_stamp_changes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  was customers := OLD;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- search_key is generated, not computed yet in a BEFORE trigger; it follows name, phone and email.
    was.change_xid := NEW.change_xid;
    was.search_key := NEW.search_key;
    IF was IS NOT DISTINCT FROM NEW THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.change_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_change_xid ON public.customers;
--> statement-breakpoint
CREATE TRIGGER customers_change_xid
  BEFORE INSERT OR UPDATE ON public.customers
  FOR EACH ROW EXECUTE FUNCTION pos_customers_stamp_changes();
--> statement-breakpoint
DROP FUNCTION IF EXISTS pos_products_change_xid();
