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
-- functions/pos_sales_shift.sql
-- Trigger (sales, before insert): the shift a sale belongs to, decided inside its insert while holding the
-- shift row FOR SHARE, so a close and a sale cannot pass each other.
-- - A named shift must be of the sale's company and branch (hint pos_shift:unknown) and open (hint
--   pos_shift:closed), except for an offline sale: uploaded after its shift closed, it keeps that shift in
--   late_shift_id and joins the register's shift open now, else the next one opened there
--   (pos_shifts_adopt_late_sales). The register row is held FOR SHARE so that opening cannot pass it.
-- - No shift named: the register's open shift, or without a register the cashier's own in the branch (an
--   online sale that takes cash and finds none is refused by the sale statement: it knows the tenders).
CREATE OR REPLACE FUNCTION public.pos_sales_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE shift_status text;
DECLARE shift_register uuid;
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    SELECT status, register_id INTO shift_status, shift_register FROM shifts
     WHERE company_id = NEW.company_id AND branch_id = NEW.branch_id AND id = NEW.shift_id
     FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift not found' USING ERRCODE = 'P0001', HINT = 'pos_shift:unknown';
    END IF;
    IF shift_status <> 'open' THEN
      IF NOT NEW.offline THEN
        RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
      END IF;
      NEW.late_shift_id := NEW.shift_id;
      PERFORM 1 FROM registers WHERE company_id = NEW.company_id AND id = shift_register FOR SHARE;
      NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, shift_register, NULL);
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.cashier_id);
  RETURN NEW;
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
