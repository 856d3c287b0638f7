-- Trigger (sale_items, after update or delete of its sale or quantity, per row): moves the line's quantity
-- in sales_daily's items sold (nothing for a line of a sale still queued for the roll-up).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF pos_sales_rollup_queued(OLD.company_id, OLD.sale_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_add_items(OLD.company_id, OLD.sale_id, -OLD.quantity);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_add_items(NEW.company_id, NEW.sale_id, NEW.quantity);
  END IF;
  RETURN NULL;
END $function$;
