-- Trigger (customers, after update, per statement): moves a customer between runs only when its name or
-- branch changed (a sale's ON CONFLICT ... DO UPDATE on the phone changes neither).
CREATE OR REPLACE FUNCTION public.pos_customer_runs_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pos_count_customer_runs(array_agg(x.company_id), array_agg(x.branch_id), array_agg(x.name), array_agg(x.id),
                                  array_agg(x.delta))
  FROM (
    SELECT o.company_id, o.branch_id, o.name, o.id, -1 AS delta
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
    UNION ALL
    SELECT n.company_id, n.branch_id, n.name, n.id, 1
    FROM old_customers o JOIN new_customers n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (n.name, n.branch_id) IS DISTINCT FROM (o.name, o.branch_id)
  ) x;
  RETURN NULL;
END $function$;
