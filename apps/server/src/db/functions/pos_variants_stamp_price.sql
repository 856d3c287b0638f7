-- Trigger (variants, before update of price): stamps the variant with its transaction id when its chain
-- price changes (price_xid). Listings that follow the chain price store none, so the catalogue sync sends
-- such a listing again when its variant's price_xid is past the register's cursor (sync.repo.ts).
CREATE OR REPLACE FUNCTION public.pos_variants_stamp_price()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.price IS DISTINCT FROM OLD.price THEN
    NEW.price_xid := pg_current_xact_id()::text::bigint;
  END IF;
  RETURN NEW;
END $function$;
