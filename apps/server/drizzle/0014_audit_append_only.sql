-- The audit log is append-only (issue 15, DESIGN.md section 10): no route updates or deletes its rows,
-- and the database refuses it too, whoever asks (the app's own role included): UPDATE and DELETE of a
-- row and TRUNCATE of the table raise insufficient_privilege (42501). Works on PGlite and PostgreSQL.
CREATE FUNCTION pos_audit_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION pos_audit_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_logs_append_only();
