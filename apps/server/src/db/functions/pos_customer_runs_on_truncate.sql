-- Trigger (customers, after truncate): no customers, no runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM customer_name_marks;
  RETURN NULL;
END $function$;
