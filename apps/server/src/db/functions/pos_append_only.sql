-- Trigger (before update, delete and truncate) of a ledger that is append-only (customer_credit_entries):
-- refuses any change with insufficient_privilege (42501), whoever asks; a correction is a new entry.
CREATE OR REPLACE FUNCTION public.pos_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$function$;
