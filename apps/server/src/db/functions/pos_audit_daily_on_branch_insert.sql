-- Trigger (branches, after insert, per statement): a new branch that changes its company's time zone
-- (the company's first branch, or a first main branch in another zone) has the company's audit entries
-- counted again (pos_rebuild_audit_counts). No route changes a branch's time zone or main flag.
CREATE OR REPLACE FUNCTION public.pos_audit_daily_on_branch_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  c uuid;
BEGIN
  FOR c IN SELECT DISTINCT company_id FROM new_branches LOOP
    IF pos_company_timezone(c) IS DISTINCT FROM coalesce(
      (SELECT b.timezone FROM branches b
       WHERE b.company_id = c AND b.id NOT IN (SELECT n.id FROM new_branches n)
       ORDER BY b.is_main DESC, b.created_at LIMIT 1),
      'UTC') THEN
      PERFORM pos_rebuild_audit_counts(c);
    END IF;
  END LOOP;
  RETURN NULL;
END $function$;
