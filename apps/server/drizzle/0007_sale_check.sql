-- The sale is written by one statement (transactions.repo.ts, commitSale): products updated only where
-- price and stock still allow it, then the sale, its lines and its movements. This check makes that
-- statement fail, and so roll back whole, when a product could not be sold or the sale's id or key is
-- already taken; the server then finds out which and answers 409 or the stored sale.
CREATE FUNCTION pos_sale_check(ok boolean, reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'sale not written: %', reason USING ERRCODE = 'P0001', HINT = 'pos_sale_check:' || reason;
  END IF;
  RETURN true;
END
$$;
