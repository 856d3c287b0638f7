-- Trigger (customer_account_entries, after insert, per row): moves what the customer owes on account
-- (customers.account_balance) by the entry's amount, locking the customer's row: two sales on one account
-- queue there, and the second sees what the first left. An online sale taking the balance past the
-- customer's credit limit is refused (hint pos_account:over_limit) unless a manager approved it
-- (approved_by); one recorded offline is kept (the sale has happened; the sale is flagged).
CREATE OR REPLACE FUNCTION public.pos_customer_account_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE balance numeric;
DECLARE credit_limit numeric;
BEGIN
  UPDATE customers c SET account_balance = c.account_balance + NEW.amount
   WHERE c.company_id = NEW.company_id AND c.id = NEW.customer_id
  RETURNING c.account_balance, c.credit_limit INTO balance, credit_limit;
  IF NEW.kind = 'sale' AND balance > credit_limit AND NOT NEW.offline AND NEW.approved_by IS NULL THEN
    RAISE EXCEPTION 'account over its credit limit by %', balance - credit_limit
      USING ERRCODE = 'P0001', HINT = 'pos_account:over_limit';
  END IF;
  RETURN NULL;
END
$function$;
