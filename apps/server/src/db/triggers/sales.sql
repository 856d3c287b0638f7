-- The sale's shift (before insert); new sales queued for the roll-up into the kept totals (sales_daily,
-- sales_hourly, sales_daily_products and through it sales_monthly_products); a change to a rolled-up sale
-- moves its share of them at once; a branch's sales queued for its tax authority (fiscal_documents).

CREATE TRIGGER report_totals_sale_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_report_totals_on_sale_change();

CREATE TRIGGER sales_daily_change
  AFTER DELETE OR UPDATE OF company_id, id, branch_id, cashier_id, payment_method, status, subtotal, tax_amount,
      discount_amount, total, sold_at
  ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_daily_on_change();

CREATE TRIGGER sales_fiscal_enqueue
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_fiscal_enqueue_sales();

CREATE TRIGGER sales_rollup_enqueue
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_sales_rollup_enqueue();

CREATE TRIGGER sales_shift
  BEFORE INSERT ON public.sales
  FOR EACH ROW EXECUTE FUNCTION pos_sales_shift();
