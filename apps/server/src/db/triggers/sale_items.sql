-- Keep the summary tables sales_daily (items sold) and sales_daily_products.

CREATE TRIGGER sales_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, quantity ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_item_change();

CREATE TRIGGER sales_daily_items_insert
  AFTER INSERT ON public.sale_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_on_items_insert();

CREATE TRIGGER sales_daily_products_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, product_id, product_name, quantity, subtotal
  ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_item_change();

CREATE TRIGGER sales_daily_products_items_insert
  AFTER INSERT ON public.sale_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_daily_products_on_items_insert();
