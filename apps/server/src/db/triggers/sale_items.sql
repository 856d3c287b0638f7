-- A change to a line of a rolled-up sale moves its share of sales_daily (items sold) and sales_daily_products
-- (new lines come with their sale, which the roll-up counts with them).

CREATE TRIGGER sales_daily_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, quantity ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_item_change();

CREATE TRIGGER sales_daily_products_item_change
  AFTER DELETE OR UPDATE OF company_id, sale_id, product_id, product_name, quantity, subtotal
  ON public.sale_items
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_products_on_item_change();
