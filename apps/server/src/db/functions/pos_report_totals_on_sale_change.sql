-- Trigger (sales, after update or delete, per row): moves the sale's share of sales_hourly and
-- sales_daily_products; its lines' rows only when the sale's day, branch or status changed. Nothing for a
-- sale still queued for the roll-up.
CREATE OR REPLACE FUNCTION public.pos_report_totals_on_sale_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  lines boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.company_id, OLD.id, OLD.branch_id, OLD.cashier_id, OLD.payment_method, OLD.status, OLD.total, OLD.sold_at)
       IS NOT DISTINCT FROM
       (NEW.company_id, NEW.id, NEW.branch_id, NEW.cashier_id, NEW.payment_method, NEW.status, NEW.total, NEW.sold_at)
    THEN
      RETURN NULL;
    END IF;
    -- The lines' rows move only with the sale's day, branch or status (not its cashier, method or total).
    lines := (OLD.company_id, OLD.id, OLD.branch_id, OLD.status, OLD.sold_at)
             IS DISTINCT FROM (NEW.company_id, NEW.id, NEW.branch_id, NEW.status, NEW.sold_at);
  END IF;
  IF pos_sales_rollup_queued(OLD.company_id, OLD.id) THEN
    RETURN NULL;
  END IF;
  PERFORM pos_report_totals_apply_sale(OLD, -1, lines);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pos_report_totals_apply_sale(NEW, 1, lines);
  END IF;
  RETURN NULL;
END $function$;
