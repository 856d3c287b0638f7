-- Written by `npm run db:definitions` from apps/server/src/db/functions and apps/server/src/db/triggers.
-- functions/pos_fiscal_enqueue_returns.sql
-- Trigger (returns, after insert, per statement): queues each completed return of a branch that reports to a
-- tax authority in the fiscal outbox (a debit note naming the original sale), USIN its return number, in the
-- return's own transaction.
CREATE OR REPLACE FUNCTION public.pos_fiscal_enqueue_returns()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fiscal_documents (company_id, branch_id, register_id, kind, document_id, usin)
  SELECT n.company_id, n.branch_id, n.register_id, 'return', n.id, n.return_number
  FROM new_returns n
  JOIN fiscal_settings f ON f.company_id = n.company_id AND f.branch_id = n.branch_id AND f.provider <> 'none'
  WHERE n.status = 'completed'
  ORDER BY n.created_at, n.return_number;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- functions/pos_fiscal_enqueue_sales.sql
-- Trigger (sales, after insert, per statement): queues each completed sale of a branch that reports to a tax
-- authority (fiscal_settings.provider other than 'none') in the fiscal outbox, USIN its receipt number, in the
-- sale's own transaction; a branch that does not report costs one empty look-up.
CREATE OR REPLACE FUNCTION public.pos_fiscal_enqueue_sales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fiscal_documents (company_id, branch_id, register_id, kind, document_id, usin)
  SELECT n.company_id, n.branch_id, n.register_id, 'sale', n.id, n.receipt_number
  FROM new_sales n
  JOIN fiscal_settings f ON f.company_id = n.company_id AND f.branch_id = n.branch_id AND f.provider <> 'none'
  WHERE n.status = 'completed'
  ORDER BY n.sold_at, n.receipt_number;
  RETURN NULL;
END $function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS returns_fiscal_enqueue ON public.returns;
--> statement-breakpoint
CREATE TRIGGER returns_fiscal_enqueue
  AFTER INSERT ON public.returns
  REFERENCING NEW TABLE AS new_returns
  FOR EACH STATEMENT EXECUTE FUNCTION pos_fiscal_enqueue_returns();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_fiscal_enqueue ON public.sales;
--> statement-breakpoint
CREATE TRIGGER sales_fiscal_enqueue
  AFTER INSERT ON public.sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION pos_fiscal_enqueue_sales();
