-- Trigger (sale_items, after update or delete of its sale or quantity, per row): moves the line's quantity
-- in sales_daily's items sold.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_sales_daily_add_items(OLD.company_id, OLD.sale_id, -OLD.quantity);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_add_items(NEW.company_id, NEW.sale_id, NEW.quantity);
  END IF;
  RETURN NULL;
END $function$;
