-- Re-cuts one branch's customer runs from its customers.
CREATE OR REPLACE FUNCTION public.pos_rebuild_customer_runs(p_company uuid, p_branch uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_name_marks ' || p_company || ' ' || p_branch, 0));
  DELETE FROM customer_name_marks WHERE company_id = p_company AND branch_id = p_branch;
  INSERT INTO customer_name_marks (company_id, branch_id, name, id)
  VALUES (p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
  PERFORM pos_cut_customer_run(p_company, p_branch, '', '00000000-0000-0000-0000-000000000000'::uuid);
END $function$;
