CREATE TABLE "audit_logs_daily" (
	"company_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"branch_day" date NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_logs_daily_company_id_branch_id_day_branch_day_action_user_id_pk" PRIMARY KEY("company_id","branch_id","day","branch_day","action","user_id")
);
--> statement-breakpoint
-- Audit counts (issue 17, docs/ARCHITECTURE.md 'Deep pages'): how many audit entries each company has per
-- local day, branch, action and user, kept by a statement-level trigger with a transition table on insert
-- (the log is append-only: migration 0014 refuses update, delete and truncate, so the counts cannot drift).
-- Each entry is counted on its local day in the company's time zone (`day`, the company-wide list's days)
-- and in its branch's (`branch_day`, a branch's list's days). The audit log reads its total and the day a
-- page starts in from here instead of counting 1,000,000 rows.
--
-- The company's time zone: its main branch's, else its oldest branch's, else UTC. The server's
-- findCompanyTimezone asks this function, so the list's days and the counted days are one definition.
CREATE FUNCTION pos_company_timezone(p_company uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT b.timezone FROM branches b WHERE b.company_id = p_company ORDER BY b.is_main DESC, b.created_at LIMIT 1),
    'UTC')
$$;
--> statement-breakpoint
CREATE FUNCTION pos_audit_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_daily_insert AFTER INSERT ON audit_logs REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_insert();
--> statement-breakpoint
-- Recomputes one company's audit counts from its log.
CREATE FUNCTION pos_rebuild_audit_counts(p_company uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- Branches are only ever added (no route changes a branch's time zone or main flag). A company's first
-- branch, or a first main branch in another zone, changes the company's time zone: its entries' company
-- days are then counted again.
CREATE FUNCTION pos_audit_daily_on_branch_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER branches_audit_daily_insert AFTER INSERT ON branches REFERENCING NEW TABLE AS new_branches
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_branch_insert();
--> statement-breakpoint
-- The log so far, counted by the same function.
SELECT pos_rebuild_audit_counts(c.id) FROM companies c;
