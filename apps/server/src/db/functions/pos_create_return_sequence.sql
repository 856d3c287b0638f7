-- Trigger (branches, after insert): creates the branch's return number sequence (pos_return_sequence).
-- SECURITY DEFINER with a pinned search_path, like pos_create_receipt_sequence.
CREATE OR REPLACE FUNCTION public.pos_create_return_sequence()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', 'return_seq_' || replace(NEW.id::text, '-', ''));
  RETURN NEW;
END
$function$;
