-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
DROP FUNCTION IF EXISTS pos_sale_check(boolean,text);
--> statement-breakpoint
-- functions/pos_sale_check.sql
-- The sale is written by one statement (features/transactions/transactions.repo.ts, COMMIT_SALE): products
-- updated only where price and stock still allow it, then the sale, its lines and its movements. A failed
-- check makes that statement fail, and so roll back whole, with the refusal its caller names as the hint
-- (REFUSALS.saleStock or REFUSALS.saleExists, db/refusals.ts); the server then finds out what happened
-- and answers.
CREATE OR REPLACE FUNCTION public.pos_sale_check(ok boolean, refusal text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'sale not written: %', refusal USING ERRCODE = 'P0001', HINT = refusal;
  END IF;
  RETURN true;
END
$function$;
