-- Trigger (returns, after update or delete, per row): moves the return's items in sales_daily_products
-- when its day, branch or status changed.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_products_on_return_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, OLD.id, OLD.branch_id, OLD.status, OLD.created_at)
     IS NOT DISTINCT FROM (NEW.company_id, NEW.id, NEW.branch_id, NEW.status, NEW.created_at)
  THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_products_apply_return(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_products_apply_return(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
