-- The sync cursor (change_xid: pos_customers_stamp_changes), and the runs of the customers list
-- (customer_name_marks).

CREATE TRIGGER customers_change_xid
  BEFORE INSERT OR UPDATE ON public.customers
  FOR EACH ROW EXECUTE FUNCTION pos_customers_stamp_changes();

CREATE TRIGGER customers_runs_delete
  AFTER DELETE ON public.customers
  REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_delete();

CREATE TRIGGER customers_runs_insert
  AFTER INSERT ON public.customers
  REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_insert();

CREATE TRIGGER customers_runs_truncate
  AFTER TRUNCATE ON public.customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_truncate();

CREATE TRIGGER customers_runs_update
  AFTER UPDATE ON public.customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION pos_customer_runs_on_update();
