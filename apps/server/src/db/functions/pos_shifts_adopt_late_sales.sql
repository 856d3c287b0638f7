-- Trigger (shifts, after insert): the register's late sales (uploaded after their shift closed, no open
-- shift then) join the new shift, whose drawer counts them. Takes the register row FOR NO KEY UPDATE, as a
-- late sale takes it FOR SHARE, so each sees the other.
CREATE OR REPLACE FUNCTION public.pos_shifts_adopt_late_sales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM registers WHERE company_id = NEW.company_id AND id = NEW.register_id FOR NO KEY UPDATE;
  UPDATE sales SET shift_id = NEW.id
   WHERE company_id = NEW.company_id AND shift_id IS NULL
     AND late_shift_id IN (SELECT id FROM shifts WHERE company_id = NEW.company_id AND register_id = NEW.register_id);
  RETURN NULL;
END
$function$;
