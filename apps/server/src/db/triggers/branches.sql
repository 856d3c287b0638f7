-- A new branch gets its receipt and return number sequences, and may change its company's time zone
-- (the audit counts are then counted again).

CREATE TRIGGER branches_audit_daily_insert
  AFTER INSERT ON public.branches
  REFERENCING NEW TABLE AS new_branches
  FOR EACH STATEMENT EXECUTE FUNCTION pos_audit_daily_on_branch_insert();

CREATE TRIGGER branches_receipt_sequence
  AFTER INSERT ON public.branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_receipt_sequence();

CREATE TRIGGER branches_return_sequence
  AFTER INSERT ON public.branches
  FOR EACH ROW EXECUTE FUNCTION pos_create_return_sequence();
