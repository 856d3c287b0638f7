-- A sale that names its shift (a register's own shift id, online or uploaded offline) must name a shift
-- of the sale's own company and branch: before this, an offline upload was taken into any shift id it
-- named, another branch's (or another company's) included, and its cash counted in that drawer's close.
-- A shift outside the branch is refused as unknown (hint pos_shift:unknown -> 404 'Shift not found').
-- Online, the named shift must also be open (as before); offline, an uploaded fact keeps the shift it
-- was made in, closed or not.
CREATE OR REPLACE FUNCTION pos_sales_shift() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE shift_status text;
BEGIN
  IF NEW.shift_id IS NOT NULL THEN
    SELECT status INTO shift_status FROM shifts
     WHERE company_id = NEW.company_id AND branch_id = NEW.branch_id AND id = NEW.shift_id
     FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift not found' USING ERRCODE = 'P0001', HINT = 'pos_shift:unknown';
    END IF;
    IF NOT NEW.offline AND shift_status <> 'open' THEN
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
