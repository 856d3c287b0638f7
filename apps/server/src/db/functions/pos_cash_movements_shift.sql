-- Trigger (cash_movements, before insert): a cash movement goes only into an open shift (hint
-- pos_shift:closed), holding the shift row FOR SHARE so a close cannot pass it.
CREATE OR REPLACE FUNCTION public.pos_cash_movements_shift()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT pos_shift_is_open(NEW.company_id, NEW.shift_id) THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  RETURN NEW;
END
$function$;
