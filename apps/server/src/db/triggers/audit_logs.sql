-- The audit log is append-only (no update, delete or truncate), and every insert is counted into
-- audit_logs_daily.

CREATE TRIGGER audit_logs_daily_insert
  AFTER INSERT ON public.audit_logs
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_insert();

CREATE TRIGGER audit_logs_no_truncate
  BEFORE TRUNCATE ON public.audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_logs_append_only();

CREATE TRIGGER audit_logs_no_update_delete
  BEFORE DELETE OR UPDATE ON public.audit_logs
  FOR EACH ROW EXECUTE FUNCTION pos_audit_logs_append_only();
