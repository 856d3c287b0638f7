-- The sale's shift (before insert); keep the summary tables sales_daily, sales_hourly and
-- sales_daily_products (and through it sales_monthly_products).

CREATE TRIGGER report_totals_sale_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_report_totals_on_sale_change();

CREATE TRIGGER sales_daily_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, subtotal, tax_amount,
      discount_amount, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_change();

CREATE TRIGGER sales_daily_insert
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_insert();

CREATE TRIGGER sales_hourly_insert
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_hourly_on_insert();

CREATE TRIGGER sales_shift
  BEFORE INSERT ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_shift();
