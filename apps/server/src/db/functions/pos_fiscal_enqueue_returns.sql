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
