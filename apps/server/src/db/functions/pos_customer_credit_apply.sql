-- Trigger (customer_credit_entries, after insert, per row): moves the customer's kept balance
-- (customers.credit_balance) by the entry's amount, locking the customer's row: two spends of one balance
-- queue there, and the second sees what the first left. A balance taken below 0 is refused (hint
-- pos_credit:short), unless the entry was recorded offline (the spend has happened; the sale is flagged).
CREATE OR REPLACE FUNCTION public.pos_customer_credit_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE balance numeric;
BEGIN
  UPDATE customers SET credit_balance = credit_balance + NEW.amount
   WHERE company_id = NEW.company_id AND id = NEW.customer_id
  RETURNING credit_balance INTO balance;
  IF balance < 0 AND NOT NEW.offline THEN
    RAISE EXCEPTION 'store credit short by %', -balance USING ERRCODE = 'P0001', HINT = 'pos_credit:short';
  END IF;
  RETURN NULL;
END
$function$;
