-- A cash movement goes only into an open shift.

CREATE TRIGGER cash_movements_shift
  BEFORE INSERT ON public.cash_movements
  FOR EACH ROW EXECUTE FUNCTION pos_cash_movements_shift();
