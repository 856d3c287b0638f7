ALTER TABLE "sales" ADD COLUMN "late_shift_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_late_shift_id_shifts_company_id_id_fk" FOREIGN KEY ("company_id","late_shift_id") REFERENCES "public"."shifts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_late_shift_idx" ON "sales" USING btree ("company_id","late_shift_id");--> statement-breakpoint
-- A closed shift's Z figures never change (DESIGN.md section 11: closed is closed; later facts are new
-- records that point at it). An offline sale uploaded after the shift it names had closed is a late
-- sale: it keeps the closed shift in late_shift_id (its page shows "after close: N sales") and joins
-- the register's next shift in shift_id, whose drawer counts it: the shift open at upload time, else
-- the next one opened at that register (the shifts_adopt_late_sales trigger below). Both sides take
-- the register row (the sale FOR SHARE, the opening FOR NO KEY UPDATE), so a late sale uploaded while
-- the next shift opens is either seen open by the sale or adopted by the opening, never neither.
-- Otherwise as migration 0022.
CREATE OR REPLACE FUNCTION pos_sales_shift() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW.shift_id IS NULL AND NEW.payment_method = 'cash' AND NOT NEW.offline THEN
    RAISE EXCEPTION 'no open shift' USING ERRCODE = 'P0001', HINT = 'pos_shift:required';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pos_shifts_adopt_late_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM registers WHERE company_id = NEW.company_id AND id = NEW.register_id FOR NO KEY UPDATE;
  UPDATE sales SET shift_id = NEW.id
   WHERE company_id = NEW.company_id AND shift_id IS NULL
     AND late_shift_id IN (SELECT id FROM shifts WHERE company_id = NEW.company_id AND register_id = NEW.register_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shifts_adopt_late_sales AFTER INSERT ON shifts FOR EACH ROW EXECUTE FUNCTION pos_shifts_adopt_late_sales();
