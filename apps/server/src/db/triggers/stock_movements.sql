-- Keep the summary table stock_movements_daily.

CREATE TRIGGER stock_movements_daily_delete
  AFTER DELETE ON public.stock_movements
  REFERENCING OLD TABLE AS old_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_delete();

CREATE TRIGGER stock_movements_daily_insert
  AFTER INSERT ON public.stock_movements
  REFERENCING NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_insert();

CREATE TRIGGER stock_movements_daily_update
  AFTER UPDATE ON public.stock_movements
  REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements
  FOR EACH STATEMENT EXECUTE FUNCTION pos_movements_daily_on_update();
