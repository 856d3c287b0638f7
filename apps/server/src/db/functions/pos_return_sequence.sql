-- The branch's return number sequence (return_seq_<branch id without dashes>, made by
-- pos_create_return_sequence), like pos_receipt_sequence.
CREATE OR REPLACE FUNCTION public.pos_return_sequence(branch uuid)
 RETURNS regclass
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ('return_seq_' || replace(branch::text, '-', ''))::regclass
$function$;
