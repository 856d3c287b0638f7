-- Keep the summary table sales_monthly_products: the daily product rows summed by calendar month.

CREATE TRIGGER sales_monthly_products_delete
  AFTER DELETE ON public.sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();

CREATE TRIGGER sales_monthly_products_insert
  AFTER INSERT ON public.sales_daily_products
  REFERENCING NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();

CREATE TRIGGER sales_monthly_products_update
  AFTER UPDATE ON public.sales_daily_products
  REFERENCING OLD TABLE AS pos_monthly_old NEW TABLE AS pos_monthly_new
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_monthly_products_apply();
