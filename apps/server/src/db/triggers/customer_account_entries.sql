-- The customer account ledger: each entry moves what the customer owes (pos_customer_account_apply); entries
-- are never changed or removed (pos_append_only).

CREATE TRIGGER customer_account_entries_apply
  AFTER INSERT ON public.customer_account_entries
  FOR EACH ROW EXECUTE FUNCTION pos_customer_account_apply();

CREATE TRIGGER customer_account_entries_append_only
  BEFORE UPDATE OR DELETE ON public.customer_account_entries
  FOR EACH ROW EXECUTE FUNCTION pos_append_only();

CREATE TRIGGER customer_account_entries_no_truncate
  BEFORE TRUNCATE ON public.customer_account_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_append_only();
