-- Trigger (shifts, before update or delete): a closed shift never changes (hint pos_shift:closed).
CREATE OR REPLACE FUNCTION public.pos_shift_closed_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'shift closed' USING ERRCODE = 'P0001', HINT = 'pos_shift:closed';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$function$;
