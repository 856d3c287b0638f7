-- Trigger (sales, after update or delete of the columns a total reads, per row): removes the old row's
-- share of sales_daily and adds the new one's; nothing for a sale still queued for the roll-up.
CREATE OR REPLACE FUNCTION public.pos_sales_daily_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF pos_sales_rollup_queued(OLD.company_id, OLD.id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_sales_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_sales_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
