-- A company's time zone: its main branch's, else its oldest branch's, else UTC. The audit counts' company
-- days and the server's findCompanyTimezone both ask it, so the list's days and the counted days agree.
CREATE OR REPLACE FUNCTION public.pos_company_timezone(p_company uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(
    (SELECT b.timezone FROM branches b WHERE b.company_id = p_company ORDER BY b.is_main DESC, b.created_at LIMIT 1),
    'UTC')
$function$;
