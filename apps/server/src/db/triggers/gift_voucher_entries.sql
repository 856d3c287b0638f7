-- The gift voucher ledger: each entry moves the voucher's kept balance (pos_gift_voucher_apply); entries are
-- never changed or removed (pos_append_only).

CREATE TRIGGER gift_voucher_entries_apply
  AFTER INSERT ON public.gift_voucher_entries
  FOR EACH ROW EXECUTE FUNCTION pos_gift_voucher_apply();

CREATE TRIGGER gift_voucher_entries_append_only
  BEFORE UPDATE OR DELETE ON public.gift_voucher_entries
  FOR EACH ROW EXECUTE FUNCTION pos_append_only();

CREATE TRIGGER gift_voucher_entries_no_truncate
  BEFORE TRUNCATE ON public.gift_voucher_entries
  FOR EACH STATEMENT EXECUTE FUNCTION pos_append_only();
