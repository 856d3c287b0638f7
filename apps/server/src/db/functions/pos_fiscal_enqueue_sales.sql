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
