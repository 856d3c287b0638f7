-- The return's shift (before insert); keep the summary tables returns_daily and sales_daily_products; a
-- branch's returns queued for its tax authority (fiscal_documents).

CREATE TRIGGER returns_daily_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, status, refund_amount, created_at ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_change();

CREATE TRIGGER returns_daily_insert
  AFTER INSERT ON public.returns
  REFERENCING NEW TABLE AS new_returns
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_insert();

CREATE TRIGGER returns_fiscal_enqueue
  AFTER INSERT ON public.returns
  REFERENCING NEW TABLE AS new_returns
  FOR EACH STATEMENT EXECUTE FUNCTION pos_fiscal_enqueue_returns();

CREATE TRIGGER returns_shift
  BEFORE INSERT ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_returns_shift();

CREATE TRIGGER sales_daily_products_return_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, status, created_at ON public.returns
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_change();
