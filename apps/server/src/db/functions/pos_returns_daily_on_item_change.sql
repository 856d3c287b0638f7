-- Trigger (return_items, after update or delete, per row): moves the item's quantity and goods in
-- returns_daily.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_returns_daily_add_items(OLD.company_id, OLD.return_id, -OLD.quantity, -OLD.goods);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_add_items(NEW.company_id, NEW.return_id, NEW.quantity, NEW.goods);
  END IF;
  RETURN NULL;
END $function$;
