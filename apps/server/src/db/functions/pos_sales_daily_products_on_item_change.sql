-- Trigger (sale_items, after update or delete, per row): moves the line's share of sales_daily_products
-- (nothing when none of the columns it reads changed, e.g. a return raising returned_quantity, or when the
-- line's sale is still queued for the roll-up).
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_item_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.sale_id, OLD.product_id, OLD.product_name, OLD.quantity, OLD.subtotal)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.sale_id, NEW.product_id, NEW.product_name, NEW.quantity, NEW.subtotal)
  THEN
    RETURN NULL;
  END IF;
  IF pos_sales_rollup_queued(OLD.company_id, OLD.sale_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_add_line(OLD.company_id, OLD.sale_id, OLD.product_id, OLD.product_name, -1,
                                            -OLD.quantity, -OLD.subtotal);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_add_line(NEW.company_id, NEW.sale_id, NEW.product_id, NEW.product_name, 1,
                                              NEW.quantity, NEW.subtotal);
  END IF;
  RETURN NULL;
END $function$;
