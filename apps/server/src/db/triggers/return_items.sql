-- Keep the summary tables returns_daily and sales_daily_products.

CREATE TRIGGER returns_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, quantity, goods ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_returns_daily_on_item_change();

CREATE TRIGGER returns_daily_items_insert
  AFTER INSERT ON public.return_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_returns_daily_on_items_insert();

CREATE TRIGGER sales_daily_products_return_item_change
  AFTER DELETE OR UPDATE OF company_id, return_id, product_id, product_name, quantity, goods
  ON public.return_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_return_item_change();

CREATE TRIGGER sales_daily_products_return_items_insert
  AFTER INSERT ON public.return_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_return_items_insert();
