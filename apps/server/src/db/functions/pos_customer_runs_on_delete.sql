-- Trigger (customers, after delete, per statement): counts the deleted customers out of their runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(o.company_id), array_agg(o.branch_id), array_agg(o.name), array_agg(o.id),
                                  array_agg(-1))
  FROM old_customers o;
  RETURN NULL;
END $function$;
