-- Trigger (branches, after insert): creates the branch's receipt number sequence (pos_receipt_sequence).
-- SECURITY DEFINER with a pinned search_path: the app role may not create objects, the owner of this
-- function does.
CREATE OR REPLACE FUNCTION public.pos_create_receipt_sequence()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'receipt_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$function$;
