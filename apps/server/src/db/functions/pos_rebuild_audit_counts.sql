-- Recomputes one company's audit_logs_daily from its log (after its time zone changed).
CREATE OR REPLACE FUNCTION public.pos_rebuild_audit_counts(p_company uuid)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE audit_logs_daily IN EXCLUSIVE MODE;
  DELETE FROM audit_logs_daily WHERE company_id = p_company;
  INSERT INTO audit_logs_daily (company_id, branch_id, day, branch_day, action, user_id, entries)
  SELECT a.company_id, coalesce(a.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
         (a.created_at AT TIME ZONE c.timezone)::date,
         (a.created_at AT TIME ZONE coalesce(b.timezone, c.timezone))::date,
         a.action, coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM audit_logs a
  CROSS JOIN (SELECT pos_company_timezone(p_company) AS timezone) c
  LEFT JOIN branches b ON b.company_id = a.company_id AND b.id = a.branch_id
  WHERE a.company_id = p_company
  GROUP BY 1, 2, 3, 4, 5, 6;
END $function$;
