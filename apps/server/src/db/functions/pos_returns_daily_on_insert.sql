-- Trigger (returns, after insert, per statement): the completed returns, summed into returns_daily per
-- branch and local day of created_at, upserted in key order.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_on_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded)
  SELECT n.company_id, n.branch_id, (n.created_at AT TIME ZONE b.timezone)::date, count(*), sum(n.refund_amount)
  FROM new_returns n
  JOIN branches b ON b.company_id = n.company_id AND b.id = n.branch_id
  WHERE n.status = 'completed'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded;
  RETURN NULL;
END $function$;
