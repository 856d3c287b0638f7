-- A closed shift never changes; a new shift adopts its register's late sales.

CREATE TRIGGER shifts_adopt_late_sales
  AFTER INSERT ON public.shifts
  FOR EACH ROW EXECUTE FUNCTION pos_shifts_adopt_late_sales();

CREATE TRIGGER shifts_closed_guard
  BEFORE DELETE OR UPDATE ON public.shifts
  FOR EACH ROW EXECUTE FUNCTION pos_shift_closed_guard();
