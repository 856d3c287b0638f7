-- Adds (sign 1) or removes (sign -1) one completed return's whole contribution to returns_daily, its items
-- included.
CREATE OR REPLACE FUNCTION public.pos_returns_daily_apply(r returns, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  local_day date;
  items numeric;
  goods numeric;
BEGIN
  IF r.status <> 'completed' THEN
    RETURN;
  END IF;
  SELECT (r.created_at AT TIME ZONE b.timezone)::date INTO local_day
  FROM branches b WHERE b.company_id = r.company_id AND b.id = r.branch_id;
  SELECT coalesce(sum(quantity), 0), coalesce(sum(return_items.goods), 0) INTO items, goods
  FROM return_items WHERE company_id = r.company_id AND return_id = r.id;
  INSERT INTO returns_daily AS d (company_id, branch_id, day, returns_count, refunded, items_returned, returned_subtotal)
  VALUES (r.company_id, r.branch_id, local_day, sign, sign * r.refund_amount, sign * items, sign * goods)
  ON CONFLICT (company_id, branch_id, day) DO UPDATE SET
    returns_count = d.returns_count + excluded.returns_count,
    refunded = d.refunded + excluded.refunded,
    items_returned = d.items_returned + excluded.items_returned,
    returned_subtotal = d.returned_subtotal + excluded.returned_subtotal;
END $function$;
