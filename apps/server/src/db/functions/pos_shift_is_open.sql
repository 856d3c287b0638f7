-- Whether a shift is open, holding its row FOR SHARE until the caller's transaction ends.
CREATE OR REPLACE FUNCTION public.pos_shift_is_open(p_company uuid, p_shift uuid)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM shifts WHERE company_id = p_company AND id = p_shift AND status = 'open' FOR SHARE;
  RETURN FOUND;
END
$function$;
