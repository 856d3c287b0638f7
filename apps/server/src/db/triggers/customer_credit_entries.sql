-- The store credit ledger: each entry moves the customer's kept balance (pos_customer_credit_apply); entries
-- are never changed or removed (pos_append_only).

CREATE TRIGGER customer_credit_entries_apply
  AFTER INSERT ON public.customer_credit_entries
  FOR EACH ROW EXECUTE FUNCTION pos_customer_credit_apply();

CREATE TRIGGER customer_credit_entries_append_only
  BEFORE UPDATE OR DELETE ON public.customer_credit_entries
  FOR EACH ROW EXECUTE FUNCTION pos_append_only();

CREATE TRIGGER customer_credit_entries_no_truncate
  BEFORE TRUNCATE ON public.customer_credit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_append_only();
