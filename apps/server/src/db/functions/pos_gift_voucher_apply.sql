-- Trigger (gift_voucher_entries, after insert, per row): moves the voucher's kept balance by the entry's
-- amount and stamps it with the transaction (change_xid, the registers' sync cursor), locking the voucher's
-- row: two sales spending one voucher queue there, and the second sees what the first left. An online redeem is refused past the balance (hint pos_voucher:short) or after the expiry day in
-- the selling branch's calendar (hint pos_voucher:expired); one recorded offline is kept (the sale is flagged).
CREATE OR REPLACE FUNCTION public.pos_gift_voucher_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE left_over numeric;
DECLARE expires date;
DECLARE zone text;
BEGIN
  UPDATE gift_vouchers v SET balance = v.balance + NEW.amount, change_xid = pg_current_xact_id()::text::bigint
   WHERE v.company_id = NEW.company_id AND v.id = NEW.voucher_id
  RETURNING v.balance, v.expires_on,
            (SELECT b.timezone FROM branches b WHERE b.company_id = v.company_id AND b.id = v.branch_id)
       INTO left_over, expires, zone;
  IF NEW.kind = 'redeem' AND NOT NEW.offline THEN
    IF expires IS NOT NULL AND (now() AT TIME ZONE coalesce(zone, 'UTC'))::date > expires THEN
      RAISE EXCEPTION 'gift voucher expired on %', expires USING ERRCODE = 'P0001', HINT = 'pos_voucher:expired';
    END IF;
    IF left_over < 0 THEN
      RAISE EXCEPTION 'gift voucher short by %', -left_over USING ERRCODE = 'P0001', HINT = 'pos_voucher:short';
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
