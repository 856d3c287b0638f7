-- Trigger (return_items, after update or delete, per row): moves the item's share of sales_daily_products
-- (nothing when none of the columns it reads changed).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name, OLD.quantity, OLD.goods)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name, NEW.quantity, NEW.goods)
  THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_add_return_item(OLD.company_id, OLD.return_id, OLD.product_id, OLD.product_name,
                                                   -1, -OLD.quantity, -OLD.goods);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_return_item(NEW.company_id, NEW.return_id, NEW.product_id, NEW.product_name,
                                                     1, NEW.quantity, NEW.goods);
  END IF;
  RETURN NULL;
END $function$;
