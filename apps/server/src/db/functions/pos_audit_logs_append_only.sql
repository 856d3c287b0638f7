-- Trigger (audit_logs, before update, delete and truncate): the audit log is append-only. Refuses any change
-- with insufficient_privilege (42501), whoever asks; the app role cannot drop the trigger (db/app-role.ts).
CREATE OR REPLACE FUNCTION public.pos_audit_logs_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;
