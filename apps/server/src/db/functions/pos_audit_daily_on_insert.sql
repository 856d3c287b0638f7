-- Trigger (audit_logs, after insert, per statement): counts the new entries into audit_logs_daily per
-- company day, branch day, branch, action and user (the nil uuid for none), upserted in key order. The log is
-- append-only (pos_audit_logs_append_only), so the counts cannot drift.
CREATE OR REPLACE FUNCTION public.pos_audit_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO audit_logs_daily AS d (company_id, branch_id, day, branch_day, action, user_id, entries)
  SELECT n.company_id, coalesce(n.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
         (n.created_at AT TIME ZONE c.timezone)::date,
         (n.created_at AT TIME ZONE coalesce(b.timezone, c.timezone))::date,
         n.action, coalesce(n.user_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM new_entries n
  CROSS JOIN LATERAL (SELECT pos_company_timezone(n.company_id) AS timezone) c
  LEFT JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, branch_id, day, branch_day, action, user_id) DO UPDATE SET
    entries = d.entries + excluded.entries;
  RETURN NULL;
END $function$;
