-- Trigger (returns, after update or delete of the columns a total reads, per row): removes the old row's
-- share of returns_daily and adds the new one's.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_returns_daily_apply(OLD, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_returns_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $function$;
