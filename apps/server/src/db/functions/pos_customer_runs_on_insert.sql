-- Trigger (customers, after insert, per statement): counts the new customers into their runs.
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(n.company_id), array_agg(n.branch_id), array_agg(n.name), array_agg(n.id),
                                  array_agg(1))
  FROM new_customers n;
  RETURN NULL;
END $function$;
