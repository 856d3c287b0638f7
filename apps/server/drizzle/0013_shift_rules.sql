-- Shifts (docs/ARCHITECTURE.md, "Shifts and the cash drawer"). Every sale and refund made while a shift
-- is open belongs to it; these triggers decide which shift inside the writing statement itself, holding
-- the shift row FOR SHARE, so a close (which updates the row) and a sale cannot pass each other: a sale
-- that commits belongs to a shift still open at that moment, and the close's figures include it.
--   * shift given (a register's own shift id): it must be open, unless the sale was made offline
--     (an uploaded fact is accepted into the shift it was made in);
--   * else the register's open shift, or without a register the open shift of the sale's cashier in
--     the branch (the latest opened);
--   * a cash sale (or cash refund) made online with no open shift is refused (migration 0014, once the
--     register and the tests open shifts).
-- The errors carry a hint the server turns into a 409 with a clear message (lib/shifts.ts).
CREATE FUNCTION pos_shift_of(p_company uuid, p_branch uuid, p_register uuid, p_cashier uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE found_id uuid;
BEGIN
  IF p_register IS NOT NULL THEN
    SELECT id INTO found_id FROM shifts
     WHERE company_id = p_company AND register_id = p_register AND status = 'open'
     FOR SHARE;
  ELSE
    SELECT id INTO found_id FROM shifts
     WHERE company_id = p_company AND branch_id = p_branch AND cashier_id = p_cashier AND status = 'open'
     ORDER BY opened_at DESC LIMIT 1
     FOR SHARE;
  END IF;
  RETURN found_id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pos_shift_is_open(p_company uuid, p_shift uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM shifts WHERE company_id = p_company AND id = p_shift AND status = 'open' FOR SHARE;
  RETURN FOUND;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pos_sales_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    IF NOT NEW.offline AND NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
      RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.cashier_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_shift BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION pos_sales_shift();
--> statement-breakpoint
CREATE FUNCTION pos_returns_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
      RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
    END IF;
    RETURN NEW;
  END IF;
  NEW.shift_id := pos_shift_of(NEW.company_id, NEW.branch_id, NEW.register_id, NEW.processed_by);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER returns_shift BEFORE INSERT ON returns FOR EACH ROW EXECUTE FUNCTION pos_returns_shift();
--> statement-breakpoint
-- A closed shift is immutable: no update of a closed row, and no cash movement into a closed shift.
CREATE FUNCTION pos_shift_closed_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shifts_closed_guard BEFORE UPDATE OR DELETE ON shifts FOR EACH ROW EXECUTE FUNCTION pos_shift_closed_guard();
--> statement-breakpoint
CREATE FUNCTION pos_cash_movements_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cash_movements_shift BEFORE INSERT ON cash_movements FOR EACH ROW EXECUTE FUNCTION pos_cash_movements_shift();
