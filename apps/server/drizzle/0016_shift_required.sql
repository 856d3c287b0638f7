-- Shifts (docs/ARCHITECTURE.md, "Shifts and the cash drawer"): a cash sale or cash refund made online
-- needs an open shift (the register's, or without a register the cashier's own in the branch). The
-- sale or refund is refused inside its insert (hint pos_shift:required -> 409 with a clear message).
-- Offline uploads are facts and are never refused for it.
CREATE OR REPLACE FUNCTION pos_sales_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    IF NOT NEW.offline AND NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
      RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
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
CREATE OR REPLACE FUNCTION pos_returns_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
      RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.processed_by);
  IF NEW.shift_id IS NULL AND NEW.refund_method = 'cash' THEN
    RAISE EXCEPTION 'no open shift' USING ERRCODE = 'P0001', HINT = 'pos_shift:required';
  END IF;
  RETURN NEW;
END
$$;
