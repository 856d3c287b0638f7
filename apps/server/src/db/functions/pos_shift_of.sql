-- The open shift a sale or return joins, held FOR SHARE: the register's, or without a register the
-- cashier's latest opened in the branch. Null when there is none.
CREATE OR REPLACE FUNCTION public.pos_shift_of(p_company uuid, p_branch uuid, p_register uuid, p_cashier uuid)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
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
$function$;
