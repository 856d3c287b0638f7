-- The branch's receipt number sequence (receipt_seq_<branch id without dashes>, made by
-- pos_create_receipt_sequence): nextval() holds no lock until commit, so a branch's concurrent sales do not
-- queue behind each other's commit; a sale that fails after taking its number leaves a gap.
CREATE OR REPLACE FUNCTION public.pos_receipt_sequence(branch uuid)
 RETURNS regclass
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ('receipt_seq_' || replace(branch::text, '-', ''))::regclass
$function$;
