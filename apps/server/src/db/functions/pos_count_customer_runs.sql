-- Counts customers into (delta 1) or out of (delta -1) the runs of customer_name_marks their (name, id)
-- falls in, one array element per customer, then re-cuts a run that passed 2 x 1000. One writer per branch
-- at a time (a transaction-scoped advisory lock, taken in order): a run re-cut by a concurrent transaction
-- would otherwise take a count that belongs to the run cut off it.
CREATE OR REPLACE FUNCTION public.pos_count_customer_runs(p_company uuid[], p_branch uuid[], p_name text[], p_id uuid[], p_delta integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  run record;
BEGIN
  IF coalesce(cardinality(p_company), 0) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || b.company_id || ' ' || b.branch_id, 0))
  FROM (SELECT DISTINCT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
        ORDER BY 1, 2) b;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  SELECT DISTINCT u.company_id, u.branch_id, '', '00000000-0000-0000-0000-000000000000'::uuid
  FROM unnest(p_company, p_branch) AS u(company_id, branch_id)
  ON CONFLICT DO NOTHING;
  UPDATE customer_name_marks m SET customers = m.customers + t.n
  FROM (
    SELECT u.company_id, u.branch_id, k.name, k.id, sum(u.delta)::int AS n
    FROM unnest(p_company, p_branch, p_name, p_id, p_delta) AS u(company_id, branch_id, name, id, delta)
    CROSS JOIN LATERAL (
      SELECT m2.name, m2.id FROM customer_name_marks m2
      WHERE m2.company_id = u.company_id AND m2.branch_id = u.branch_id AND (m2.name, m2.id) <= (u.name, u.id)
      ORDER BY m2.name DESC, m2.id DESC LIMIT 1
    ) k
    GROUP BY 1, 2, 3, 4
  ) t
  WHERE m.company_id = t.company_id AND m.branch_id = t.branch_id AND m.name = t.name AND m.id = t.id;
  FOR run IN
    SELECT m.company_id, m.branch_id, m.name, m.id FROM customer_name_marks m
    WHERE (m.company_id, m.branch_id) IN (SELECT u.company_id, u.branch_id FROM unnest(p_company, p_branch) AS u(company_id, branch_id))
      AND m.customers > 2000
  LOOP
    PERFORM pos_cut_customer_run(run.company_id, run.branch_id, run.name, run.id);
  END LOOP;
END $function$;
