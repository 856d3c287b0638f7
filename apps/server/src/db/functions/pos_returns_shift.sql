-- Trigger (returns, before insert): the shift a return belongs to. A named shift must be open (hint
-- pos_shift:closed); else the register's open shift, or without a register the processing user's own in the
-- branch; a cash refund with no open shift is refused (hint pos_shift:required).
CREATE OR REPLACE FUNCTION public.pos_returns_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
