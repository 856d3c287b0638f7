-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_append_only.sql
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
--> statement-breakpoint
-- functions/pos_customer_credit_apply.sql
-- Trigger (customer_credit_entries, after insert, per row): moves the customer's kept balance
-- (customers.credit_balance) by the entry's amount, locking the customer's row: two spends of one balance
-- queue there, and the second sees what the first left. A balance taken below 0 is refused (hint
-- pos_credit:short), unless the entry was recorded offline (the spend has happened; the sale is flagged).
CREATE OR REPLACE FUNCTION public.pos_customer_credit_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE balance numeric;
BEGIN
  UPDATE customers SET credit_balance = credit_balance + NEW.amount
   WHERE company_id = NEW.company_id AND id = NEW.customer_id
  RETURNING credit_balance INTO balance;
  IF balance < 0 AND NOT NEW.offline THEN
    RAISE EXCEPTION 'store credit short by %', -balance USING ERRCODE = 'P0001', HINT = 'pos_credit:short';
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_credit_entries_apply ON public.customer_credit_entries;
--> statement-breakpoint
CREATE TRIGGER customer_credit_entries_apply
  AFTER INSERT ON public.customer_credit_entries
  FOR EACH ROW EXECUTE FUNCTION pos_customer_credit_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_credit_entries_append_only ON public.customer_credit_entries;
--> statement-breakpoint
CREATE TRIGGER customer_credit_entries_append_only
  BEFORE UPDATE OR DELETE ON public.customer_credit_entries
  FOR EACH ROW EXECUTE FUNCTION pos_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS customer_credit_entries_no_truncate ON public.customer_credit_entries;
--> statement-breakpoint
CREATE TRIGGER customer_credit_entries_no_truncate
  BEFORE TRUNCATE ON public.customer_credit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_append_only();
